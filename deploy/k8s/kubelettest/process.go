package kubelettest

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// start runs the container once and returns how it ended; nil if the pod
// was deleted before it could start.
func (k *Kubelet) start(r *podRun, pod *corev1.Pod, exe string, argv, environ []string, restarts int32, last *corev1.ContainerStateTerminated) *corev1.ContainerStateTerminated {
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return startError(err.Error())
	}
	logPath := fmt.Sprintf("%s.%s.%d.log", r.dir, r.container, restarts)
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return startError(err.Error())
	}
	defer logf.Close()
	cmd := exec.Command(exe)
	cmd.Args = argv // argv[0] as the pod spells it, as in a container
	cmd.Env, cmd.Dir = environ, r.dir
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}

	r.mu.Lock()
	if r.killing || k.ctx.Err() != nil {
		r.mu.Unlock()
		return nil
	}
	if err := cmd.Start(); err != nil {
		r.mu.Unlock()
		return startError(err.Error())
	}
	at := &attempt{log: logPath, done: make(chan struct{})}
	r.proc, r.waiting = cmd.Process, ""
	r.attempts = append(r.attempts, at)
	r.mu.Unlock()
	startedAt := metav1.Now()
	if restarts == 0 {
		k.mu.Lock()
		k.started = append(k.started, pod.Name)
		k.mu.Unlock()
	}
	pid := cmd.Process.Pid
	k.setStatus(r.name, r.uid, func(st *corev1.PodStatus) {
		k.runningStatus(pod, st, "dbgauge-test://"+strconv.Itoa(pid), startedAt, restarts, last)
	})

	_ = cmd.Wait()
	// The container's other processes die with it.
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	r.mu.Lock()
	r.proc = nil
	r.mu.Unlock()
	close(at.done)

	term := &corev1.ContainerStateTerminated{
		ExitCode:    int32(exitCode(cmd.ProcessState)),
		Reason:      "Completed",
		StartedAt:   startedAt,
		FinishedAt:  metav1.Now(),
		ContainerID: "dbgauge-test://" + strconv.Itoa(pid),
	}
	if term.ExitCode != 0 {
		term.Reason = "Error"
		if pod.Spec.Containers[0].TerminationMessagePolicy == corev1.TerminationMessageFallbackToLogsOnError {
			term.Message = logTail(logPath, terminationMessageLines, terminationMessageBytes)
		}
	}
	return term
}

// exitCode is the container runtime's exit code: the status, or 128+signal.
func exitCode(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ps.ExitCode()
}

// startError is the state of a container that could not be started, as
// containerd reports it.
func startError(msg string) *corev1.ContainerStateTerminated {
	now := metav1.Now()
	return &corev1.ContainerStateTerminated{ExitCode: 128, Reason: "StartError", Message: msg, StartedAt: metav1.Unix(0, 0), FinishedAt: now}
}
