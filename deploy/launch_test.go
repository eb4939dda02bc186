package deploy

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/session"
)

func TestNewLocalLaunch(t *testing.T) {
	s := session.NewSpec("sqlite:/tmp/x.db", "oltp_point_select")
	s.ResultsDir = t.TempDir()
	s.Shard = "0/3"
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	l, c, err := NewLocalLaunch(s, 3, 5*time.Second, now)
	if err != nil {
		t.Fatal(err)
	}
	w := l.Worker
	switch {
	case l.Target != "sqlite:/tmp/x.db" || w.Spec.Target != "":
		t.Errorf("the URL goes apart from the Spec: target %q, spec's %q", l.Target, w.Spec.Target)
	case w.Verb != VerbRun || w.Shards != 3:
		t.Errorf("worker %s of %d shards", w.Verb, w.Shards)
	case w.Spec.Shard != "" || w.Spec.Prepare != session.PrepareNever:
		t.Errorf("shards get no shard of their own nor a prepare: %q, %q", w.Spec.Shard, w.Spec.Prepare)
	case w.Spec.StartAt != "2026-01-02T03:04:11Z" || c.StartAt != w.Spec.StartAt:
		t.Errorf("start at %q (collector %q)", w.Spec.StartAt, c.StartAt)
	case c.Shards != 3 || !strings.HasPrefix(c.Dir, s.ResultsDir) || !strings.Contains(c.Dir, "oltp_point_select-shards-20260102-030405"):
		t.Errorf("collector of %d shards in %s", c.Shards, c.Dir)
	}
}

func TestLaunchErr(t *testing.T) {
	c := &Collector{Shards: 4}
	if err := LaunchErr(context.Background(), c, nil, "d"); err != nil {
		t.Errorf("no failure: %v", err)
	}
	failed := []Outcome{{Index: 1, Err: errors.New("x")}, {Index: 3, Err: errors.New("y")}}
	err := LaunchErr(context.Background(), c, failed, "d")
	if session.KindOf(err) != session.Aborted || err.Error() != "shard 1, 3 of 4 failed: the result in d holds only the others" {
		t.Errorf("failed shards: %v (kind %d)", err, session.KindOf(err))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = LaunchErr(ctx, c, failed, "d")
	if session.KindOf(err) != session.Interrupted || err.Error() != "interrupted: the partial result is in d" {
		t.Errorf("interrupted: %v (kind %d)", err, session.KindOf(err))
	}
}

func TestPodEnd(t *testing.T) {
	c, err := NewCollector(t.TempDir(), "tpcc", 1, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.PodEnd(); session.KindOf(err) != session.Aborted || err.Error() != "the pod did not run" {
		t.Errorf("no pod: %v", err)
	}
	c.Keep(0, []byte("Prepared.\n"), nil) // prepare prints no result block
	if out, err := c.PodEnd(); err != nil || string(out) != "Prepared.\n" {
		t.Errorf("a pod that ended well: %q, %v", out, err)
	}
	c.Keep(0, []byte("dbgauge: check failed\n"), &ExitError{Code: 6, Line: "dbgauge: check failed"})
	var ee *ExitError
	if out, err := c.PodEnd(); !errors.As(err, &ee) || ee.Code != 6 || string(out) != "dbgauge: check failed\n" {
		t.Errorf("a pod that failed: %q, %v", out, err)
	}
}
