package kubelettest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/cache"
)

// maxGrace caps the termination grace period of deleted pods.
const maxGrace = 5 * time.Second

// podRun is this kubelet's record of one pod it took on.
type podRun struct {
	ns, name, container string
	uid                 types.UID
	dir                 string        // the process's working directory
	kill                chan struct{} // closed when the pod is being deleted
	finished            chan struct{} // closed when the runner has written the final status

	mu       sync.Mutex
	killing  bool
	deleted  bool        // the final delete was sent
	waiting  string      // reason while the container is not running
	proc     *os.Process // the running attempt's process
	attempts []*attempt  // one per container start
	gone     bool        // the pod object disappeared: no more status writes
}

// attempt is one start of the container.
type attempt struct {
	log  string        // stdout and stderr
	done chan struct{} // closed when the process has exited
}

// killNow SIGKILLs the running process group, if any.
func (r *podRun) killNow() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.proc != nil {
		_ = syscall.Kill(-r.proc.Pid, syscall.SIGKILL)
	}
}

// sync brings the pod namespace/name one step further, as the scheduler and
// the kubelet would. It returns an error to be retried.
func (k *Kubelet) sync(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	pod, err := k.pods.Pods(ns).Get(name)
	if apierrors.IsNotFound(err) {
		// Gone (after the final delete, or force-deleted): nothing may
		// outlive it.
		if r := k.lookupRun(ns, name); r != nil {
			r.mu.Lock()
			r.gone = true
			r.mu.Unlock()
			k.terminate(r, 0)
		}
		return nil
	}
	if err != nil {
		return err
	}
	if pod.Spec.NodeName == "" {
		if pod.DeletionTimestamp != nil {
			return nil
		}
		return k.bind(pod)
	}
	if pod.Spec.NodeName != k.cfg.Node {
		return nil
	}

	k.mu.Lock()
	r := k.runs[key]
	if r != nil && r.uid != pod.UID {
		// A new pod with the same name: the old one's process must go.
		old := r
		r = nil
		defer k.terminate(old, 0)
	}
	terminal := pod.Status.Phase == corev1.PodSucceeded || pod.Status.Phase == corev1.PodFailed
	if r == nil && !(terminal || pod.DeletionTimestamp != nil) {
		r = &podRun{
			ns: ns, name: name, container: pod.Spec.Containers[0].Name, uid: pod.UID,
			dir:      filepath.Join(k.cfg.Dir, ns+"_"+name+"_"+string(pod.UID)[:8]),
			kill:     make(chan struct{}),
			finished: make(chan struct{}),
		}
		k.runs[key] = r
		k.wg.Go(func() { k.run(r, pod.DeepCopy()) })
	}
	k.mu.Unlock()

	if pod.DeletionTimestamp == nil {
		return nil
	}
	if r == nil {
		// Deleted before this kubelet ran it, or already terminal.
		if !terminal {
			k.setStatus(pod.Name, pod.UID, func(st *corev1.PodStatus) { k.unknownStatus(pod, st) })
		}
		return k.finalDelete(pod.Namespace, pod.Name, pod.UID)
	}
	grace := maxGrace
	if g := pod.DeletionGracePeriodSeconds; g != nil && time.Duration(*g)*time.Second < grace {
		grace = time.Duration(*g) * time.Second
	}
	k.terminate(r, grace)
	select {
	case <-r.finished: // the runner requeues the pod when it finishes
	default:
		return nil
	}
	r.mu.Lock()
	done := r.deleted || r.gone
	r.mu.Unlock()
	if done {
		return nil
	}
	if err := k.finalDelete(r.ns, r.name, r.uid); err != nil {
		return err
	}
	r.mu.Lock()
	r.deleted = true
	r.mu.Unlock()
	return nil
}

// bind assigns an unscheduled pod to this node as the scheduler does.
func (k *Kubelet) bind(pod *corev1.Pod) error {
	err := k.cs.CoreV1().Pods(pod.Namespace).Bind(k.ctx, &corev1.Binding{
		ObjectMeta: metav1.ObjectMeta{Name: pod.Name, UID: pod.UID},
		Target:     corev1.ObjectReference{Kind: "Node", Name: k.cfg.Node},
	}, metav1.CreateOptions{})
	if apierrors.IsConflict(err) || apierrors.IsNotFound(err) {
		return nil // bound meanwhile, or gone
	}
	return err
}

// terminate stops the run: SIGTERM to its process group, SIGKILL after
// grace. It returns without waiting; the runner writes the final status.
func (k *Kubelet) terminate(r *podRun, grace time.Duration) {
	r.mu.Lock()
	first := !r.killing
	if first {
		r.killing = true
		close(r.kill)
	}
	proc := r.proc
	r.mu.Unlock()
	if !first || proc == nil {
		return
	}
	if grace <= 0 {
		_ = syscall.Kill(-proc.Pid, syscall.SIGKILL)
		return
	}
	_ = syscall.Kill(-proc.Pid, syscall.SIGTERM)
	k.wg.Go(func() {
		select {
		case <-r.finished:
		case <-time.After(grace):
			r.killNow()
		case <-k.ctx.Done():
		}
	})
}

