package k8s

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	authv1 "k8s.io/api/authorization/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/dbgauge/dbgauge/session"
)

// Client is the launcher's view of a cluster: Jobs, pods and their logs,
// Secrets.
type Client struct {
	api *api
	// Namespace is the kubeconfig context's, "default" if it names none.
	Namespace string
	// Server is the API server's address, for messages.
	Server string
}

// ClusterError is a cluster the launcher cannot use: unreachable, or
// refusing what the launcher must do (RBAC). The CLI exits 3 with it.
type ClusterError struct{ Err error }

func (e *ClusterError) Error() string { return e.Err.Error() }
func (e *ClusterError) Unwrap() error { return e.Err }

// Connect loads the kubeconfig (path, else $KUBECONFIG, else ~/.kube/config,
// with context if given) or, with none of them, the in-cluster config.
// A missing configuration is a usage error.
func Connect(path, context string) (*Client, error) {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	if path != "" {
		if _, err := os.Stat(path); err != nil {
			return nil, session.Usagef("--kubeconfig %s: %v", path, unwrap(err))
		}
		rules.ExplicitPath = path
	}
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: context})
	cfg, err := cc.ClientConfig()
	if err != nil {
		if clientcmd.IsEmptyConfig(err) {
			return nil, session.Usagef("no Kubernetes configuration: give --kubeconfig, set KUBECONFIG, write ~/.kube/config, or run inside a pod")
		}
		return nil, session.Usagef("kubeconfig: %s", oneLine(err))
	}
	ns, _, err := cc.Namespace()
	if err != nil || ns == "" {
		ns = "default"
	}
	return newClient(cfg, ns)
}

func newClient(cfg *rest.Config, ns string) (*Client, error) {
	cfg = rest.CopyConfig(cfg)
	cfg.UserAgent = "dbgauge"
	cfg.QPS, cfg.Burst = 50, 100
	a, err := newAPI(cfg)
	if err != nil {
		return nil, session.Usagef("kubeconfig: %s", oneLine(err))
	}
	return &Client{api: a, Namespace: ns, Server: cfg.Host}, nil
}

// NewClient is a Client over a rest.Config (tests, in-cluster callers).
func NewClient(cfg *rest.Config, ns string) (*Client, error) { return newClient(cfg, ns) }

// A permission the launcher needs, with why.
type permission struct {
	verb, resource, sub, why string
}

// Permissions lists the RBAC rules a launch needs in its namespace; the
// Role in docs/scaling.md (Distributed load on Kubernetes) is these.
func permissions(makesSecret bool) []permission {
	p := []permission{
		{"create", "jobs", "", "submit the Job"},
		{"get", "jobs", "", "follow the Job"},
		{"patch", "jobs", "", "suspend the Job on Ctrl-C or when no shard starts"},
		{"delete", "jobs", "", "remove the Job at the end"},
		{"list", "pods", "", "follow the shards' pods"},
		{"get", "pods", "log", "read the shards' output and results"},
	}
	if makesSecret {
		p = append(p, permission{"create", "secrets", "", "hold the database URL"},
			permission{"delete", "secrets", "", "remove the database URL at the end"})
	}
	return p
}

// CheckAccess asks the API server, before anything is created, whether
// the launcher may do all it must (SelfSubjectAccessReview): a missing
// permission is named with its rule instead of failing half-way. It is
// also the first call, so an unreachable cluster is found here.
func (c *Client) CheckAccess(ctx context.Context, ns string, makesSecret bool) error {
	var missing []string
	for _, p := range permissions(makesSecret) {
		group := ""
		if p.resource == "jobs" {
			group = "batch"
		}
		r, err := c.api.reviewAccess(ctx, &authv1.SelfSubjectAccessReview{Spec: authv1.SelfSubjectAccessReviewSpec{
			ResourceAttributes: &authv1.ResourceAttributes{Namespace: ns, Verb: p.verb, Group: group, Resource: p.resource, Subresource: p.sub}}})
		if err != nil {
			return c.apiError("checking the launcher's permissions", err)
		}
		if !r.Status.Allowed {
			res := p.resource
			if p.sub != "" {
				res += "/" + p.sub
			}
			missing = append(missing, fmt.Sprintf("%s %s (to %s)", p.verb, res, p.why))
		}
	}
	if len(missing) > 0 {
		return &ClusterError{fmt.Errorf("the launcher may not, in namespace %s: %s; grant the Role in docs/scaling.md (Distributed load on Kubernetes, RBAC)", ns, strings.Join(missing, "; "))}
	}
	return nil
}

// apiError words an API error on one line: unreachable and refused
// clusters are ClusterErrors.
func (c *Client) apiError(doing string, err error) error {
	switch {
	case apierrors.IsForbidden(err), apierrors.IsUnauthorized(err):
		return &ClusterError{fmt.Errorf("%s: the API server refused: %s", doing, oneLine(err))}
	case apierrors.IsNotFound(err), apierrors.IsAlreadyExists(err), apierrors.IsInvalid(err), apierrors.IsBadRequest(err):
		return session.Usagef("%s: %s", doing, oneLine(err))
	case errors.Is(err, context.Canceled):
		return err
	}
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		return fmt.Errorf("%s: %s", doing, oneLine(err))
	}
	return &ClusterError{fmt.Errorf("%s: cannot reach the API server at %s: %s", doing, c.Server, oneLine(err))}
}

func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

func unwrap(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
