package session

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/results/store"
	"github.com/dbgauge/dbgauge/workload"
)

// Finish is what finishes a run's results folder once result.json and
// summary.txt are written: its thresholds, the files its result is also
// written to, and the results store it is recorded in. A shard's Spec
// carries none of it (its launcher finishes the merged result).
type Finish struct {
	// Thresholds are checked against the result and saved in it.
	Thresholds []results.Threshold
	// Outputs are files the result is also written to, in order.
	Outputs []Output
	// Store is the results store's file ("": none).
	Store string
}

// Output is one file a result is also written to: Format "json" (the
// result as result.json holds it) or "csv" (one row per interval).
type Output struct{ Format, Path string }

// OutputFormats are the formats an Output takes.
var OutputFormats = []string{"json", "csv"}

// OutputError is an Output that cannot be written.
type OutputError struct {
	Format string
	Err    error
}

func (e *OutputError) Error() string { return e.Format + " output: " + e.Err.Error() }
func (e *OutputError) Unwrap() error { return e.Err }

// ThresholdOpError is a threshold on an operation the workload does not
// have (a usage error: Plan refuses it before connecting).
type ThresholdOpError struct {
	Expr, Workload, Op string
	Ops                []string
}

func (e *ThresholdOpError) Error() string {
	return fmt.Sprintf("threshold %q: %s has no operation %q (operations: %s)", e.Expr, e.Workload, e.Op, strings.Join(e.Ops, ", "))
}

// CheckOutputs fails before a run if an output file cannot be written.
func (f Finish) CheckOutputs() error {
	for _, o := range f.Outputs {
		if err := results.CheckWritable(o.Path); err != nil {
			return &Error{Usage, &OutputError{o.Format, err}}
		}
	}
	return nil
}

// checkOps refuses, before connecting, a threshold on an operation the
// workload does not have.
func (f Finish) checkOps(c *Configured) error {
	if !slices.ContainsFunc(f.Thresholds, func(t results.Threshold) bool { return t.Op != "" }) {
		return nil
	}
	if _, ok := c.Inst.(workload.OpLister); ok {
		// Its operations are named as they run (a sysbench script's
		// statements): a threshold on one is checked at the end, where one
		// that never ran fails (resolveOps).
		return nil
	}
	var names []string
	for _, op := range c.Inst.Ops() {
		names = append(names, op.Name)
	}
	for _, t := range f.Thresholds {
		if t.Op != "" && !slices.Contains(names, t.Op) {
			return &Error{Usage, &ThresholdOpError{Expr: t.Expr, Workload: c.W.Meta().Name, Op: t.Op, Ops: names}}
		}
	}
	return nil
}

// Apply finishes the results folder dir of res: the thresholds (their
// section goes to the observer and into result.json and summary.txt), the
// outputs, and the store. It returns the error that sets the exit code,
// if any: an output that could not be written (*OutputError), else failed
// thresholds (an *Error of kind Failed). A store that cannot record the
// run costs a note only: the result is in its folder.
func (f Finish) Apply(res *results.Result, dir string, obs Observer) error {
	terr := f.thresholds(res, dir, obs)
	oerr := f.writeOutputs(res)
	if f.Store != "" {
		Record(f.Store, res, dir, obs)
	}
	if oerr != nil {
		return oerr
	}
	return terr
}

// thresholds evaluates the thresholds against res, shows their section and
// saves their outcomes in dir's result.json and summary.txt.
func (f Finish) thresholds(res *results.Result, dir string, obs Observer) error {
	if len(f.Thresholds) == 0 {
		return nil
	}
	res.Thresholds = results.EvaluateThresholds(resolveOps(f.Thresholds, res), res)
	var b bytes.Buffer
	report.Thresholds(&b, res.Thresholds)
	obs.Thresholds(b.String())
	if dir != "" {
		if err := results.WriteJSON(filepath.Join(dir, "result.json"), res); err != nil {
			obs.Note(fmt.Sprintf("dbgauge: warning: cannot save the thresholds in result.json: %v", err))
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
	return &Error{Failed, fmt.Errorf("%d of %d thresholds failed: %s", len(failed), len(res.Thresholds), strings.Join(failed, "; "))}
}

// resolveOps finds the operation of each threshold among the result's by
// its name without spaces, as a threshold reads it: a script's statement
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

// writeOutputs writes every output, all of them even if one fails; the
// first failure is returned.
func (f Finish) writeOutputs(res *results.Result) error {
	var first error
	for _, o := range f.Outputs {
		var err error
		switch o.Format {
		case "json":
			err = results.WriteJSON(o.Path, res)
		case "csv":
			var b bytes.Buffer
			if err = report.IntervalsCSV(&b, res); err == nil {
				err = results.WriteFile(o.Path, b.Bytes())
			}
		}
		if err != nil && first == nil {
			first = &OutputError{o.Format, err}
		}
	}
	return first
}

// Record adds a finished run to the store at path, and says so. A failure
// never costs the result, which is in its folder: it is a note.
func Record(path string, res *results.Result, dir string, obs Observer) {
	id, _, err := AddToStore(path, res, dir)
	if err != nil {
		obs.Note(fmt.Sprintf("dbgauge: warning: run not recorded: %s (the result is in %s)", redactedLine(err), dir))
		return
	}
	obs.Note(fmt.Sprintf("Recorded as run #%d in %s", id, path))
}

// AddToStore adds res, from folder dir, to the store at path, and returns
// its id and whether it was new.
func AddToStore(path string, res *results.Result, dir string) (int64, bool, error) {
	s, err := store.Open(path)
	if err != nil {
		return 0, false, err
	}
	defer s.Close()
	return s.Add(Redacted(res), dir)
}

// Redacted is res with the URL and command line redacted again: results
// written by dbgauge already are, but a result read from a file may not be.
func Redacted(res *results.Result) *results.Result {
	r := *res
	r.Target.URL = db.Redact(r.Target.URL)
	if r.Environment != nil {
		env := *r.Environment
		env.CommandLine = db.Redact(env.CommandLine)
		r.Environment = &env
	}
	return &r
}

// redactedLine is err on one line, without a URL's password.
func redactedLine(err error) string { return db.Redact(oneLine(err)) }

// WriteReports leaves report.md and report.html of res in its folder dir.
// A report that cannot be written costs a note, never the result, which
// is on disk already.
func WriteReports(res *results.Result, dir string, obs Observer) {
	if _, err := report.WriteFiles(dir, report.RunDoc(res)); err != nil {
		obs.Note("dbgauge: warning: no report for this run: " + redactedLine(err))
	}
}
