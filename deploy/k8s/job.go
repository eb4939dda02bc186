// Package k8s launches a run as the pods of one Kubernetes Indexed Job:
// pod i is shard i of N (`dbgauge worker`, its index from the Job's
// JOB_COMPLETION_INDEX), every shard measures from one common --start-at,
// the database URL comes from a Secret (never in the Job's spec), and the
// results come back through the API server: the launcher follows each
// pod's log, where the worker prints its result as a block at the end
// (results.WriteStream), keeps every shard's result as it arrives and
// merges them exactly (deploy.Collector). It talks to the cluster with
// client-go, through the user's kubeconfig or the in-cluster config. It
// owns every piece of Kubernetes knowledge: a Request (`dbgauge k8s VERB`)
// checked into the pods' Spec, with setting errors its caller words, and
// launched (Request.Launch); the Launch built from a Spec
// (NewLaunch), node selectors, tolerations, requests and limits
// (Options.Parse, with an OptionError that its caller words), and the YAML a
// dry run prints (Launch.WriteYAML).
//
// k8s imports deploy, session and results; never a workload or a driver.
package k8s

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/dbgauge/dbgauge/deploy"
)

// Labels and annotations on what the launcher creates.
const (
	LabelApp    = "app.kubernetes.io/name"
	LabelLaunch = "dbgauge.io/launch"
	// IndexKey is the annotation (and label) the job controller puts the
	// completion index in.
	IndexKey = "batch.kubernetes.io/job-completion-index"
	// ContainerName is the one container of a shard's pod.
	ContainerName = "dbgauge"
	// SecretKey is the key of the database URL in the launcher's Secret.
	SecretKey = "url"
)

// Options are what the user says about the Job.
type Options struct {
	Namespace string
	Image     string
	// Command runs dbgauge in the image (default "dbgauge": on its PATH).
	Command    string
	PullPolicy string
	// Requests and Limits are "cpu=2,memory=1Gi".
	Requests, Limits string
	NodeSelector     map[string]string
	Tolerations      []corev1.Toleration
	ServiceAccount   string
	// DBSecret names an existing Secret holding the database URL
	// ("NAME" or "NAME/KEY", key "url" by default); empty: the launcher
	// creates one from the target and deletes it at the end.
	DBSecret string
	// BackoffLimitPerIndex is the Job's: how many times a failed shard's
	// pod is replaced. A shard that was late or given bad input (exit 7, 2)
	// is never retried (podFailurePolicy FailIndex).
	BackoffLimitPerIndex int32
	// StartDelay is the time the pods get to be scheduled, pull the image
	// and connect before the common start; StartTimeout how long after the
	// common start a shard that has not started is waited for.
	StartDelay, StartTimeout time.Duration
	// ResultsVolume, if set, is a PersistentVolumeClaim mounted at
	// ResultsMount: each shard also writes its results folder there.
	ResultsVolume string
	// TTL is the Job's ttlSecondsAfterFinished: its pods and their logs
	// stay this long after it ends.
	TTL time.Duration
	// Keep leaves the Job (and the Secret the launcher made) in place at
	// the end.
	Keep bool
}

// ResultsMount is where a shard's results volume is mounted.
const ResultsMount = "/results"

// Default options.
const (
	DefaultStartDelay   = 90 * time.Second
	DefaultStartTimeout = 2 * time.Minute
	DefaultTTL          = time.Hour
)

// Launch is one Job to submit: its name and the worker its pods run.
type Launch struct {
	Name   string
	Worker deploy.Worker
	Opts   Options
}

var nameChars = regexp.MustCompile(`[^a-z0-9-]+`)

// JobName is "dbgauge-WORKLOAD-TIME" in a Job name's alphabet, short enough
// for the pods' hostnames (NAME-INDEX, 63 characters at most).
func JobName(verb, workloadName string, now time.Time) string {
	w := strings.Trim(nameChars.ReplaceAllString(strings.ToLower(workloadName), "-"), "-")
	if len(w) > 24 {
		w = strings.Trim(w[:24], "-")
	}
	prefix := "dbgauge-"
	if verb != deploy.VerbRun {
		prefix += verb + "-"
	}
	return prefix + w + "-" + now.UTC().Format("0102-150405")
}

// secretRef is the Secret and key holding the database URL.
func (l Launch) secretRef() (name, key string) {
	if l.Opts.DBSecret == "" {
		return l.Name + "-db", SecretKey
	}
	name, key, ok := strings.Cut(l.Opts.DBSecret, "/")
	if !ok || key == "" {
		key = SecretKey
	}
	return name, key
}

