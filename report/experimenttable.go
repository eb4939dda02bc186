package report

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/dbgauge/dbgauge/results"
)

// ExperimentTable prints one line per step, target and parameters: the
// median over the repetitions and the spread of TPS, as the experiment
// command shows them at the end.
func ExperimentTable(w io.Writer, x *results.Experiment) {
	type group struct {
		key  string
		runs []results.ExperimentRun
	}
	var groups []*group
	index := map[string]*group{}
	for _, r := range x.Runs {
		key := fmt.Sprintf("%d\x00%s\x00%s", r.Step, r.Target, r.Params)
		g := index[key]
		if g == nil {
			g = &group{key: key}
			index[key] = g
			groups = append(groups, g)
		}
		g.runs = append(g.runs, r)
	}
	fmt.Fprintf(w, "\nExperiment %s (%d runs; medians over the repetitions):\n", x.Name, len(x.Runs))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "workload\ttarget\tparameters\truns\ttps\ttps min-max\tqps\tp95 ms\tp99 ms\terrors")
	for _, g := range groups {
		r := g.runs[0]
		tps := collect(g.runs, func(r results.ExperimentRun) float64 { return r.TPS })
		var errs int64
		for _, x := range g.runs {
			errs += x.Errors
		}
		params := r.Params
		if params == "" {
			params = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%.2f\t%.2f-%.2f\t%.2f\t%.2f\t%.2f\t%d\n", r.Workload, r.Target, params, len(g.runs),
			median(tps), slices.Min(tps), slices.Max(tps),
			median(collect(g.runs, func(r results.ExperimentRun) float64 { return r.QPS })),
			median(collect(g.runs, func(r results.ExperimentRun) float64 { return r.P95Ms })),
			median(collect(g.runs, func(r results.ExperimentRun) float64 { return r.P99Ms })), errs)
	}
	tw.Flush()
	if x.Interrupted {
		fmt.Fprintf(w, "Interrupted after %d runs; the finished runs are saved.\n", len(x.Runs))
	}
}

func collect(runs []results.ExperimentRun, f func(results.ExperimentRun) float64) []float64 {
	out := make([]float64, len(runs))
	for i, r := range runs {
		out[i] = f(r)
	}
	return out
}

func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
