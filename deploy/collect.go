package deploy

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
)

// Outcome is how one shard ended.
type Outcome struct {
	Index int
	// Dir is the shard's folder under the launch's shards folder, holding
	// its output and, once collected, its result.json.
	Dir string
	// Result is the shard's result, nil if none was collected.
	Result *results.Result
	// Err says why the shard has no result, or ended badly.
	Err error
}

// Collector keeps a launch's shards as they end: each shard's result is
// written to SHARDS/shard-I/result.json the moment it is read, so nothing
// collected is lost if the launcher is stopped before the merge.
type Collector struct {
	// Dir is the launch's shards folder.
	Dir      string
	Shards   int
	StartAt  string
	outcomes map[int]*Outcome
}

// NewCollector makes the shards folder RESULTS/WORKLOAD-shards-TIME.
func NewCollector(resultsDir, workloadName string, shards int, startAt string, now time.Time) (*Collector, error) {
	dir := filepath.Join(resultsDir, fmt.Sprintf("%s-shards-%s", workloadName, now.UTC().Format("20060102-150405")))
	for i := 2; ; i++ {
		if _, err := os.Stat(dir); os.IsNotExist(err) {
			break
		}
		dir = filepath.Join(resultsDir, fmt.Sprintf("%s-shards-%s-%d", workloadName, now.UTC().Format("20060102-150405"), i))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, &session.Error{Kind: session.Usage, Err: &session.ResultsDirError{Err: err}}
	}
	return &Collector{Dir: dir, Shards: shards, StartAt: startAt, outcomes: map[int]*Outcome{}}, nil
}

// ShardDir is shard i's folder, made on first use.
func (c *Collector) ShardDir(i int) (string, error) {
	d := filepath.Join(c.Dir, fmt.Sprintf("shard-%d", i))
	return d, os.MkdirAll(d, 0o755)
}

// Keep records shard i's output: the result block in it is decoded, checked
// to be this launch's shard i, and saved; any problem is the outcome's Err.
// A shard kept twice (a retried Kubernetes index) keeps its latest output.
func (c *Collector) Keep(i int, output []byte, runErr error) *Outcome {
	o := &Outcome{Index: i, Err: runErr}
	c.outcomes[i] = o
	dir, err := c.ShardDir(i)
	if err != nil {
		o.Err = err
		return o
	}
	o.Dir = dir
	if err := os.WriteFile(filepath.Join(dir, "output.log"), output, 0o644); err != nil {
		o.Err = err
		return o
	}
	res, js, err := results.ReadStream(strings.NewReader(string(output)))
	if err != nil {
		if o.Err == nil {
			o.Err = err
		}
		return o
	}
	if err := c.belongs(res); err != nil {
		o.Err = err
		return o
	}
	if err := results.WriteFile(filepath.Join(dir, "result.json"), js); err != nil {
		o.Err = err
		return o
	}
	o.Result = res
	return o
}

// belongs says how a result is not this launch's shard: a log of another
// run's pod must never be merged in.
func (c *Collector) belongs(r *results.Result) error {
	sh := r.Run.Shard
	switch {
	case c.Shards > 1 && sh == nil:
		return fmt.Errorf("its result is not a shard's")
	case c.Shards > 1 && sh.Count != c.Shards:
		return fmt.Errorf("its result is shard %d of %d, not of this launch's %d", sh.Index, sh.Count, c.Shards)
	case r.Run.StartAt != c.StartAt:
		return fmt.Errorf("its result started at %s, this launch at %s: it is another run's", orNone(r.Run.StartAt), c.StartAt)
	}
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "no common start"
	}
	return s
}

// Outcomes are the shards kept so far, by index.
func (c *Collector) Outcomes() []*Outcome {
	out := make([]*Outcome, 0, len(c.outcomes))
	for _, o := range c.outcomes {
		out = append(out, o)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Index < out[b].Index })
	return out
}

// Failed lists the shards without a result, with why, by index: the ones
// kept without a result and the ones never kept.
func (c *Collector) Failed() []Outcome {
	var out []Outcome
	for i := 0; i < c.Shards; i++ {
		o, ok := c.outcomes[i]
		switch {
		case !ok:
			out = append(out, Outcome{Index: i, Err: fmt.Errorf("no output was collected")})
		case o.Result == nil:
			out = append(out, *o)
		}
	}
	return out
}

// Merge merges the collected shards into one results folder under
// resultsDir, as `dbgauge merge` does; with a single shard collected, its
// result is the launch's. It fails when no shard has a result.
func (c *Collector) Merge(resultsDir string, histogram bool) (*results.Result, string, error) {
	var paths []string
	for _, o := range c.Outcomes() {
		if o.Result != nil {
			paths = append(paths, o.Dir)
		}
	}
	if len(paths) == 0 {
		return nil, "", fmt.Errorf("no shard returned a result (their output is in %s)", c.Dir)
	}
	if c.Shards == 1 {
		// One shard is the whole run: its folder is the result's.
		return c.outcomes[0].Result, c.outcomes[0].Dir, nil
	}
	return session.Merge(paths, resultsDir, histogram)
}

// PodEnd is how a launch of one pod (prepare, cleanup) ended: its output,
// and its error (the *ExitError with the pod's exit code, when it exited
// with one), nil if it ended well.
func (c *Collector) PodEnd() ([]byte, error) {
	outs := c.Outcomes()
	if len(outs) == 0 {
		return nil, &session.Error{Kind: session.Aborted, Err: errors.New("the pod did not run")}
	}
	o := outs[0]
	out, _ := os.ReadFile(filepath.Join(o.Dir, "output.log"))
	var ee *ExitError
	switch {
	case o.Err == nil || errors.Is(o.Err, results.ErrNoStreamedResult):
		return out, nil
	case errors.As(o.Err, &ee):
		return out, ee
	}
	return out, o.Err
}
