package deploy

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/session"
)

// notes is an Observer that keeps its notes and prints.
type notes struct {
	session.Quiet
	lines, prints []string
}

func (n *notes) Note(line string)  { n.lines = append(n.lines, line) }
func (n *notes) Print(line string) { n.prints = append(n.prints, line) }

// TestPodEndUnwraps: a pod's error that holds its exit is that exit, as
// the launch's own error (its message and code).
func TestPodEndUnwraps(t *testing.T) {
	c, err := NewCollector(t.TempDir(), "kv_get", 1, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	ee := &ExitError{Code: 3, Line: "dbgauge: cannot connect"}
	c.Keep(0, []byte("dbgauge: cannot connect\n"), fmt.Errorf("pod p-0: %w", ee))
	if _, err := c.PodEnd(); err != ee {
		t.Errorf("PodEnd = %v, want the pod's ExitError", err)
	}
	other := errors.New("the pod was evicted")
	c.Keep(0, nil, other)
	if _, err := c.PodEnd(); err != other {
		t.Errorf("PodEnd = %v, want %v", err, other)
	}
}

// TestLiveFor: a launch's Live merges at the run's interval (1 s without
// interval lines) and percentile, and hands the scripts' prints on.
func TestLiveFor(t *testing.T) {
	s := session.NewSpec("", "kv_get")
	s.ReportIntervalS, s.Percentile = 0, 99
	obs := &notes{}
	l := LiveFor(s, 2, obs)
	defer l.Close()
	if l.Shards != 2 || l.Pct != 99 || l.Wait != 3*time.Second {
		t.Errorf("Live: %d shards, pct %v, wait %v", l.Shards, l.Pct, l.Wait)
	}
	l.Print(1, "hello")
	if strings.Join(obs.prints, "|") != "hello" {
		t.Errorf("prints %q", obs.prints)
	}
}

// TestWorkCleanup: a cleanup worker cleans up through the session, and
// says so to its observer, not to the shard's.
func TestWorkCleanup(t *testing.T) {
	url := "sqlite:" + filepath.Join(t.TempDir(), "w.db")
	w := Worker{Verb: VerbCleanup, Spec: session.NewSpec(url, "kv_get")}
	obs, shard := &notes{}, &notes{}
	var out strings.Builder
	if err := Work(context.Background(), w, &out, obs, shard, session.Env{}); err != nil {
		t.Fatal(err)
	}
	if len(obs.lines) != 1 || !strings.Contains(obs.lines[0], "nothing dropped") || len(shard.lines) != 0 || out.Len() != 0 {
		t.Errorf("notes %q, shard's %q, out %q", obs.lines, shard.lines, out.String())
	}
}
