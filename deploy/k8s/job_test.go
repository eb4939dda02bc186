package k8s

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/session"
)

func TestJobName(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 3, 4, 5, 0, time.UTC)
	if got := JobName(deploy.VerbRun, "oltp_read_write", now); got != "dbgauge-oltp-read-write-1124-030405" {
		t.Errorf("JobName = %s", got)
	}
	long := JobName(deploy.VerbPrepare, strings.Repeat("Very_Long_Workload_", 5), now)
	// Pods of an Indexed Job are named NAME-INDEX-xxxxx and their
	// hostnames NAME-INDEX: 63 characters at most.
	if len(long)+len("-9999") > 63 || strings.ContainsAny(long, "_ABCDEFGHIJKLMNOPQRSTUVWXYZ") || strings.HasSuffix(long, "-") {
		t.Errorf("JobName = %s (%d characters)", long, len(long))
	}
}

// TestJob: the Job's shape is what the launcher relies on: Indexed,
// N completions run at once, late or bad-input shards never retried, the
// URL only by reference to a Secret, the options passed on.
func TestJob(t *testing.T) {
	t.Parallel()
	s := session.NewSpec("", "kv_insert")
	s.Users, s.StartAt = 6, "2026-11-24T10:00:00Z"
	l := Launch{Name: "dbgauge-kv-insert-1124-030405", Worker: deploy.Worker{Verb: deploy.VerbRun, Shards: 3, Spec: s},
		Opts: Options{Namespace: "bench", Image: "reg/dbgauge:1", BackoffLimitPerIndex: 2, Requests: "cpu=2,memory=1Gi",
			ResultsVolume: "results-pvc", TTL: time.Hour, NodeSelector: map[string]string{"pool": "load"}}}
	job, err := l.Job()
	if err != nil {
		t.Fatal(err)
	}
	sp := job.Spec
	if *sp.CompletionMode != batchv1.IndexedCompletion || *sp.Completions != 3 || *sp.Parallelism != 3 || *sp.BackoffLimitPerIndex != 2 || *sp.TTLSecondsAfterFinished != 3600 {
		t.Errorf("spec %+v", sp)
	}
	r := sp.PodFailurePolicy.Rules[0]
	if r.Action != batchv1.PodFailurePolicyActionFailIndex || len(r.OnExitCodes.Values) != 2 || r.OnExitCodes.Values[1] != deploy.ExitLate {
		t.Errorf("first pod failure rule %+v", r)
	}
	c := sp.Template.Spec.Containers[0]
	if c.Command[1] != "worker" || c.Env[1].Name != deploy.EnvDB || c.Env[1].ValueFrom.SecretKeyRef.Name != l.Name+"-db" || c.Env[1].ValueFrom.SecretKeyRef.Key != "url" {
		t.Errorf("container %+v", c)
	}
	if c.Resources.Requests.Cpu().String() != "2" || c.VolumeMounts[0].MountPath != ResultsMount || sp.Template.Spec.Volumes[0].PersistentVolumeClaim.ClaimName != "results-pvc" {
		t.Errorf("resources %v, mounts %v", c.Resources, c.VolumeMounts)
	}
	var w deploy.Worker
	if err := json.Unmarshal([]byte(c.Env[0].Value), &w); err != nil || w.Shards != 3 || w.Spec.Users != 6 || w.Spec.StartAt != s.StartAt {
		t.Errorf("worker %+v (%v)", w, err)
	}
	sec := l.Secret("postgres://u:pw@db/x")
	if sec.Name != l.Name+"-db" || sec.StringData["url"] != "postgres://u:pw@db/x" {
		t.Errorf("secret %+v", sec)
	}
	// A Secret the user names, with its key.
	l.Opts.DBSecret = "bench-db/dsn"
	job, _ = l.Job()
	ref := job.Spec.Template.Spec.Containers[0].Env[1].ValueFrom.SecretKeyRef
	if ref.Name != "bench-db" || ref.Key != "dsn" || l.Secret("x") != nil {
		t.Errorf("named secret: ref %+v", ref)
	}
}

func TestParseResources(t *testing.T) {
	t.Parallel()
	r, err := ParseResources("cpu=500m, memory=2Gi")
	if err != nil || r.Cpu().MilliValue() != 500 || r.Memory().Value() != 2<<30 {
		t.Errorf("%v %v", r, err)
	}
	for _, bad := range []string{"cpu", "cpu=lots", "=1"} {
		if _, err := ParseResources(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestExpandIndexes(t *testing.T) {
	t.Parallel()
	got := expandIndexes("0,2-4,7")
	if len(got) != 5 || got[0] != 0 || got[1] != 2 || got[3] != 4 || got[4] != 7 {
		t.Errorf("expandIndexes = %v", got)
	}
}
