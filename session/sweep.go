package session

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
)

// SweepPlan is a sweep: the same run once per value of one parameter,
// each step's Spec ready (checked by NewPlan).
type SweepPlan struct {
	// Workload is the workload as given (a name or a file's path).
	Workload string
	// Param is "threads", "db" or a data-size option's name
	// (workload.Option.DataSize); Values are its values, one per step,
	// and Specs the steps' runs.
	Param  string
	Values []string
	Specs  []Spec
	// ResultsDir receives the sweep's folder; each step's folder goes
	// inside it.
	ResultsDir string
}

// Sweep runs the plan's steps in order into one sweep folder, and writes
// its sweep.json (with the knee over threads). It stops at a step that
// fails, interrupted or not, and goes on after a step whose thresholds
// or outputs failed; it returns the sweep, its folder and the error that
// ended it (the first such error if it ran to the end).
func Sweep(ctx context.Context, p SweepPlan, obs Observer, env Env) (*results.Sweep, string, error) {
	start := time.Now()
	dir, err := newDir(p.ResultsDir, "sweep-"+p.Workload+"-"+p.Param, start)
	if err != nil {
		return nil, "", resultsDirErr(err)
	}
	sw := &results.Sweep{SchemaVersion: results.SchemaVersion, Workload: p.Workload, Parameter: p.Param, StartedAt: start.Format(time.RFC3339)}
	var st steps
	for i, s := range p.Specs {
		s.ResultsDir = dir
		s.Finish.Outputs = nil // the sweep's own, written at the end
		value := p.value(i)
		obs.Note(fmt.Sprintf("\n=== sweep %s: step %d of %d, %s = %s ===", p.Workload, i+1, len(p.Specs), p.Param, value))
		res, rdir, err := Run(ctx, s, obs, env)
		if res != nil {
			sw.Steps = append(sw.Steps, sweepStep(value, p.Param == "db", res, dir, rdir))
		}
		if !st.next(res, err) {
			break
		}
	}
	sw.EndedAt, sw.Interrupted = st.end()
	if p.Param == "threads" {
		sw.Knee = results.FindKnee(sw.Steps)
		sw.MemPerConnectionKB = results.MemPerConnection(sw.Steps)
	}
	if err := results.WriteJSON(filepath.Join(dir, results.SweepFile), sw); err != nil {
		return nil, "", err
	}
	return sw, dir, st.err
}

// FinishedOnly says err is a finished run's failed threshold or output
// file: a sweep or an experiment goes on with its next step, and ends
// with the first such error.
func FinishedOnly(err error) bool {
	var oe *OutputError
	return err != nil && (KindOf(err) == Failed || errors.As(err, &oe))
}

// FinishSweep writes what follows a sweep's table: its report in its
// folder, and its outputs (json: sweep.json's content; csv: one row per
// step).
func FinishSweep(sw *results.Sweep, dir string, outs []Output, obs Observer) error {
	FolderReport("Sweep", dir, report.SweepDoc(sw, results.StepResults(dir, sw.StepDirs())), obs)
	for _, out := range outs {
		var err error
		if out.Format == "csv" {
			err = writeSweepCSV(out.Path, sw)
		} else {
			err = results.WriteJSON(out.Path, sw)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// value is step i's value as it may be printed: a URL without its secrets.
func (p SweepPlan) value(i int) string {
	v := strings.TrimSpace(p.Values[i])
	if p.Param == "db" {
		return redactURL(v)
	}
	return v
}

// redactURL is a database URL without any of its secrets.
func redactURL(u string) string {
	if tg, err := ResolveTarget(u); err == nil {
		for _, s := range tg.Secrets() {
			if s != "" {
				u = strings.ReplaceAll(u, s, "xxxxx")
			}
		}
	}
	return db.Redact(u)
}

func sweepStep(value string, isDB bool, res *results.Result, sweepDir, runDir string) results.SweepStep {
	rel, err := filepath.Rel(sweepDir, runDir)
	if err != nil {
		rel = runDir
	}
	s := results.SweepStep{
		Value: value, Threads: res.Run.Threads, Dir: rel,
		TPS: res.Totals.TPS, QPS: res.Totals.QPS, AvgMs: res.Latency.Avg, P95Ms: res.Latency.P95, P99Ms: res.Latency.P99,
		MaxMs: res.Latency.Max, Errors: res.Totals.Errors,
	}
	if f := res.ThroughputFigure(); f != nil {
		s.Throughput = &results.Figure{Name: f.Name, Value: f.Value, Unit: f.Unit, Throughput: true}
	}
	if isDB {
		s.Value = res.Target.URL
	}
	if r := res.Resources; r != nil && r.ServerMemBeforeMB > 0 {
		// The server's average memory during the step.
		s.ServerMemMB = r.ServerMemBeforeMB + r.MemPerConnectionKB*float64(res.Run.Threads)/1024
	}
	return s
}

// writeSweepCSV writes one row per step. The last three columns are the
// step's throughput figure (name, value, unit), empty for a workload
// without one.
func writeSweepCSV(path string, sw *results.Sweep) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{sw.Parameter, "threads", "tps", "qps", "avg_ms", "p95_ms", "p99_ms", "max_ms", "errors", "server_mem_mb", "knee",
		"throughput_name", "throughput", "throughput_unit"})
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for i, s := range sw.Steps {
		knee := ""
		if sw.Knee != nil && sw.Knee.Index == i {
			knee = "knee"
		}
		row := []string{s.Value, strconv.Itoa(s.Threads), f(s.TPS), f(s.QPS), f(s.AvgMs), f(s.P95Ms), f(s.P99Ms), f(s.MaxMs),
			strconv.FormatInt(s.Errors, 10), f(s.ServerMemMB), knee, "", "", ""}
		if t := s.Throughput; t != nil {
			row[11], row[12], row[13] = t.Name, f(t.Value), t.Unit
		}
		w.Write(row)
	}
	w.Flush()
	return results.WriteFile(path, b.Bytes())
}

// FolderReport writes a sweep's or an experiment's own report into its
// folder and names the folder; a report that cannot be written is a
// note, the results are on disk already.
func FolderReport(what, dir string, d *report.Doc, obs Observer) {
	if _, err := report.WriteFiles(dir, d); err != nil {
		obs.Note(fmt.Sprintf("dbgauge: cannot write the %s report: %s", strings.ToLower(what), redactedLine(err)))
	}
	obs.Note(fmt.Sprintf("%s: %s (report.html, report.md)", what, dir))
}

// newDir makes a sweep's or an experiment's folder under root, named
// after the start time and name; each run's folder goes inside.
func newDir(root, name string, start time.Time) (string, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	base := filepath.Join(root, start.Format("20060102-150405")+"-"+name)
	dir := base
	for i := 2; ; i++ {
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return "", err
		}
		dir = fmt.Sprintf("%s-%d", base, i)
	}
}
