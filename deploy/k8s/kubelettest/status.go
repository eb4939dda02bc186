package kubelettest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
)

// setStatus applies mutate to the pod's current status and writes it
// through the status subresource, retrying on conflicts (the job controller
// edits the same pods' finalizers). A pod that is gone, or that was replaced
// by another with the same name, is left alone.
func (k *Kubelet) setStatus(name string, uid types.UID, mutate func(*corev1.PodStatus)) {
	pods := k.cs.CoreV1().Pods(k.cfg.Namespace)
	_ = retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		pod, err := pods.Get(k.ctx, name, metav1.GetOptions{})
		if err != nil {
			if apierrors.IsNotFound(err) {
				return nil
			}
			return err
		}
		if pod.UID != uid {
			return nil
		}
		mutate(&pod.Status)
		_, err = pods.UpdateStatus(k.ctx, pod, metav1.UpdateOptions{})
		return err
	})
}

// podIPs fills what the kubelet reports about the sandbox: host and pod IP,
// and the start time (when the kubelet first took the pod on).
func (k *Kubelet) podIPs(st *corev1.PodStatus) {
	st.HostIP, st.PodIP = k.ip, k.ip
	st.HostIPs = []corev1.HostIP{{IP: k.ip}}
	st.PodIPs = []corev1.PodIP{{IP: k.ip}}
	if st.StartTime == nil {
		now := metav1.Now()
		st.StartTime = &now
	}
}

// setCondition sets a pod condition, keeping its transition time when its
// status does not change.
func setCondition(st *corev1.PodStatus, t corev1.PodConditionType, status corev1.ConditionStatus, reason, msg string) {
	now := metav1.Now()
	c := corev1.PodCondition{Type: t, Status: status, Reason: reason, Message: msg, LastTransitionTime: now}
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			if st.Conditions[i].Status == status {
				c.LastTransitionTime = st.Conditions[i].LastTransitionTime
			}
			st.Conditions[i] = c
			return
		}
	}
	st.Conditions = append(st.Conditions, c)
}

// conditions sets the kubelet-owned pod conditions: ready or not (with the
// reason a kubelet gives), sandbox up unless the pod is terminal.
func conditions(pod *corev1.Pod, st *corev1.PodStatus, ready bool) {
	terminal := st.Phase == corev1.PodSucceeded || st.Phase == corev1.PodFailed
	sandbox := corev1.ConditionTrue
	if terminal {
		sandbox = corev1.ConditionFalse
	}
	setCondition(st, corev1.PodReadyToStartContainers, sandbox, "", "")
	setCondition(st, corev1.PodInitialized, corev1.ConditionTrue, "", "")
	setCondition(st, corev1.PodScheduled, corev1.ConditionTrue, "", "")
	status, reason, msg := corev1.ConditionTrue, "", ""
	switch {
	case ready:
	case terminal:
		status, reason = corev1.ConditionFalse, "PodCompleted"
	default:
		status, reason = corev1.ConditionFalse, "ContainersNotReady"
		msg = fmt.Sprintf("containers with unready status: [%s]", pod.Spec.Containers[0].Name)
	}
	setCondition(st, corev1.ContainersReady, status, reason, msg)
	setCondition(st, corev1.PodReady, status, reason, msg)
}

// containerStatus is the first container's status with the given state.
func containerStatus(pod *corev1.Pod, state corev1.ContainerState, ready bool, id string, restarts int32, last *corev1.ContainerStateTerminated) []corev1.ContainerStatus {
	c := pod.Spec.Containers[0]
	sum := sha256.Sum256([]byte(c.Image))
	cs := corev1.ContainerStatus{
		Name:         c.Name,
		State:        state,
		Ready:        ready,
		Started:      &ready,
		RestartCount: restarts,
		Image:        c.Image,
		ImageID:      c.Image + "@sha256:" + hex.EncodeToString(sum[:]),
		ContainerID:  id,
	}
	if last != nil {
		cs.LastTerminationState.Terminated = last
	}
	if state.Waiting != nil && restarts == 0 && last == nil {
		cs.ImageID = "" // not pulled, as far as anyone knows
	}
	return []corev1.ContainerStatus{cs}
}

func (k *Kubelet) runningStatus(pod *corev1.Pod, st *corev1.PodStatus, id string, startedAt metav1.Time, restarts int32, last *corev1.ContainerStateTerminated) {
	k.podIPs(st)
	st.Phase = corev1.PodRunning
	st.ContainerStatuses = containerStatus(pod, corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: startedAt}}, true, id, restarts, last)
	conditions(pod, st, true)
}

func (k *Kubelet) waitingStatus(pod *corev1.Pod, st *corev1.PodStatus, reason, msg string) {
	k.podIPs(st)
	st.Phase = corev1.PodPending
	st.ContainerStatuses = containerStatus(pod, corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: reason, Message: msg}}, false, "", 0, nil)
	conditions(pod, st, false)
}

// restartingStatus is a container in back-off between two runs: the pod
// stays Running, the last run is the container's lastState.
func (k *Kubelet) restartingStatus(pod *corev1.Pod, st *corev1.PodStatus, restarts int32, last *corev1.ContainerStateTerminated, msg string) {
	k.podIPs(st)
	st.Phase = corev1.PodRunning
	st.ContainerStatuses = containerStatus(pod, corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "CrashLoopBackOff", Message: msg}}, false, "", restarts, last)
	conditions(pod, st, false)
}

// finalStatus is the pod's terminal status after its container ended with
// term: Succeeded when it exited 0, Failed otherwise.
func (k *Kubelet) finalStatus(pod *corev1.Pod, st *corev1.PodStatus, term *corev1.ContainerStateTerminated, restarts int32, last *corev1.ContainerStateTerminated) {
	k.podIPs(st)
	st.Phase = corev1.PodFailed
	if term.ExitCode == 0 {
		st.Phase = corev1.PodSucceeded
	}
	st.ContainerStatuses = containerStatus(pod, corev1.ContainerState{Terminated: term}, false, term.ContainerID, restarts, last)
	conditions(pod, st, false)
}

// unknownStatus is the terminal status of a pod deleted before its
// container ever ran, as the kubelet reports it.
func (k *Kubelet) unknownStatus(pod *corev1.Pod, st *corev1.PodStatus) {
	now := metav1.Now()
	k.finalStatus(pod, st, &corev1.ContainerStateTerminated{
		ExitCode:   137,
		Reason:     "ContainerStatusUnknown",
		Message:    "The container could not be located when the pod was terminated",
		FinishedAt: now,
	}, 0, nil)
}
