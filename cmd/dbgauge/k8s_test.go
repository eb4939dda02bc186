package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	authnv1 "k8s.io/api/authentication/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"

	"github.com/dbgauge/dbgauge/deploy/k8s/kubelettest"
	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/testenv"
)

// k8sCluster is one test's namespace on the control plane of scripts/k8s,
// with a stand-in kubelet that runs the pods' `dbgauge worker` as local
// processes of the test binary, through a wrapper that can fail a shard.
type k8sCluster struct {
	ns, kubeconfig, dir string
	cs                  *kubernetes.Clientset
}

// newK8sCluster makes a namespace and starts a kubelet for it. wrapper is
// the shell run before dbgauge in each pod (it sees JOB_COMPLETION_INDEX
// and $MARK, a directory of its own); never, if set, leaves pods Pending.
func newK8sCluster(t *testing.T, name, wrapper string, never func(*corev1.Pod) (string, string, bool)) *k8sCluster {
	t.Helper()
	ns := fmt.Sprintf("dbgauge-%s-%d", name, time.Now().UnixNano()%1e6)
	cfg := kubelettest.FromEnv(t, ns, "node-"+ns)
	cs, err := kubernetes.NewForConfig(cfg.Rest)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.CoreV1().Namespaces().Delete(context.Background(), ns, metav1.DeleteOptions{}) })
	dir := t.TempDir()
	mark := filepath.Join(dir, "mark")
	os.Mkdir(mark, 0o755)
	script := filepath.Join(dir, "dbgauge-in-pod")
	body := fmt.Sprintf("#!/bin/sh\nMARK=%s\n%s\nexec %s \"$@\"\n", mark, wrapper, binary)
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg.Commands = map[string]string{"dbgauge": script}
	cfg.NeverStart = never
	k, err := kubelettest.Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Stop)
	return &k8sCluster{ns: ns, kubeconfig: os.Getenv(kubelettest.EnvKubeconfig), dir: t.TempDir(), cs: cs}
}

// launch runs `dbgauge k8s run` in the cluster's namespace.
func (c *k8sCluster) launch(t *testing.T, url string, args ...string) outcome {
	t.Helper()
	base := []string{"k8s", "run", "kv_insert", "--db", url, "--kubeconfig", c.kubeconfig, "--namespace", c.ns,
		"--image", "registry.invalid/dbgauge:test", "--shards", "3", "--threads", "6", "--time", "3",
		"--record-count", "300", "--start-delay", "8s", "--no-monitor", "--report-interval", "1"}
	return dbgauge(t, c.dir, append(base, args...)...)
}

// k8sTarget is the database the pods use: PostgreSQL (required under CI).
func k8sTarget(t *testing.T) string {
	return testenv.URL(t, "DBGAUGE_TEST_POSTGRES")
}

