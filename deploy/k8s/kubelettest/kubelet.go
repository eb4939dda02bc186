// Package kubelettest plays the kubelet of one node against a real
// kube-apiserver, for tests of code that runs Kubernetes Jobs.
//
// scripts/k8s starts a control plane with no kubelet, scheduler or container
// runtime. A Kubelet from this package registers a Node, binds its
// namespace's unscheduled pods to it (as the scheduler would) and runs each
// pod's container command as a local process: the image is ignored and
// command[0] is mapped to a local executable through Config.Commands. It
// resolves the container's environment as the kubelet does (values with
// $(VAR) references, the downward API's fieldRef and resourceFieldRef,
// Secrets and ConfigMaps, envFrom), expands $(VAR) in command and args, and
// reports the pod's lifecycle through the status subresource (Running, then
// Succeeded or Failed with the exact exit code, 128+n for a signal n) so
// that the job controller counts completions, failures, per-index back-off
// and podFailurePolicy rules on real statuses. A deleted pod has its process
// killed (SIGTERM, SIGKILL after the grace period capped at 5 s), gets a
// terminal status and is deleted with grace period 0, the kubelet's final
// delete. It serves the kubelet's /containerLogs over HTTPS, so the API's
// pods/log subresource (client-go's GetLogs) returns the process's output,
// followed or not.
//
// Deliberate simplifications: volumes and volumeMounts are ignored (mount
// paths are paths of the image's file system), workingDir is ignored (the
// process runs in a fresh directory under Config.Dir, kept across restarts),
// terminationMessagePath is not read (the termination message is only the
// log fallback of FallbackToLogsOnError), service-link variables are not
// injected, resources are not enforced, nodeSelector, affinity and taints are
// not checked, only single-container pods without init containers run, a
// restart (restartPolicy OnFailure or Always) waits 1 s instead of the
// kubelet's growing back-off, and the log endpoint ignores timestamps,
// sinceSeconds and sinceTime and refuses stream=Stdout/Stderr (both go to
// one file). Each process runs in its own process group, killed as a whole
// when the process exits, as a container's processes die with it. One
// Kubelet per namespace: two would both bind its pods.
package kubelettest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

// Config configures a Kubelet.
type Config struct {
	// Rest holds credentials allowed to manage nodes, pods and their
	// status, and to read Secrets and ConfigMaps (the tests' administrator).
	Rest *rest.Config
	// Namespace is the namespace whose pods this kubelet binds and runs.
	Namespace string
	// Node is the name of the Node to register, e.g. "dbgauge-test-node".
	// Two Kubelets running at the same time need different names.
	Node string
	// Commands maps a container's command[0] (after $(VAR) expansion) to a
	// local executable, e.g. "dbgauge" -> "/tmp/x/dbgauge". A command[0]
	// missing from the map is looked up again by its base name, so
	// "/usr/local/bin/dbgauge" also maps through "dbgauge". A pod whose
	// command maps to nothing fails with reason StartError and exit code 128,
	// as a container whose executable is not found.
	Commands map[string]string
	// CACert and CAKey are PEM files of the CA that signs the kubelet's
	// serving certificate (for 127.0.0.1 and Node); the apiserver verifies
	// it when started with --kubelet-certificate-authority.
	CACert, CAKey string
	// Dir receives one working directory and the log files per pod (use
	// t.TempDir()).
	Dir string
	// BaseEnv is the environment every process gets before the pod's own
	// variables (which win on duplicates): PATH, HOME, TMPDIR...
	BaseEnv []string
	// NeverStart, if non-nil and it returns true for a pod, leaves that pod
	// Pending with its container waiting for the given reason and message
	// (e.g. "ImagePullBackOff", `Back-off pulling image "x"`).
	NeverStart func(*corev1.Pod) (reason, message string, never bool)
}

// Kubelet is a running stand-in kubelet. Stop it when the test ends.
type Kubelet struct {
	cfg    Config
	cs     kubernetes.Interface
	ip     string // node, host and pod IP
	ctx    context.Context
	cancel context.CancelFunc
	queue  workqueue.TypedRateLimitingInterface[string]
	pods   corelisters.PodLister
	srv    *http.Server
	wg     sync.WaitGroup // workers and pod runners
	once   sync.Once

	mu      sync.Mutex
	runs    map[string]*podRun // by namespace/name
	started []string
}

