package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// ExperimentDoc is the report of an experiment: its runs side by side, as
// CompareDoc shows them, under the experiment's name and with its table
// of runs. rs holds each run's result where it could be read (nil
// otherwise), in the order of x.Runs.
func ExperimentDoc(x *results.Experiment, rs []*results.Result) *Doc {
	labels := experimentLabels(x.Runs)
	var have []*results.Result
	var haveLabels []string
	for i, r := range rs {
		if r != nil && i < len(labels) {
			have = append(have, r)
			haveLabels = append(haveLabels, labels[i])
		}
	}
	var d *Doc
	if len(have) > 0 {
		d = CompareDoc(have, haveLabels)
	} else {
		d = &Doc{}
	}
	d.Title = fmt.Sprintf("Experiment %s: dbgauge report", x.Name)
	s := Section{Title: "Experiment"}
	p := fmt.Sprintf("%s from %s: %s, started %s", x.Name, x.File, fmtPlural(int64(len(x.Runs)), "run"), fmtTime(x.StartedAt))
	if x.EndedAt != "" {
		p += ", ended " + fmtTime(x.EndedAt)
	}
	if x.Interrupted {
		p += "; it was interrupted, so its last runs are missing"
	}
	s.para(p + ".")
	if x.Description != "" {
		s.para(x.Description)
	}
	t := &Table{Head: []string{"run", "workload", "target", "parameters", "TPS", "QPS", "p95 ms", "p99 ms", "errors"}, Align: "llllrrrrr"}
	figs := throughputCells(rs, len(x.Runs))
	if figs != nil {
		t.Head, t.Align = slices.Insert(t.Head, 6, "throughput"), t.Align+"r"
	}
	for i, r := range x.Runs {
		row := []string{labels[i], r.Workload, r.Target, r.Params, fmtNum(r.TPS), fmtNum(r.QPS), fmtMs(r.P95Ms), fmtMs(r.P99Ms), fmtCount(r.Errors)}
		if figs != nil {
			row = slices.Insert(row, 6, figs[i])
		}
		t.Rows = append(t.Rows, row)
	}
	s.table(t)
	if missing := len(x.Runs) - len(have); missing > 0 {
		s.para(fmt.Sprintf("%s could not be read from its folder; the comparison below leaves it out.", fmtPlural(int64(missing), "run")))
	}
	head := []Section{s}
	if sc := scalingSection(x, rs); sc != nil {
		head = append(head, *sc)
	}
	d.Sections = append(head, d.Sections...)
	return d
}

// experimentLabels name the runs by what varies among them: workload,
// target, parameters, repeat.
func experimentLabels(runs []results.ExperimentRun) []string {
	parts := []func(r results.ExperimentRun) string{
		func(r results.ExperimentRun) string { return r.Workload },
		func(r results.ExperimentRun) string { return r.Target },
		func(r results.ExperimentRun) string { return r.Params },
		func(r results.ExperimentRun) string { return fmt.Sprintf("#%d", r.Repeat) },
	}
	labels := make([]string, len(runs))
	for _, p := range parts {
		seen := map[string]bool{}
		for _, r := range runs {
			seen[p(r)] = true
		}
		if len(seen) < 2 {
			continue
		}
		for i, r := range runs {
			labels[i] = strings.TrimSpace(labels[i] + " " + p(r))
		}
	}
	for i := range labels {
		if labels[i] == "" {
			labels[i] = fmt.Sprintf("run %d", runs[i].Step)
		}
	}
	return labels
}

// throughputCells are the runs' throughput figures ("143,258 gets/s"), for
// the experiment's table when some run has one (a TPS of pipelined or
// batched operations undercounts their records); nil when none has.
func throughputCells(rs []*results.Result, n int) []string {
	cells := make([]string, n)
	any := false
	for i := range min(n, len(rs)) {
		if r := rs[i]; r != nil {
			if m := throughput(r); m.name != "TPS" {
				cells[i], any = m.String(), true
			}
		}
	}
	if !any {
		return nil
	}
	return cells
}
