package k8s

import "github.com/dbgauge/dbgauge/session"

// Setting is a Request's setting as the command line names it, with its
// help and the field it sets (a *string, *bool, *int32, *time.Duration or
// *[]string); the field's value in NewRequest is the default.
type Setting struct {
	Name, Help string
	Field      func(r *Request) any
}

// Settings are the Job's and the cluster's settings of every verb.
var Settings = []Setting{
	{"kubeconfig", "kubeconfig file (default $KUBECONFIG, ~/.kube/config, or the in-cluster configuration)", func(r *Request) any { return &r.Kubeconfig }},
	{"context", "kubeconfig context (default its current one)", func(r *Request) any { return &r.Context }},
	{"namespace", "namespace of the Job (default the context's)", func(r *Request) any { return &r.Opts.Namespace }},
	{"image", "container image holding this dbgauge's binary (required), e.g. registry.example.com/dbgauge:0.1", func(r *Request) any { return &r.Opts.Image }},
	{"image-command", "dbgauge's path in the image", func(r *Request) any { return &r.Opts.Command }},
	{"pull-policy", "imagePullPolicy: Always, IfNotPresent or Never (default Kubernetes')", func(r *Request) any { return &r.Opts.PullPolicy }},
	{"requests", "each pod's resource requests, e.g. cpu=2,memory=1Gi", func(r *Request) any { return &r.Opts.Requests }},
	{"limits", "each pod's resource limits, e.g. cpu=2,memory=2Gi", func(r *Request) any { return &r.Opts.Limits }},
	{"node-selector", "nodes the pods may run on, e.g. pool=loadgen,zone=a", func(r *Request) any { return &r.NodeSelector }},
	{"toleration", "a toleration KEY[=VALUE]:EFFECT (EFFECT NoSchedule, PreferNoSchedule or NoExecute); repeatable", func(r *Request) any { return &r.Tolerations }},
	{"service-account", "service account of the pods", func(r *Request) any { return &r.Opts.ServiceAccount }},
	{"db-secret", "an existing Secret holding the database URL, NAME or NAME/KEY (key url); default: the launcher makes one from --db and deletes it at the end", func(r *Request) any { return &r.Opts.DBSecret }},
	{"backoff-limit-per-index", "times a failed shard's pod is replaced (the Job's backoffLimitPerIndex); a shard late for the common start or given bad input is never retried", func(r *Request) any { return &r.Opts.BackoffLimitPerIndex }},
	{"start-timeout", "how long after the common start a shard whose pod has not started is waited for, before it is reported with its pod's reason", func(r *Request) any { return &r.Opts.StartTimeout }},
	{"results-volume", "a PersistentVolumeClaim mounted at /results in every pod: each shard also writes its results folder there", func(r *Request) any { return &r.Opts.ResultsVolume }},
	{"ttl", "the Job's ttlSecondsAfterFinished (when it is kept)", func(r *Request) any { return &r.Opts.TTL }},
	{"keep", "leave the Job and the Secret the launcher made in place at the end", func(r *Request) any { return &r.Opts.Keep }},
	{"dry-run", "print the Job's YAML (and the Secret's, without the URL) and submit nothing", func(r *Request) any { return &r.DryRun }},
}

// NewRequest is verb on in with every setting at its default.
func NewRequest(verb string, in *session.Inputs) *Request {
	r := &Request{Verb: verb, Inputs: in, Shards: 1}
	r.Opts.Command = "dbgauge"
	r.Opts.BackoffLimitPerIndex = 1
	r.Opts.StartTimeout = DefaultStartTimeout
	r.Opts.TTL = DefaultTTL
	return r
}
