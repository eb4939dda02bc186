package kubelettest

import (
	"context"
	"fmt"
	"maps"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// envVar is one resolved environment variable of a container.
type envVar struct{ name, value string }

// resolveEnv computes a container's environment as the kubelet's
// makeEnvironmentVariables does: envFrom first (later sources win), then env
// in order, where a literal value may reference variables defined before it
// with $(NAME). Secrets and ConfigMaps are read through the API; optional
// sources that do not exist are skipped. Service links
// (KUBERNETES_SERVICE_HOST...) are not injected: no service would be reachable
// from a local process anyway. The result keeps first-definition order.
func resolveEnv(ctx context.Context, cs kubernetes.Interface, pod *corev1.Pod, c *corev1.Container, podIP string) ([]envVar, error) {
	var (
		configMaps = map[string]*corev1.ConfigMap{}
		secrets    = map[string]*corev1.Secret{}
		vals       = map[string]string{}
		order      []string
	)
	set := func(k, v string) {
		if _, ok := vals[k]; !ok {
			order = append(order, k)
		}
		vals[k] = v
	}
	getCM := func(name string) (*corev1.ConfigMap, error) {
		if cm, ok := configMaps[name]; ok {
			return cm, nil
		}
		cm, err := cs.CoreV1().ConfigMaps(pod.Namespace).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		configMaps[name] = cm
		return cm, nil
	}
	getSecret := func(name string) (*corev1.Secret, error) {
		if s, ok := secrets[name]; ok {
			return s, nil
		}
		s, err := cs.CoreV1().Secrets(pod.Namespace).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		secrets[name] = s
		return s, nil
	}
	optional := func(p *bool) bool { return p != nil && *p }

	for _, from := range c.EnvFrom {
		switch {
		case from.ConfigMapRef != nil:
			cm, err := getCM(from.ConfigMapRef.Name)
			if err != nil {
				if apierrors.IsNotFound(err) && optional(from.ConfigMapRef.Optional) {
					continue
				}
				return nil, err
			}
			for _, k := range sortedKeys(cm.Data) {
				set(from.Prefix+k, cm.Data[k])
			}
		case from.SecretRef != nil:
			s, err := getSecret(from.SecretRef.Name)
			if err != nil {
				if apierrors.IsNotFound(err) && optional(from.SecretRef.Optional) {
					continue
				}
				return nil, err
			}
			for _, k := range sortedKeys(s.Data) {
				set(from.Prefix+k, string(s.Data[k]))
			}
		}
	}

	mapping := mappingFor(vals)
	for _, e := range c.Env {
		v := e.Value
		switch {
		case v != "":
			v = expand(v, mapping)
		case e.ValueFrom == nil:
		case e.ValueFrom.FieldRef != nil:
			var err error
			if v, err = fieldRefValue(pod, e.ValueFrom.FieldRef.FieldPath, podIP); err != nil {
				return nil, err
			}
		case e.ValueFrom.ResourceFieldRef != nil:
			var err error
			if v, err = resourceFieldValue(c, e.ValueFrom.ResourceFieldRef); err != nil {
				return nil, err
			}
		case e.ValueFrom.ConfigMapKeyRef != nil:
			ref := e.ValueFrom.ConfigMapKeyRef
			cm, err := getCM(ref.Name)
			if err != nil {
				if apierrors.IsNotFound(err) && optional(ref.Optional) {
					continue
				}
				return nil, err
			}
			var ok bool
			if v, ok = cm.Data[ref.Key]; !ok {
				if optional(ref.Optional) {
					continue
				}
				return nil, fmt.Errorf("couldn't find key %v in ConfigMap %v/%v", ref.Key, pod.Namespace, ref.Name)
			}
		case e.ValueFrom.SecretKeyRef != nil:
			ref := e.ValueFrom.SecretKeyRef
			s, err := getSecret(ref.Name)
			if err != nil {
				if apierrors.IsNotFound(err) && optional(ref.Optional) {
					continue
				}
				return nil, err
			}
			b, ok := s.Data[ref.Key]
			if !ok {
				if optional(ref.Optional) {
					continue
				}
				return nil, fmt.Errorf("couldn't find key %v in Secret %v/%v", ref.Key, pod.Namespace, ref.Name)
			}
			v = string(b)
		default:
			return nil, fmt.Errorf("kubelettest: env %s: only value, fieldRef, resourceFieldRef, configMapKeyRef and secretKeyRef are supported", e.Name)
		}
		set(e.Name, v)
	}

	out := make([]envVar, 0, len(order))
	for _, k := range order {
		out = append(out, envVar{k, vals[k]})
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// fieldRefValue resolves a downward-API field path (the subset a kubelet
// supports for env vars).
func fieldRefValue(pod *corev1.Pod, path, podIP string) (string, error) {
	if k, ok := subscript(path, "metadata.annotations"); ok {
		return pod.Annotations[k], nil
	}
	if k, ok := subscript(path, "metadata.labels"); ok {
		return pod.Labels[k], nil
	}
	switch path {
	case "metadata.name":
		return pod.Name, nil
	case "metadata.namespace":
		return pod.Namespace, nil
	case "metadata.uid":
		return string(pod.UID), nil
	case "metadata.annotations":
		return formatMap(pod.Annotations), nil
	case "metadata.labels":
		return formatMap(pod.Labels), nil
	case "spec.nodeName":
		return pod.Spec.NodeName, nil
	case "spec.serviceAccountName":
		return pod.Spec.ServiceAccountName, nil
	case "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs":
		return podIP, nil
	}
	return "", fmt.Errorf("unsupported fieldRef fieldPath %q", path)
}

// resourceFieldValue resolves a container resource for the downward API as
// the kubelet does: an unset limit is the node's allocatable amount, the
// value is rounded up in units of the divisor (default 1).
func resourceFieldValue(c *corev1.Container, ref *corev1.ResourceFieldSelector) (string, error) {
	if ref.ContainerName != "" && ref.ContainerName != c.Name {
		return "", fmt.Errorf("resourceFieldRef: container %q not supported (single-container pods only)", ref.ContainerName)
	}
	kind, name, _ := strings.Cut(ref.Resource, ".")
	list := c.Resources.Requests
	if kind == "limits" {
		list = corev1.ResourceList{}
		maps.Copy(list, nodeAllocatable())
		maps.Copy(list, c.Resources.Limits)
	} else if kind != "requests" {
		return "", fmt.Errorf("unsupported container resource : %v", ref.Resource)
	}
	q := list[corev1.ResourceName(name)]
	divisor := ref.Divisor
	if divisor.IsZero() {
		divisor = resource.MustParse("1")
	}
	var v float64
	switch corev1.ResourceName(name) {
	case corev1.ResourceCPU:
		v = math.Ceil(float64(q.MilliValue()) / float64(divisor.MilliValue()))
	case corev1.ResourceMemory, corev1.ResourceEphemeralStorage:
		v = math.Ceil(float64(q.Value()) / float64(divisor.Value()))
	default:
		return "", fmt.Errorf("unsupported container resource : %v", ref.Resource)
	}
	return strconv.FormatInt(int64(v), 10), nil
}

// subscript parses "prefix['key']".
func subscript(path, prefix string) (string, bool) {
	rest, ok := strings.CutPrefix(path, prefix+"['")
	if !ok {
		return "", false
	}
	return strings.CutSuffix(rest, "']")
}

// formatMap renders a map as the downward API does: sorted key="value" lines.
func formatMap(m map[string]string) string {
	var b strings.Builder
	for _, k := range sortedKeys(m) {
		fmt.Fprintf(&b, "%s=%q\n", k, m[k])
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// mappingFor returns the kubelet's expansion mapping: a defined variable's
// value, otherwise the reference itself, $(NAME), left literal.
func mappingFor(vars map[string]string) func(string) string {
	return func(name string) string {
		if v, ok := vars[name]; ok {
			return v
		}
		return "$(" + name + ")"
	}
}

// expand is the kubelet's $(VAR) expansion (third_party/forked/golang/
// expansion): $(NAME) is replaced through mapping, $$ is an escaped $, and
// any other $ (including an unclosed "$(") stays as written.
func expand(input string, mapping func(string) string) string {
	var buf strings.Builder
	checkpoint := 0
	for cursor := 0; cursor < len(input); cursor++ {
		if input[cursor] != '$' || cursor+1 >= len(input) {
			continue
		}
		buf.WriteString(input[checkpoint:cursor])
		read, isVar, advance := readVariableName(input[cursor+1:])
		if isVar {
			buf.WriteString(mapping(read))
		} else {
			buf.WriteString(read)
		}
		cursor += advance
		checkpoint = cursor + 1
	}
	return buf.String() + input[checkpoint:]
}

func readVariableName(input string) (string, bool, int) {
	r, size := utf8.DecodeRuneInString(input)
	switch r {
	case '$':
		return input[:size], false, size
	case '(':
		for i := 1; i < len(input); i++ {
			if input[i] == ')' {
				return input[1:i], true, i + 1
			}
		}
		return "$(", false, 1
	default:
		return "$" + string(r), false, size
	}
}
