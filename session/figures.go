package session

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/run"
	"github.com/dbgauge/dbgauge/workload"
)

// figures computes a workload's headline figures (workload.Figurer) for
// the result and every interval, and reads its probe (workload.Prober) at
// the start and the end of the measured window on a connection of its
// own.
type figures struct {
	f      workload.Figurer
	p      workload.Prober
	types  []string
	start  map[string]float64
	failed error
}

// newFigures returns nil when the instance has no figures.
func newFigures(inst workload.Instance) *figures {
	f, ok := inst.(workload.Figurer)
	if !ok {
		return nil
	}
	fs := &figures{f: f}
	fs.p, _ = inst.(workload.Prober)
	for _, t := range inst.Transactions() {
		fs.types = append(fs.types, t.Name)
	}
	return fs
}

// hook wires the figures into the runner's configuration: the probe at the
// start of the measured part, the figures into every measured interval.
func (fs *figures) hook(ctx context.Context, cfg *run.Config, o *opened) {
	if fs == nil {
		return
	}
	if fs.p != nil {
		cfg.OnMeasure = func() { fs.start, fs.failed = fs.probe(ctx, o) }
	}
	next := cfg.OnInterval
	cfg.OnInterval = func(iv results.Interval) {
		if !iv.Warmup {
			iv.Figures = fs.interval(iv)
		}
		next(iv)
	}
}

// probe reads the workload's probe on a new connection: the control
// connection is the server poller's.
func (fs *figures) probe(ctx context.Context, o *opened) (map[string]float64, error) {
	conn, err := o.tg.Open(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	return fs.p.Probe(ctx, conn)
}

// interval is the figures of one interval, from its counts.
func (fs *figures) interval(iv results.Interval) map[string]float64 {
	c := workload.Counts{Seconds: iv.DurS, Types: make([]workload.TypeCounts, len(fs.types))}
	for i, name := range fs.types {
		if t, ok := iv.Types[name]; ok {
			c.Types[i] = workload.TypeCounts{Count: t.Count, Rollbacks: t.Rollbacks, Errors: t.Errors}
		} else if len(fs.types) == 1 {
			c.Types[i] = workload.TypeCounts{Count: iv.Transactions}
		}
	}
	out := map[string]float64{}
	for _, f := range fs.f.Figures(c) {
		out[f.Name] = f.Value
	}
	return out
}

// finish reads the probe again and sets the result's figures; a probe that
// failed leaves out the figures that need it, with a note.
func (fs *figures) finish(ctx context.Context, o *opened, res *results.Result, obs Observer) {
	if fs == nil {
		return
	}
	if fs.p != nil && fs.failed == nil && fs.start != nil {
		end, err := fs.probe(context.WithoutCancel(ctx), o)
		if err == nil {
			res.Probe = map[string]float64{}
			for k, v := range end {
				if b, ok := fs.start[k]; ok {
					res.Probe[k] = v - b
				}
			}
		} else {
			fs.failed = err
		}
	}
	if fs.failed != nil {
		obs.Note(fmt.Sprintf("dbgauge: the workload's probe failed (%v): figures that need it are left out", fs.failed))
	}
	res.Figures = Figures(fs.f, fs.types, res)
}

// Figures computes f's figures from a result's totals: a run's, or a
// merge's.
func Figures(f workload.Figurer, types []string, res *results.Result) []results.Figure {
	c := workload.Counts{Seconds: res.Totals.DurationS, Types: make([]workload.TypeCounts, len(types)), Probe: res.Probe}
	for i, name := range types {
		if t, ok := res.Transactions[name]; ok {
			c.Types[i] = workload.TypeCounts{Count: t.Count, Rollbacks: t.Rollbacks, Errors: t.Errors}
		} else if len(types) == 1 {
			c.Types[i] = workload.TypeCounts{Count: res.Totals.Transactions, Rollbacks: res.Totals.Rollbacks, Errors: res.Totals.Errors}
		}
	}
	var out []results.Figure
	for _, x := range f.Figures(c) {
		out = append(out, results.Figure{Name: x.Name, Value: x.Value, Unit: x.Unit, Help: x.Help, Target: x.Target, Throughput: x.Throughput})
	}
	return out
}

// mergeFigures recomputes a merged result's figures from its merged counts,
// through the workload its shards ran. The probe of each shard measured the
// whole database over the same window (shards share one), so the merged
// probe is the largest shard's change, not their sum.
func mergeFigures(res *results.Result, shards []results.Named) {
	res.Figures, res.Probe = nil, nil
	for _, s := range shards {
		for k, v := range s.Result.Probe {
			if res.Probe == nil {
				res.Probe = map[string]float64{}
			}
			res.Probe[k] = max(res.Probe[k], v)
		}
	}
	w, ok := catalog.Workload(res.Workload.Name)
	if !ok {
		return
	}
	v, err := workload.ParseValues(w.Options(), res.Workload.Options)
	if err != nil {
		return
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: res.Run.Threads, Seed: res.Run.Seed})
	if err != nil {
		return
	}
	fs := newFigures(inst)
	if fs == nil {
		return
	}
	res.Figures = Figures(fs.f, fs.types, res)
	for i := range res.Intervals {
		if !res.Intervals[i].Warmup {
			res.Intervals[i].Figures = fs.interval(res.Intervals[i])
		}
	}
}
