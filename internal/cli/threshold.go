package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
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
	res.Thresholds = results.EvaluateThresholds(o.thresholds, res)
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
