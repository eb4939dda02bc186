package kubelettest

import (
	"context"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func indexedJob(name string, n int32, command []string) *batchv1.Job {
	return &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: batchv1.JobSpec{
			Completions:          &n,
			Parallelism:          &n,
			CompletionMode:       new(batchv1.IndexedCompletion),
			BackoffLimitPerIndex: new(int32(1)),
			Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
				RestartPolicy: corev1.RestartPolicyNever,
				Containers: []corev1.Container{{
					Name: "main", Image: "dbgauge:test", Command: command,
					TerminationMessagePolicy: corev1.TerminationMessageFallbackToLogsOnError,
				}},
			}},
		},
	}
}

func plainPod(name, image string, command ...string) *corev1.Pod {
	return &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"app": name}},
		Spec: corev1.PodSpec{
			RestartPolicy: corev1.RestartPolicyNever,
			Containers:    []corev1.Container{{Name: "main", Image: image, Command: command}},
		},
	}
}

// poll calls f every 100 ms until it returns true or ctx ends.
func poll(ctx context.Context, t *testing.T, what string, f func() bool) {
	t.Helper()
	for !f() {
		select {
		case <-ctx.Done():
			t.Fatalf("timed out waiting for %s", what)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// waitPod waits for a pod matching selector for which ok holds.
func waitPod(ctx context.Context, t *testing.T, cs kubernetes.Interface, ns, selector string, ok func(*corev1.Pod) bool) *corev1.Pod {
	t.Helper()
	var found *corev1.Pod
	poll(ctx, t, "a pod "+selector, func() bool {
		l, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
		if err != nil {
			t.Fatal(err)
		}
		for i := range l.Items {
			if ok(&l.Items[i]) {
				found = &l.Items[i]
				return true
			}
		}
		return false
	})
	return found
}

// waitJob waits for the Job to be Complete or Failed.
func waitJob(ctx context.Context, t *testing.T, cs kubernetes.Interface, ns, name string) *batchv1.Job {
	t.Helper()
	var job *batchv1.Job
	poll(ctx, t, "job "+name+" to finish", func() bool {
		var err error
		if job, err = cs.BatchV1().Jobs(ns).Get(ctx, name, metav1.GetOptions{}); err != nil {
			t.Fatal(err)
		}
		for _, c := range job.Status.Conditions {
			if (c.Type == batchv1.JobComplete || c.Type == batchv1.JobFailed) && c.Status == corev1.ConditionTrue {
				return true
			}
		}
		return false
	})
	return job
}

func waitGone(ctx context.Context, t *testing.T, cs kubernetes.Interface, ns, pod string) {
	t.Helper()
	poll(ctx, t, "pod "+pod+" to disappear", func() bool {
		_, err := cs.CoreV1().Pods(ns).Get(ctx, pod, metav1.GetOptions{})
		if err != nil && !apierrors.IsNotFound(err) {
			t.Fatal(err)
		}
		return apierrors.IsNotFound(err)
	})
}

// cleanup deletes what the test created. The control plane has no namespace
// controller: the namespace's objects are deleted here, then the namespace
// is finalized by hand. It runs after the kubelet's Stop (which killed the
// processes), so pods are deleted with grace period 0 directly.
func cleanup(t *testing.T, cs kubernetes.Interface, ns string) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	bg := metav1.DeletePropagationBackground
	_ = cs.BatchV1().Jobs(ns).DeleteCollection(ctx, metav1.DeleteOptions{PropagationPolicy: &bg}, metav1.ListOptions{})
	now := int64(0)
	_ = cs.CoreV1().Pods(ns).DeleteCollection(ctx, metav1.DeleteOptions{GracePeriodSeconds: &now}, metav1.ListOptions{})
	_ = cs.CoreV1().Secrets(ns).DeleteCollection(ctx, metav1.DeleteOptions{}, metav1.ListOptions{})
	// Pods keep the job controller's finalizer until it has counted them.
	for ctx.Err() == nil {
		l, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
		if err != nil || len(l.Items) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err := cs.CoreV1().Namespaces().Delete(ctx, ns, metav1.DeleteOptions{}); err != nil {
		t.Logf("deleting namespace %s: %v", ns, err)
		return
	}
	n, err := cs.CoreV1().Namespaces().Get(ctx, ns, metav1.GetOptions{})
	if err != nil {
		return
	}
	n.Spec.Finalizers = nil
	if _, err := cs.CoreV1().Namespaces().Finalize(ctx, n, metav1.UpdateOptions{}); err != nil {
		t.Logf("finalizing namespace %s: %v", ns, err)
	}
}
