package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
)

// The reports written beside a result, a sweep or an experiment.
const (
	reportMarkdown = "report.md"
	reportHTML     = "report.html"
)

func (e *env) reportCmd() *cobra.Command {
	var outDir string
	cmd := &cobra.Command{
		Use:   "report RESULT…",
		Short: "Write report.md and report.html from saved results: a run, a sweep, an experiment, or several runs side by side",
		Long: `report renders reports from saved results alone: a run folder (or its
result.json), a sweep folder (sweep.json), an experiment folder
(experiment.json), or several runs at once, compared side by side.

It writes report.md (Markdown) and report.html (one self-contained page with
charts, no network needed) into the folder it reports on, or --out-dir, and
prints their paths.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("report needs a results folder, a result.json, a sweep or an experiment folder (several runs to compare them)")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			return e.report(args, outDir)
		},
	}
	cmd.Flags().StringVar(&outDir, "out-dir", "", "write the reports here (default: the folder reported on; for several runs, a new folder under "+defaultResultsDir+")")
	return cmd
}

// reportInput is one argument of report, read.
type reportInput struct {
	dir        string
	run        *results.Result
	sweep      *results.Sweep
	experiment *results.Experiment
}

func loadReportInput(path string) (*reportInput, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, usageErr("report: cannot read %s: %v", path, reportPathErr(err))
	}
	if !st.IsDir() {
		r, err := results.Read(path)
		if err != nil {
			return nil, usageErr("report: %v", reportPathErr(err))
		}
		return &reportInput{dir: filepath.Dir(path), run: r}, nil
	}
	in := &reportInput{dir: path}
	exists := func(name string) bool { _, err := os.Stat(filepath.Join(path, name)); return err == nil }
	switch {
	case exists(results.SweepFile):
		sw, err := results.ReadSweep(filepath.Join(path, results.SweepFile))
		if err != nil {
			return nil, usageErr("report: %v", reportPathErr(err))
		}
		in.sweep = sw
	case exists(results.ExperimentFile):
		x, err := results.ReadExperiment(filepath.Join(path, results.ExperimentFile))
		if err != nil {
			return nil, usageErr("report: %v", reportPathErr(err))
		}
		in.experiment = x
	case exists("result.json"):
		r, err := results.Read(filepath.Join(path, "result.json"))
		if err != nil {
			return nil, usageErr("report: %v", reportPathErr(err))
		}
		in.run = r
	default:
		return nil, usageErr("report: %s holds no result.json, %s or %s", path, results.SweepFile, results.ExperimentFile)
	}
	return in, nil
}

// stepResults reads the results of a sweep's steps or an experiment's
// runs, nil where one is missing.
func stepResults(dir string, sub []string) []*results.Result {
	rs := make([]*results.Result, len(sub))
	for i, s := range sub {
		if r, err := results.Read(filepath.Join(dir, s, "result.json")); err == nil {
			rs[i] = r
		}
	}
	return rs
}

func (e *env) report(args []string, outDir string) error {
	var ins []*reportInput
	for _, a := range args {
		in, err := loadReportInput(a)
		if err != nil {
			return err
		}
		if len(args) > 1 && in.run == nil {
			return usageErr("report: %s is a sweep or an experiment: report it alone (several arguments must be runs, to compare them)", a)
		}
		ins = append(ins, in)
	}
	var doc *report.Doc
	dir := ins[0].dir
	switch in := ins[0]; {
	case len(ins) > 1:
		rs := make([]*results.Result, len(ins))
		names := make([]string, len(ins))
		for i, in := range ins {
			rs[i], names[i] = in.run, filepath.Base(in.dir)
		}
		doc = report.CompareDoc(rs, report.RunLabels(rs, names))
		if outDir == "" {
			outDir = filepath.Join(defaultResultsDir, time.Now().Format("20060102-150405")+"-report")
		}
	case in.sweep != nil:
		sub := make([]string, len(in.sweep.Steps))
		for i, s := range in.sweep.Steps {
			sub[i] = s.Dir
		}
		doc = report.SweepDoc(in.sweep, stepResults(in.dir, sub))
	case in.experiment != nil:
		sub := make([]string, len(in.experiment.Runs))
		for i, r := range in.experiment.Runs {
			sub[i] = r.Dir
		}
		doc = report.ExperimentDoc(in.experiment, stepResults(in.dir, sub))
	default:
		doc = report.RunDoc(in.run)
	}
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return usageErr("--out-dir: cannot create %s: %v", outDir, reportPathErr(err))
		}
		dir = outDir
	}
	paths, err := writeReports(dir, doc)
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintln(e.stdout, p)
	}
	return nil
}

// writeReports writes report.md and report.html into dir, each whole or
// not at all, and returns their paths.
func writeReports(dir string, d *report.Doc) ([]string, error) {
	var md, page bytes.Buffer
	if err := report.Markdown(&md, d); err != nil {
		return nil, err
	}
	if err := report.HTML(&page, d); err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range []struct {
		name string
		data []byte
	}{{reportMarkdown, md.Bytes()}, {reportHTML, page.Bytes()}} {
		p := filepath.Join(dir, f.name)
		if err := results.WriteFile(p, f.data); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// reportPathErr drops the path that an *os.PathError repeats.
func reportPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// reportObserver leaves report.md and report.html in every run's folder.
// A report that cannot be written costs a one-line warning, never the
// result, which is already on disk.
type reportObserver struct{ e *env }

var _ runObserver = reportObserver{}

func (reportObserver) Start(*results.Result, string) {}
func (reportObserver) Interval(results.Interval)     {}
func (o reportObserver) End(res *results.Result, dir string) {
	if _, err := writeReports(dir, report.RunDoc(res)); err != nil {
		fmt.Fprintf(o.e.stderr, "dbgauge: warning: no report for this run: %s\n", message(err, o.e.secrets))
	}
}