// Job is the Indexed Job of the launch.
func (l Launch) Job() (*batchv1.Job, error) {
	env, err := l.Worker.Env()
	if err != nil {
		return nil, err
	}
	n := int32(l.Worker.Shards)
	secret, key := l.secretRef()
	indexed := batchv1.IndexedCompletion
	labels := map[string]string{LabelApp: "dbgauge", LabelLaunch: l.Name}
	c := corev1.Container{
		Name:    ContainerName,
		Image:   l.Opts.Image,
		Command: []string{orDefault(l.Opts.Command, "dbgauge"), "worker"},
		Env: []corev1.EnvVar{
			{Name: deploy.EnvWorker, Value: env},
			{Name: deploy.EnvDB, ValueFrom: &corev1.EnvVarSource{SecretKeyRef: &corev1.SecretKeySelector{
				LocalObjectReference: corev1.LocalObjectReference{Name: secret}, Key: key}}},
		},
		ImagePullPolicy:          corev1.PullPolicy(l.Opts.PullPolicy),
		TerminationMessagePolicy: corev1.TerminationMessageFallbackToLogsOnError,
	}
	var err2 error
	if c.Resources.Requests, err2 = ParseResources(l.Opts.Requests); err2 != nil {
		return nil, &OptionError{Option: "requests", Err: err2}
	}
	if c.Resources.Limits, err2 = ParseResources(l.Opts.Limits); err2 != nil {
		return nil, &OptionError{Option: "limits", Err: err2}
	}
	pod := corev1.PodSpec{
		RestartPolicy:      corev1.RestartPolicyNever,
		ServiceAccountName: l.Opts.ServiceAccount,
		NodeSelector:       l.Opts.NodeSelector,
		Tolerations:        l.Opts.Tolerations,
	}
	if l.Opts.ResultsVolume != "" {
		c.VolumeMounts = []corev1.VolumeMount{{Name: "results", MountPath: ResultsMount}}
		pod.Volumes = []corev1.Volume{{Name: "results", VolumeSource: corev1.VolumeSource{
			PersistentVolumeClaim: &corev1.PersistentVolumeClaimVolumeSource{ClaimName: l.Opts.ResultsVolume}}}}
	}
	pod.Containers = []corev1.Container{c}
	backoff := l.Opts.BackoffLimitPerIndex
	ttl := int32(l.Opts.TTL / time.Second)
	job := &batchv1.Job{
		TypeMeta:   metav1.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: metav1.ObjectMeta{Name: l.Name, Namespace: l.Opts.Namespace, Labels: labels},
		Spec: batchv1.JobSpec{
			CompletionMode:       &indexed,
			Completions:          &n,
			Parallelism:          &n,
			BackoffLimitPerIndex: &backoff,
			PodFailurePolicy: &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{
				// Bad input and a late start fail the same way every time.
				{Action: batchv1.PodFailurePolicyActionFailIndex, OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{
					Operator: batchv1.PodFailurePolicyOnExitCodesOpIn, Values: []int32{2, deploy.ExitLate}}},
				// A pod evicted or preempted is not the shard's fault.
				{Action: batchv1.PodFailurePolicyActionIgnore, OnPodConditions: []batchv1.PodFailurePolicyOnPodConditionsPattern{
					{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue}}},
			}},
			Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: labels}, Spec: pod},
		},
	}
	if ttl > 0 {
		job.Spec.TTLSecondsAfterFinished = &ttl
	}
	return job, nil
}

// Secret is the Secret the launcher makes for the database URL, nil when
// the user named one.
func (l Launch) Secret(target string) *corev1.Secret {
	if l.Opts.DBSecret != "" {
		return nil
	}
	name, key := l.secretRef()
	return &corev1.Secret{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Secret"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: l.Opts.Namespace, Labels: map[string]string{LabelApp: "dbgauge", LabelLaunch: l.Name}},
		StringData: map[string]string{key: target},
		Type:       corev1.SecretTypeOpaque,
	}
}

// ParseResources reads "cpu=2,memory=1Gi".
func ParseResources(s string) (corev1.ResourceList, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	out := corev1.ResourceList{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("%q is not NAME=QUANTITY (e.g. cpu=2,memory=1Gi)", kv)
		}
		q, err := resource.ParseQuantity(v)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %v", k, v, err)
		}
		out[corev1.ResourceName(k)] = q
	}
	return out, nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
