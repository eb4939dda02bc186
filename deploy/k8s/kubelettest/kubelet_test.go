package kubelettest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/rand"
	"k8s.io/client-go/kubernetes"
)

// shardScript is the Indexed Job's command line. Before the shell sees it,
// the kubelet expands $(JOB_COMPLETION_INDEX), $(SECRET_X) and $(GREETING),
// turns $$ into $ and leaves the undefined $(NOPE) and the shell's
// arithmetic $((...)) as written. Index 1 exits 3.
const shardScript = `echo 'shard $(JOB_COMPLETION_INDEX) secret $(SECRET_X) $(GREETING) escaped $$(SECRET_X) undefined $(NOPE)' "shell $$JOB_COMPLETION_INDEX"; ` +
	`echo "to stderr" >&2; exit $(( JOB_COMPLETION_INDEX == 1 ? 3 : 0 ))`

// shardLog is what index i writes.
func shardLog(i string) string {
	return fmt.Sprintf("shard %s secret s3cr3t hi-s3cr3t escaped $(SECRET_X) undefined $(NOPE) shell %s\nto stderr\n", i, i)
}

// TestKubelet runs everything at once in one namespace (the Indexed Job's
// retry waits the job controller's 10 s back-off), then checks each part.
func TestKubelet(t *testing.T) {
	ns := "kubelettest-" + rand.String(6)
	cfg := FromEnv(t, ns, ns+"-node")
	cfg.Commands = map[string]string{"sh": "/bin/sh"}
	cfg.NeverStart = func(p *corev1.Pod) (string, string, bool) {
		img := p.Spec.Containers[0].Image
		return "ImagePullBackOff", fmt.Sprintf("Back-off pulling image %q", img), img == "example.invalid/never:1"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	cs := kubernetes.NewForConfigOrDie(cfg.Rest)

	if _, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cleanup(t, cs, ns) })
	secret := func(name string) {
		t.Helper()
		if _, err := cs.CoreV1().Secrets(ns).Create(ctx, &corev1.Secret{
			ObjectMeta: metav1.ObjectMeta{Name: name},
			StringData: map[string]string{"x": "s3cr3t"},
		}, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	secret("creds")
	k, err := Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Stop)

	shards := indexedJob("shards", 3, []string{"sh", "-c", shardScript})
	shards.Spec.Template.Spec.Containers[0].Env = []corev1.EnvVar{
		secretEnv("SECRET_X", "creds", false),
		{Name: "GREETING", Value: "hi-$(SECRET_X)"},
		secretEnv("ABSENT", "nope", true),
	}
	sleeper := indexedJob("sleeper", 1, []string{"sh", "-c", "echo started; exec sleep 300"})
	policy := indexedJob("policy", 1, []string{"sh", "-c", "exit 42"})
	policy.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{{
		Action:      batchv1.PodFailurePolicyActionFailJob,
		OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{Operator: batchv1.PodFailurePolicyOnExitCodesOpIn, Values: []int32{42}},
	}}}
	for _, j := range []*batchv1.Job{shards, sleeper, policy} {
		if _, err := cs.BatchV1().Jobs(ns).Create(ctx, j, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	late := plainPod("late", "busybox", "sh", "-c", "echo $(LATE)")
	late.Spec.Containers[0].Env = []corev1.EnvVar{secretEnv("LATE", "late", false)}
	restarts := plainPod("restarts", "busybox", "sh", "-c", "test -f marker || { touch marker; echo first; exit 1; }; echo second")
	restarts.Spec.RestartPolicy = corev1.RestartPolicyOnFailure
	for _, p := range []*corev1.Pod{
		plainPod("never", "example.invalid/never:1", "sh", "-c", "echo never"),
		plainPod("nocmd", "busybox", "nosuch-command"),
		late,
		restarts,
	} {
		if _, err := cs.CoreV1().Pods(ns).Create(ctx, p, metav1.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}

	var sleepPod string
	t.Run("DeletingTheJobKillsItsPod", func(t *testing.T) {
		p := waitPod(ctx, t, cs, ns, "batch.kubernetes.io/job-name=sleeper", func(p *corev1.Pod) bool {
			return p.Status.Phase == corev1.PodRunning
		})
		sleepPod = p.Name
		id := p.Status.ContainerStatuses[0].ContainerID
		pid, err := strconv.Atoi(strings.TrimPrefix(id, "dbgauge-test://"))
		if err != nil {
			t.Fatalf("containerID %q: %v", id, err)
		}
		stream, err := cs.CoreV1().Pods(ns).GetLogs(p.Name, &corev1.PodLogOptions{Follow: true}).Stream(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer stream.Close()
		if line, err := bufio.NewReader(stream).ReadString('\n'); line != "started\n" {
			t.Fatalf("followed log: %q, %v", line, err)
		}
		if err := cs.BatchV1().Jobs(ns).Delete(ctx, "sleeper", metav1.DeleteOptions{PropagationPolicy: new(metav1.DeletePropagationForeground)}); err != nil {
			t.Fatal(err)
		}
		// The followed log ends when the process is killed.
		if rest, err := io.ReadAll(stream); err != nil || len(rest) != 0 {
			t.Errorf("followed log after the Job's deletion: %q, %v", rest, err)
		}
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("process %d of the deleted Job's pod: kill -0: %v, want ESRCH", pid, err)
		}
		waitGone(ctx, t, cs, ns, p.Name)
		// Foreground: the garbage collector deletes the Job after its pods.
		poll(ctx, t, "job sleeper to disappear", func() bool {
			_, err := cs.BatchV1().Jobs(ns).Get(ctx, "sleeper", metav1.GetOptions{})
			return apierrors.IsNotFound(err)
		})
	})

	t.Run("NeverStart", func(t *testing.T) {
		p := waitPod(ctx, t, cs, ns, "app=never", func(p *corev1.Pod) bool { return len(p.Status.ContainerStatuses) > 0 })
		if w := p.Status.ContainerStatuses[0].State.Waiting; p.Status.Phase != corev1.PodPending || w == nil ||
			w.Reason != "ImagePullBackOff" || w.Message != `Back-off pulling image "example.invalid/never:1"` {
			t.Errorf("never-starting pod: phase %s, state %+v", p.Status.Phase, p.Status.ContainerStatuses[0].State)
		}
		// (Stream, not DoRaw: client-go's Do does not decode a pods/log error.)
		if _, err := cs.CoreV1().Pods(ns).GetLogs("never", &corev1.PodLogOptions{}).Stream(ctx); err == nil ||
			err.Error() != `container "main" in pod "never" is waiting to start: trying and failing to pull image` {
			t.Errorf("logs of the never-starting pod: %v", err)
		}
		if err := cs.CoreV1().Pods(ns).Delete(ctx, "never", metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		waitGone(ctx, t, cs, ns, "never")
	})

	t.Run("UnknownCommand", func(t *testing.T) {
		p := waitPod(ctx, t, cs, ns, "app=nocmd", func(p *corev1.Pod) bool { return p.Status.Phase == corev1.PodFailed })
		if term := p.Status.ContainerStatuses[0].State.Terminated; term == nil || term.Reason != "StartError" || term.ExitCode != 128 ||
			!strings.Contains(term.Message, `"nosuch-command"`) {
			t.Errorf("pod with an unknown command: %+v", p.Status.ContainerStatuses[0].State)
		}
	})

	t.Run("MissingSecretWaits", func(t *testing.T) {
		p := waitPod(ctx, t, cs, ns, "app=late", func(p *corev1.Pod) bool { return len(p.Status.ContainerStatuses) > 0 })
		if w := p.Status.ContainerStatuses[0].State.Waiting; p.Status.Phase != corev1.PodPending || w == nil ||
			w.Reason != "CreateContainerConfigError" || w.Message != `secrets "late" not found` {
			t.Errorf("pod with a missing secret: phase %s, state %+v", p.Status.Phase, p.Status.ContainerStatuses[0].State)
		}
		secret("late")
		waitPod(ctx, t, cs, ns, "app=late", func(p *corev1.Pod) bool { return p.Status.Phase == corev1.PodSucceeded })
		checkLogs(ctx, t, cs, ns, "late", &corev1.PodLogOptions{}, "s3cr3t\n")
	})

	t.Run("RestartPolicyOnFailure", func(t *testing.T) {
		p := waitPod(ctx, t, cs, ns, "app=restarts", func(p *corev1.Pod) bool { return p.Status.Phase == corev1.PodSucceeded })
		c := p.Status.ContainerStatuses[0]
		if last := c.LastTerminationState.Terminated; c.RestartCount != 1 || last == nil || last.ExitCode != 1 ||
			c.State.Terminated == nil || c.State.Terminated.ExitCode != 0 {
			t.Errorf("restarted container: %+v", c)
		}
		checkLogs(ctx, t, cs, ns, "restarts", &corev1.PodLogOptions{}, "second\n")
		checkLogs(ctx, t, cs, ns, "restarts", &corev1.PodLogOptions{Previous: true}, "first\n")
	})

	t.Run("PodFailurePolicy", func(t *testing.T) {
		job := waitJob(ctx, t, cs, ns, "policy")
		if c := job.Status.Conditions[len(job.Status.Conditions)-1]; c.Type != batchv1.JobFailed || c.Reason != batchv1.JobReasonPodFailurePolicy {
			t.Errorf("job with a FailJob rule for exit code 42: %+v", job.Status.Conditions)
		}
	})

	t.Run("IndexedJob", func(t *testing.T) {
		job := waitJob(ctx, t, cs, ns, "shards")
		if job.Status.FailedIndexes == nil || *job.Status.FailedIndexes != "1" || job.Status.CompletedIndexes != "0,2" ||
			job.Status.Succeeded != 2 || job.Status.Failed != 2 {
			t.Errorf("job status: failedIndexes %v, completedIndexes %q, succeeded %d, failed %d",
				job.Status.FailedIndexes, job.Status.CompletedIndexes, job.Status.Succeeded, job.Status.Failed)
		}
		pods, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "batch.kubernetes.io/job-name=shards"})
		if err != nil {
			t.Fatal(err)
		}
		perIndex := map[string]int{}
		for _, p := range pods.Items {
			idx := p.Annotations[batchv1.JobCompletionIndexAnnotation]
			perIndex[idx]++
			wantCode, wantPhase := int32(0), corev1.PodSucceeded
			if idx == "1" {
				wantCode, wantPhase = 3, corev1.PodFailed
			}
			term := p.Status.ContainerStatuses[0].State.Terminated
			if p.Status.Phase != wantPhase || term == nil || term.ExitCode != wantCode {
				t.Errorf("pod %s (index %s): phase %s, state %+v; want %s with exit code %d",
					p.Name, idx, p.Status.Phase, p.Status.ContainerStatuses[0].State, wantPhase, wantCode)
				continue
			}
			if wantCode != 0 && term.Message != shardLog(idx) {
				t.Errorf("pod %s: termination message %q, want the log %q", p.Name, term.Message, shardLog(idx))
			}
			checkLogs(ctx, t, cs, ns, p.Name, &corev1.PodLogOptions{}, shardLog(idx))
			checkLogs(ctx, t, cs, ns, p.Name, &corev1.PodLogOptions{TailLines: new(int64(1)), LimitBytes: new(int64(3))}, "to ")
		}
		if !maps.Equal(perIndex, map[string]int{"0": 1, "1": 2, "2": 1}) {
			t.Errorf("pods per index: %v, want 0:1 1:2 2:1", perIndex)
		}
		started := k.Started()
		for _, p := range pods.Items {
			if !slices.Contains(started, p.Name) {
				t.Errorf("Started() = %v, lacks %s", started, p.Name)
			}
		}
		if len(started) != 8 || !slices.Contains(started, sleepPod) || slices.Contains(started, "never") || slices.Contains(started, "nocmd") {
			t.Errorf("Started() = %v, want the 4 shard pods, the sleeper, policy's pod, late and restarts", started)
		}
	})
}

func secretEnv(name, secret string, optional bool) corev1.EnvVar {
	return corev1.EnvVar{Name: name, ValueFrom: &corev1.EnvVarSource{SecretKeyRef: &corev1.SecretKeySelector{
		LocalObjectReference: corev1.LocalObjectReference{Name: secret}, Key: "x", Optional: &optional}}}
}

// checkLogs fetches a pod's log through the API.
func checkLogs(ctx context.Context, t *testing.T, cs kubernetes.Interface, ns, pod string, opts *corev1.PodLogOptions, want string) {
	t.Helper()
	got, err := cs.CoreV1().Pods(ns).GetLogs(pod, opts).DoRaw(ctx)
	if string(got) != want || err != nil {
		t.Errorf("pod %s: logs %+v: %q, %v; want %q", pod, opts, got, err, want)
	}
}