// TestK8sRun is the first acceptance test: the Job the launcher
// submits is accepted and defaulted by a real API server, the job
// controller runs it (pods played by the stand-in kubelet), shard 1's first
// pod crashes before the start and is replaced (backoffLimitPerIndex), and
// the launcher collects the three shards from their logs through the API
// and merges them: counts are the shards' sums, the histogram the merge of
// theirs, kv_insert's keys never collide, and the database URL's password
// is in no object but the Secret, which is gone at the end.
func TestK8sRun(t *testing.T) {
	url := k8sTarget(t)
	c := newK8sCluster(t, "run", `if [ "$JOB_COMPLETION_INDEX" = 1 ] && [ ! -e "$MARK/crashed" ]; then
	touch "$MARK/crashed"; echo "simulated crash before the start" >&2; exit 1
fi`, nil)
	dbgauge(t, c.dir, "cleanup", "kv_insert", "--db", url)
	if o := dbgauge(t, c.dir, "prepare", "kv_insert", "--db", url, "--record-count", "300"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	t.Cleanup(func() { dbgauge(t, c.dir, "cleanup", "kv_insert", "--db", url) })
	// The job controller replaces a failed pod after a back-off of 10 s:
	// the common start leaves time for it.
	o := c.launch(t, url, "--keep", "--start-delay", "20s")
	if o.code != 0 {
		t.Fatalf("k8s run: exit %d\n%s\n%s", o.code, o.stdout, o.stderr)
	}
	for _, want := range []string{"shard 1 of 3: failed, exit 1", "shard 1 of 3: collected", "Merged shards 0, 1, 2 of 3", "] thds: 6 tps: "} {
		if !strings.Contains(o.stderr+o.stdout, want) {
			t.Errorf("output lacks %q:\n%s\n%s", want, o.stdout, o.stderr)
		}
	}
	if strings.Contains(o.stdout+o.stderr, "gauge-Secret-7") {
		t.Error("the password is in the output")
	}
	shardsDir, _ := filepath.Glob(filepath.Join(c.dir, "dbgauge-results", "kv_insert-shards-*"))
	merged, _ := filepath.Glob(filepath.Join(c.dir, "dbgauge-results", "*-kv_insert-merged", "result.json"))
	if len(shardsDir) != 1 || len(merged) != 1 {
		t.Fatalf("shards %v merged %v", shardsDir, merged)
	}
	m := readResult(t, merged[0])
	var named []results.Named
	var sum int64
	for i := range 3 {
		p := filepath.Join(shardsDir[0], fmt.Sprintf("shard-%d", i), "result.json")
		r := readResult(t, p)
		sum += r.Totals.Transactions
		named = append(named, results.Named{Name: p, Result: r})
	}
	want, err := results.Merge(named, hist.Encoded{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Totals.Transactions != sum || m.Totals.Transactions == 0 || !slices.Equal(m.Run.Shard.Merged, []int{0, 1, 2}) {
		t.Errorf("merged %d transactions of shards %v; the shards' sum %d", m.Totals.Transactions, m.Run.Shard.Merged, sum)
	}
	if m.Latency != want.Latency || len(m.Intervals) != len(want.Intervals) {
		t.Errorf("merged latency %+v (%d intervals), the merge of the shards' %+v (%d)", m.Latency, len(m.Intervals), want.Latency, len(want.Intervals))
	}
	if m.Totals.Errors != 0 || m.Totals.IgnoredErrors != 0 {
		t.Errorf("%d errors, %d retried: the shards' keys collided", m.Totals.Errors, m.Totals.IgnoredErrors)
	}
	n, err := sqlConn(t, url).QueryStrings(t.Context(), "SELECT COUNT(*) FROM usertable")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := strconv.ParseInt(n[0][0], 10, 64); got != 300+m.Totals.Queries.Write {
		t.Errorf("usertable holds %d rows; 300 prepared + %d inserted", got, m.Totals.Queries.Write)
	}

	// The Job as the server keeps it: defaulted, retried index 1, complete,
	// and no password in it.
	// The launcher ends when it has every shard; the job controller
	// records the completion a moment later.
	ctx := context.Background()
	var job batchv1.Job
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		jobs, err := c.cs.BatchV1().Jobs(c.ns).List(ctx, metav1.ListOptions{})
		if err != nil || len(jobs.Items) != 1 {
			t.Fatalf("jobs: %v %v", err, jobs)
		}
		job = jobs.Items[0]
		if job.Status.CompletedIndexes == "0-2" || time.Now().After(deadline) {
			break
		}
	}
	if job.Spec.BackoffLimit == nil || job.Spec.Template.Spec.DNSPolicy == "" || job.Status.CompletedIndexes != "0-2" {
		t.Errorf("job not defaulted or not complete: backoffLimit %v dnsPolicy %q completed %q", job.Spec.BackoffLimit, job.Spec.Template.Spec.DNSPolicy, job.Status.CompletedIndexes)
	}
	js, _ := json.Marshal(job)
	if strings.Contains(string(js), "gauge-Secret-7") {
		t.Error("the password is in the Job's spec")
	}
	pods, _ := c.cs.CoreV1().Pods(c.ns).List(ctx, metav1.ListOptions{})
	perIndex := map[string]int{}
	for _, p := range pods.Items {
		perIndex[p.Annotations["batch.kubernetes.io/job-completion-index"]]++
	}
	if perIndex["1"] != 2 || perIndex["0"] != 1 || perIndex["2"] != 1 {
		t.Errorf("pods per index %v: index 1 should have been retried once", perIndex)
	}
	secrets, _ := c.cs.CoreV1().Secrets(c.ns).List(ctx, metav1.ListOptions{})
	if len(secrets.Items) != 1 { // --keep leaves it
		t.Errorf("%d secrets with --keep, want the launcher's one", len(secrets.Items))
	}
}

// TestK8sShardFails: a shard given input it rejects (exit 2) is not
// retried (podFailurePolicy FailIndex), and one whose image never starts is
// reported with its pod's reason after --start-timeout; the others are
// merged, the result says which shards it holds, and the exit code is 4.
func TestK8sShardFails(t *testing.T) {
	url := k8sTarget(t)
	dbgauge(t, t.TempDir(), "cleanup", "kv_insert", "--db", url)
	t.Run("bad input", func(t *testing.T) {
		c := newK8sCluster(t, "fail", `if [ "$JOB_COMPLETION_INDEX" = 2 ]; then echo "dbgauge: simulated bad input" >&2; exit 2; fi`, nil)
		prepareKV(t, c, url)
		o := c.launch(t, url, "--backoff-limit-per-index", "3")
		checkPartial(t, c, o, "shard 2 of 3 has no result: exit 2: dbgauge: simulated bad input")
		pods, _ := c.cs.CoreV1().Pods(c.ns).List(context.Background(), metav1.ListOptions{LabelSelector: "batch.kubernetes.io/job-completion-index=2"})
		if len(pods.Items) > 1 {
			t.Errorf("index 2 ran %d pods: exit 2 must fail the index at once", len(pods.Items))
		}
	})
	t.Run("never starts", func(t *testing.T) {
		c := newK8sCluster(t, "never", "", func(p *corev1.Pod) (string, string, bool) {
			return "ImagePullBackOff", `Back-off pulling image "registry.invalid/dbgauge:test"`,
				p.Annotations["batch.kubernetes.io/job-completion-index"] == "2"
		})
		prepareKV(t, c, url)
		o := c.launch(t, url, "--start-timeout", "2s")
		checkPartial(t, c, o, "ImagePullBackOff")
	})
}

func prepareKV(t *testing.T, c *k8sCluster, url string) {
	t.Helper()
	if o := dbgauge(t, c.dir, "prepare", "kv_insert", "--db", url, "--record-count", "300"); o.code != 0 {
		t.Fatalf("prepare: %s", o.stderr)
	}
	t.Cleanup(func() { dbgauge(t, c.dir, "cleanup", "kv_insert", "--db", url) })
}

// checkPartial: exit 4 naming shard 2, a merged result of shards 0 and 1,
// and no Job or Secret left behind.
func checkPartial(t *testing.T, c *k8sCluster, o outcome, why string) {
	t.Helper()
	if o.code != 4 || !strings.Contains(o.stderr, why) || !strings.Contains(o.stderr, "shard 2 of 3 failed") {
		t.Fatalf("exit %d (want 4), stderr without %q:\n%s", o.code, why, o.stderr)
	}
	merged, _ := filepath.Glob(filepath.Join(c.dir, "dbgauge-results", "*-kv_insert-merged", "result.json"))
	if len(merged) != 1 {
		t.Fatalf("merged %v", merged)
	}
	if m := readResult(t, merged[0]); !slices.Equal(m.Run.Shard.Merged, []int{0, 1}) || m.Totals.Transactions == 0 {
		t.Errorf("merged shards %v, %d transactions", m.Run.Shard.Merged, m.Totals.Transactions)
	}
	ctx := context.Background()
	jobs, _ := c.cs.BatchV1().Jobs(c.ns).List(ctx, metav1.ListOptions{})
	secrets, _ := c.cs.CoreV1().Secrets(c.ns).List(ctx, metav1.ListOptions{})
	if len(jobs.Items) != 0 || len(secrets.Items) != 0 {
		t.Errorf("%d jobs and %d secrets left behind", len(jobs.Items), len(secrets.Items))
	}
}

// TestK8sBadInput: each mistake is one line and its exit code, and nothing
// is created in the cluster.
func TestK8sBadInput(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty-home")
	os.Mkdir(empty, 0o755)
	unreachable := filepath.Join(dir, "unreachable.yaml")
	os.WriteFile(unreachable, []byte(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`), 0o644)
	run := []string{"k8s", "run", "oltp_read_only", "--db", "postgres://u:gauge-Secret-7@127.0.0.1:1/x", "--shards", "2", "--threads", "2"}
	for _, tc := range []struct {
		name string
		env  []string
		args []string
		code int
		want string
	}{
		{"no kubeconfig", []string{"KUBECONFIG=", "HOME=" + empty, "KUBERNETES_SERVICE_HOST="}, []string{"--image", "x"}, 2, "no Kubernetes configuration"},
		{"missing kubeconfig file", nil, []string{"--image", "x", "--kubeconfig", filepath.Join(dir, "nope")}, 2, "--kubeconfig"},
		{"unreachable", nil, []string{"--image", "x", "--kubeconfig", unreachable}, 3, "cannot reach the API server at https://127.0.0.1:1"},
		{"no image", nil, []string{"--kubeconfig", unreachable}, 2, "--image is required"},
		{"zero shards", nil, []string{"--image", "x", "--kubeconfig", unreachable, "--shards", "0"}, 2, "--shards must be 1 or more"},
		{"more shards than users", nil, []string{"--image", "x", "--kubeconfig", unreachable, "--shards", "3"}, 2, "2 users cannot be dealt over 3 shards"},
		{"bad toleration", nil, []string{"--image", "x", "--kubeconfig", unreachable, "--toleration", "a=b:Sometimes"}, 2, "--toleration"},
		{"bad requests", nil, []string{"--image", "x", "--kubeconfig", unreachable, "--requests", "cpu=lots"}, 2, "--requests"},
		{"db and db-secret", nil, []string{"--image", "x", "--kubeconfig", unreachable, "--db-secret", "s"}, 2, "--db with --db-secret"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := dbgaugeEnv(t, dir, append([]string{"DBGAUGE_DB="}, tc.env...), append(run, tc.args...)...)
			if o.code != tc.code || !strings.Contains(o.stderr, tc.want) || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 {
				t.Errorf("exit %d (want %d), stderr (want one line with %q):\n%s", o.code, tc.code, tc.want, o.stderr)
			}
			if strings.Contains(o.stderr, "gauge-Secret-7") {
				t.Error("the password is in the error")
			}
		})
	}
}

// TestK8sRBAC: a launcher whose identity may not create Jobs is told, in
// one line with exit 3, every permission it lacks, before anything is
// created.
func TestK8sRBAC(t *testing.T) {
	c := newK8sCluster(t, "rbac", "", nil)
	ctx := context.Background()
	sa, err := c.cs.CoreV1().ServiceAccounts(c.ns).Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "nobody"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tok, err := c.cs.CoreV1().ServiceAccounts(c.ns).CreateToken(ctx, sa.Name, &authnv1.TokenRequest{}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := kubelettest.FromEnv(t, c.ns, "unused")
	kc := filepath.Join(c.dir, "nobody.yaml")
	os.WriteFile(kc, []byte(fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: %q, certificate-authority: %q}}]
users: [{name: u, user: {token: %q}}]
contexts: [{name: c, context: {cluster: c, user: u, namespace: %s}}]
current-context: c
`, cfg.Rest.Host, cfg.Rest.CAFile, tok.Status.Token, c.ns)), 0o600)
	o := dbgauge(t, c.dir, "k8s", "run", "oltp_read_only", "--db", "postgres://u:gauge-Secret-7@127.0.0.1:1/x",
		"--kubeconfig", kc, "--image", "x", "--shards", "2", "--threads", "2")
	for _, want := range []string{"may not, in namespace " + c.ns, "create jobs", "get pods/log", "create secrets"} {
		if !strings.Contains(o.stderr, want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	if o.code != 3 || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 {
		t.Errorf("exit %d (want 3):\n%s", o.code, o.stderr)
	}
	jobs, _ := c.cs.BatchV1().Jobs(c.ns).List(ctx, metav1.ListOptions{})
	if len(jobs.Items) != 0 {
		t.Errorf("%d jobs created without permission", len(jobs.Items))
	}
}

// TestK8sPrepareCleanup: prepare and cleanup run in one pod near the
// database; the pod's output is printed and its exit code is the
// launcher's.
func TestK8sPrepareCleanup(t *testing.T) {
	url := k8sTarget(t)
	c := newK8sCluster(t, "prep", "", nil)
	args := func(verb string) []string {
		return []string{"k8s", verb, "kv_get", "--db", url, "--kubeconfig", c.kubeconfig, "--namespace", c.ns,
			"--image", "registry.invalid/dbgauge:test", "--record-count", "200"}
	}
	dbgauge(t, c.dir, "cleanup", "kv_get", "--db", url)
	t.Cleanup(func() { dbgauge(t, c.dir, "cleanup", "kv_get", "--db", url) })
	o := dbgauge(t, c.dir, args("prepare")...)
	if o.code != 0 || !strings.Contains(o.stderr, "prepare pod ended") {
		t.Fatalf("k8s prepare: exit %d\n%s\n%s", o.code, o.stdout, o.stderr)
	}
	n, err := sqlConn(t, url).QueryStrings(t.Context(), "SELECT COUNT(*) FROM usertable")
	if err != nil || n[0][0] != "200" {
		t.Fatalf("after k8s prepare: %v rows, %v", n, err)
	}
	// Data of another size is bad input in the pod (exit 2): its line and
	// code are the launcher's.
	o = dbgauge(t, c.dir, "k8s", "prepare", "kv_get", "--db", url, "--kubeconfig", c.kubeconfig, "--namespace", c.ns,
		"--image", "registry.invalid/dbgauge:test", "--record-count", "300")
	if o.code != 2 || !strings.Contains(o.stderr, "prepared with other options") {
		t.Errorf("k8s prepare of another size: exit %d (want 2)\n%s", o.code, o.stderr)
	}
	o = dbgauge(t, c.dir, args("cleanup")...)
	if o.code != 0 || !strings.Contains(o.stdout, "Dropped usertable") {
		t.Fatalf("k8s cleanup: exit %d\n%s\n%s", o.code, o.stdout, o.stderr)
	}
	if _, err := sqlConn(t, url).QueryStrings(t.Context(), "SELECT COUNT(*) FROM usertable"); err == nil {
		t.Error("usertable is still there after k8s cleanup")
	}
}
