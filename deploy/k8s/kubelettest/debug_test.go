package kubelettest

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"sort"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/rand"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
)

type countRT struct {
	rt http.RoundTripper
	mu *sync.Mutex
	m  map[string]int
}

var nameRE = regexp.MustCompile(`/pods/[^/?]+`)

func (c countRT) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.m[r.Method+" "+nameRE.ReplaceAllString(r.URL.Path, "/pods/X")+func() string {
		if r.URL.Query().Get("watch") != "" {
			return "?watch"
		}
		return ""
	}()]++
	c.mu.Unlock()
	return c.rt.RoundTrip(r)
}

func TestDebug(t *testing.T) {
	if os.Getenv("KT_DEBUG") == "" {
		t.Skip()
	}
	ns := "kubelettest-" + rand.String(6)
	cfg := FromEnv(t, ns, ns+"-node")
	cfg.Commands = map[string]string{"sh": "/bin/sh"}
	cs := kubernetes.NewForConfigOrDie(cfg.Rest)
	ctx := context.Background()
	counts := map[string]int{}
	mu := &sync.Mutex{}
	cfg.Rest.WrapTransport = func(rt http.RoundTripper) http.RoundTripper { return countRT{rt, mu, counts} }
	cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
	t.Cleanup(func() { cleanup(t, cs, ns) })
	cs.CoreV1().Secrets(ns).Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "creds"}, StringData: map[string]string{"x": "s3cr3t"}}, metav1.CreateOptions{})
	k, err := Start(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Stop)
	w, _ := cs.CoreV1().Pods(ns).Watch(ctx, metav1.ListOptions{})
	t0 := time.Now()
	go func() {
		for ev := range w.ResultChan() {
			p, ok := ev.Object.(*corev1.Pod)
			if !ok {
				continue
			}
			st := ""
			if len(p.Status.ContainerStatuses) > 0 {
				s := p.Status.ContainerStatuses[0].State
				switch {
				case s.Running != nil:
					st = "running"
				case s.Terminated != nil:
					st = fmt.Sprintf("terminated %d %s %q fin=%v", s.Terminated.ExitCode, s.Terminated.Reason, s.Terminated.Message, s.Terminated.FinishedAt)
				case s.Waiting != nil:
					st = "waiting " + s.Waiting.Reason
				}
			}
			t.Logf("%6.2fs %s %s node=%q phase=%s del=%v fin=%v %s", time.Since(t0).Seconds(), ev.Type, p.Name, p.Spec.NodeName, p.Status.Phase, p.DeletionTimestamp != nil, p.Finalizers, st)
		}
	}()
	shards := indexedJob("shards", 3, []string{"sh", "-c", shardScript})
	shards.Spec.Template.Spec.Containers[0].Env = []corev1.EnvVar{
		{Name: "SECRET_X", ValueFrom: &corev1.EnvVarSource{SecretKeyRef: &corev1.SecretKeySelector{
			LocalObjectReference: corev1.LocalObjectReference{Name: "creds"}, Key: "x"}}},
	}
	sleeper := indexedJob("sleeper", 1, []string{"sh", "-c", "echo started; exec sleep 300"})
	cs.BatchV1().Jobs(ns).Create(ctx, shards, metav1.CreateOptions{})
	cs.BatchV1().Jobs(ns).Create(ctx, sleeper, metav1.CreateOptions{})
	tctx, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	waitPod(tctx, t, cs, ns, "batch.kubernetes.io/job-name=sleeper", func(p *corev1.Pod) bool { return p.Status.Phase == corev1.PodRunning })
	cs.BatchV1().Jobs(ns).Delete(ctx, "sleeper", metav1.DeleteOptions{PropagationPolicy: new(metav1.DeletePropagationBackground)})
	j := waitJob(tctx, t, cs, ns, "shards")
	t.Logf("%6.2fs job done: %+v", time.Since(t0).Seconds(), j.Status)
	time.Sleep(3 * time.Second)
	w.Stop()
	mu.Lock()
	var ks []string
	for k := range counts {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		t.Logf("%4d %s", counts[k], k)
	}
	mu.Unlock()
	_ = watch.Added
}