// finalDelete is the kubelet's last word on a terminated pod: delete with
// grace period 0 (finalizers, like the job controller's, still hold it).
func (k *Kubelet) finalDelete(ns, name string, uid types.UID) error {
	opts := deleteNow()
	opts.Preconditions = &metav1.Preconditions{UID: &uid}
	err := k.cs.CoreV1().Pods(ns).Delete(k.ctx, name, opts)
	if apierrors.IsNotFound(err) || apierrors.IsConflict(err) {
		return nil
	}
	return err
}

func deleteNow() metav1.DeleteOptions {
	zero := int64(0)
	return metav1.DeleteOptions{GracePeriodSeconds: &zero}
}

// run is the life of one pod on this node: wait for its configuration, start
// the container, restart it if its policy says so, and report the end.
func (k *Kubelet) run(r *podRun, pod *corev1.Pod) {
	defer func() {
		close(r.finished)
		k.queue.Add(r.ns + "/" + r.name) // for the final delete
	}()
	c := &pod.Spec.Containers[0]
	set := func(f func(*corev1.PodStatus)) { k.setStatus(r.name, r.uid, f) }
	fail := func(msg string) {
		r.mu.Lock()
		r.waiting = "StartError"
		r.mu.Unlock()
		set(func(st *corev1.PodStatus) { k.finalStatus(pod, st, startError(msg), 0, nil) })
	}
	// wait reports the container waiting and returns false when the pod
	// is deleted (or the kubelet stops) before retry elapses.
	wait := func(reason, msg string, retry time.Duration) bool {
		r.mu.Lock()
		r.waiting = reason
		r.mu.Unlock()
		set(func(st *corev1.PodStatus) { k.waitingStatus(pod, st, reason, msg) })
		var after <-chan time.Time
		if retry > 0 {
			after = time.After(retry)
		}
		select {
		case <-after:
			return true
		case <-r.kill:
			set(func(st *corev1.PodStatus) { k.unknownStatus(pod, st) })
		case <-k.ctx.Done():
		}
		return false
	}

	switch {
	case len(pod.Spec.InitContainers) > 0:
		fail("kubelettest: init containers are not supported")
		return
	case len(pod.Spec.Containers) != 1:
		fail("kubelettest: only pods with a single container are supported")
		return
	}
	if k.cfg.NeverStart != nil {
		if reason, msg, never := k.cfg.NeverStart(pod); never {
			wait(reason, msg, 0)
			return
		}
	}
	var env []envVar
	for {
		var err error
		if env, err = resolveEnv(k.ctx, k.cs, pod, c, k.ip); err == nil {
			break
		}
		if !wait("CreateContainerConfigError", err.Error(), time.Second) {
			return
		}
	}
	vars := map[string]string{}
	for _, e := range env {
		vars[e.name] = e.value
	}
	mapping := mappingFor(vars)
	var argv []string
	for _, s := range append(append([]string(nil), c.Command...), c.Args...) {
		argv = append(argv, expand(s, mapping))
	}
	if len(c.Command) == 0 {
		fail(fmt.Sprintf("kubelettest: container %q has no command (image entrypoints cannot run here)", c.Name))
		return
	}
	exe, ok := k.cfg.Commands[argv[0]]
	if !ok {
		exe, ok = k.cfg.Commands[filepath.Base(argv[0])]
	}
	if !ok {
		fail(fmt.Sprintf("exec: %q: executable file not found in $PATH (kubelettest: no Config.Commands entry)", argv[0]))
		return
	}
	environ := append([]string(nil), k.cfg.BaseEnv...)
	for _, e := range env {
		environ = append(environ, e.name+"="+e.value)
	}

	var last *corev1.ContainerStateTerminated
	for restarts := int32(0); ; restarts++ {
		term := k.start(r, pod, exe, argv, environ, restarts, last)
		if term == nil { // deleted, or the kubelet stopped, before it started
			if k.ctx.Err() == nil {
				set(func(st *corev1.PodStatus) { k.unknownStatus(pod, st) })
			}
			return
		}
		if term.Reason == "StartError" {
			fail(term.Message)
			return
		}
		policy := pod.Spec.RestartPolicy
		again := policy == corev1.RestartPolicyAlways || (policy == corev1.RestartPolicyOnFailure && term.ExitCode != 0)
		r.mu.Lock()
		killing := r.killing
		r.mu.Unlock()
		if !again || killing || k.ctx.Err() != nil {
			if k.ctx.Err() == nil {
				set(func(st *corev1.PodStatus) { k.finalStatus(pod, st, term, restarts, last) })
			}
			return
		}
		last = term
		msg := fmt.Sprintf("back-off 1s restarting failed container=%s pod=%s_%s(%s)", c.Name, pod.Name, pod.Namespace, pod.UID)
		set(func(st *corev1.PodStatus) { k.restartingStatus(pod, st, restarts+1, last, msg) })
		select {
		case <-time.After(time.Second):
		case <-r.kill:
			set(func(st *corev1.PodStatus) { k.finalStatus(pod, st, last, restarts, nil) })
			return
		case <-k.ctx.Done():
			return
		}
	}
}
