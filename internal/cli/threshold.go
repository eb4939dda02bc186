package cli

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/workload"
)

// parseThresholds parses every --threshold at startup: bad syntax or an
// unknown metric is a usage error.
func (o *options) parseThresholds() error {
	o.thresholds = nil
	for _, s := range o.thresholdExprs {
		t, err := results.ParseThreshold(s)
		if err != nil {
			return usageErr("--threshold %q: %v", s, err)
		}
		o.thresholds = append(o.thresholds, t)
	}
	return nil
}

// checkThresholdOps refuses, before connecting, a threshold on an operation
// the workload does not have.
func checkThresholdOps(o *options, c *session.Configured) error {
	if !slices.ContainsFunc(o.thresholds, func(t results.Threshold) bool { return t.Op != "" }) {
		return nil
	}
	if _, ok := c.Inst.(workload.OpLister); ok {
		// Its operations are named as they run (a sysbench script's
		// statements): a threshold on one is checked at the end, where one
		// that never ran fails (resolveOps).
		return nil
	}
	w := c.W
	var names []string
	for _, op := range c.Inst.Ops() {
		names = append(names, op.Name)
	}
	for _, t := range o.thresholds {
		if t.Op != "" && !slices.Contains(names, t.Op) {
			return usageErr("--threshold %q: %s has no operation %q (operations: %s)", t.Expr, w.Meta().Name, t.Op, strings.Join(names, ", "))
		}
	}
	return nil
}

// checkThresholds evaluates the thresholds against the result, prints the
// Thresholds section, and saves the outcomes in the folder's result.json
// and summary.txt. It returns an ExitThreshold error if any failed.
func (e *env) checkThresholds(o *options, res *results.Result, dir string) error {
	if len(o.thresholds) == 0 {
		return nil
	}
	res.Thresholds = results.EvaluateThresholds(resolveOps(o.thresholds, res), res)
	var b bytes.Buffer
	report.Thresholds(&b, res.Thresholds)
	e.stdout.Write(b.Bytes())
	if dir != "" {
		if err := results.WriteJSON(filepath.Join(dir, "result.json"), res); err != nil {
			fmt.Fprintf(e.stderr, "dbgauge: warning: cannot save the thresholds in result.json: %v\n", err)
		}
		if summary, err := os.ReadFile(filepath.Join(dir, "summary.txt")); err == nil {
			results.WriteFile(filepath.Join(dir, "summary.txt"), append(summary, b.Bytes()...))
		}
	}
	var failed []string
	for _, t := range res.Thresholds {
		if !t.Pass {
			failed = append(failed, fmt.Sprintf("%s (%s)", t.Expr, report.Measured(t)))
		}
	}
	if len(failed) == 0 {
		return nil
	}
	return withCode(ExitThreshold, fmt.Errorf("%d of %d thresholds failed: %s", len(failed), len(res.Thresholds), strings.Join(failed, "; ")))
}

// resolveOps finds the operation of each threshold among the result's by
// its name without spaces, as --threshold reads it: a script's statement
// is named by its SQL ("SELECT c FROM sbtest1 WHERE id=?.p99<5ms" names
// SELECT c FROM sbtest1 WHERE id=?). The thresholds are copied, since a
// sweep checks them against each step's result.
func resolveOps(ts []results.Threshold, res *results.Result) []results.Threshold {
	out := slices.Clone(ts)
	for i, t := range out {
		if t.Op == "" {
			continue
		}
		if _, ok := res.Ops[t.Op]; ok {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(res.Ops)) { // the first, should spaces alone tell two apart
			if strings.Join(strings.Fields(name), "") == t.Op {
				out[i].Op, out[i].Expr = name, name+strings.TrimPrefix(t.Expr, t.Op)
				break
			}
		}
	}
	return out
}