// Start registers the node, starts serving container logs and starts running
// the namespace's pods. It returns once the pod informer has synced.
func Start(ctx context.Context, cfg Config) (*Kubelet, error) {
	if cfg.Rest == nil || cfg.Namespace == "" || cfg.Node == "" || cfg.Dir == "" {
		return nil, errors.New("kubelettest: Config needs Rest, Namespace, Node and Dir")
	}
	rc := rest.CopyConfig(cfg.Rest)
	if rc.QPS == 0 {
		// A kubelet writes statuses in bursts; client-go's default of
		// 5 requests/s would pace the job controller's view of them.
		rc.QPS, rc.Burst = 100, 200
	}
	cs, err := kubernetes.NewForConfig(rc)
	if err != nil {
		return nil, fmt.Errorf("kubelettest: %w", err)
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("kubelettest: %w", err)
	}
	k := &Kubelet{
		cfg:  cfg,
		cs:   cs,
		ip:   "127.0.0.1",
		runs: map[string]*podRun{},
		queue: workqueue.NewTypedRateLimitingQueue(
			workqueue.NewTypedItemExponentialFailureRateLimiter[string](100*time.Millisecond, 2*time.Second)),
	}
	// The kubelet's own context outlives Start's ctx: it ends at Stop.
	k.ctx, k.cancel = context.WithCancel(context.Background())

	tlsCfg, err := servingTLS(cfg.CACert, cfg.CAKey, k.ip, cfg.Node)
	if err != nil {
		return nil, fmt.Errorf("kubelettest: serving certificate: %w", err)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(k.ip, "0"))
	if err != nil {
		return nil, fmt.Errorf("kubelettest: %w", err)
	}
	k.srv = &http.Server{Handler: k.handler(), TLSConfig: tlsCfg, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = k.srv.ServeTLS(ln, "", "") }()

	if err := k.registerNode(ctx, ln.Addr().(*net.TCPAddr).Port); err != nil {
		k.stop(false)
		return nil, fmt.Errorf("kubelettest: registering node %s: %w", cfg.Node, err)
	}

	factory := informers.NewSharedInformerFactoryWithOptions(cs, 0, informers.WithNamespace(cfg.Namespace))
	inf := factory.Core().V1().Pods()
	k.pods = inf.Lister()
	enqueue := func(obj any) {
		if key, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); err == nil {
			k.queue.Add(key)
		}
	}
	if _, err := inf.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    enqueue,
		UpdateFunc: func(_, obj any) { enqueue(obj) },
		DeleteFunc: enqueue,
	}); err != nil {
		k.stop(true)
		return nil, fmt.Errorf("kubelettest: %w", err)
	}
	factory.Start(k.ctx.Done())
	if !cache.WaitForCacheSync(ctx.Done(), inf.Informer().HasSynced) {
		k.stop(true)
		factory.Shutdown()
		return nil, errors.New("kubelettest: pod informer did not sync")
	}
	for range 4 {
		k.wg.Go(k.work)
	}
	k.wg.Go(func() {
		<-k.ctx.Done()
		k.queue.ShutDown()
		factory.Shutdown()
	})
	return k, nil
}

// Stop kills every running process, stops serving logs and deletes the Node.
// Pods are left as they are. Stop may be called more than once.
func (k *Kubelet) Stop() { k.stop(true) }

func (k *Kubelet) stop(deleteNode bool) {
	k.once.Do(func() {
		k.cancel()
		k.queue.ShutDown()
		k.mu.Lock()
		for _, r := range k.runs {
			r.killNow()
		}
		k.mu.Unlock()
		k.wg.Wait()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = k.srv.Shutdown(ctx)
		if deleteNode {
			_ = k.cs.CoreV1().Nodes().Delete(ctx, k.cfg.Node, deleteNow())
		}
	})
}

// Started returns the names of the pods whose process this kubelet started,
// in the order it started them (a restarted container is listed once).
func (k *Kubelet) Started() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.started...)
}

func (k *Kubelet) work() {
	for {
		key, shutdown := k.queue.Get()
		if shutdown {
			return
		}
		if err := k.sync(key); err != nil && k.ctx.Err() == nil {
			k.queue.AddRateLimited(key)
		} else {
			k.queue.Forget(key)
		}
		k.queue.Done(key)
	}
}

// lookupRun returns the run of pod namespace/name, if any.
func (k *Kubelet) lookupRun(ns, name string) *podRun {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.runs[ns+"/"+name]
}
