package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/experiment"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
)

// notInExperiments are flags an experiment file may not set: the file
// names its targets, the experiment owns its folder, prepare is a policy.
var notInExperiments = []string{"db", "out", "results-dir", "no-prepare"}

type experimentFlags struct {
	resultsDir string
	dryRun     bool
}

func (e *env) experimentCmd() *cobra.Command {
	xf := &experimentFlags{}
	cmd := &cobra.Command{
		Use:   "experiment FILE.yaml",
		Short: "Run a YAML matrix of targets × workloads × parameters into one results folder",
		Long: `experiment runs every step of FILE.yaml on its targets, over its matrix,
repeated, into one experiment folder with experiment.json and one folder per
run. The whole file is checked first and every error is reported at once,
with its line. See examples/ for one file per study.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageErr("experiment needs exactly one experiment file, got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.experiment(cmd.Context(), xf, args[0])
		},
	}
	cmd.Flags().StringVar(&xf.resultsDir, "results-dir", defaultResultsDir, "directory that receives the experiment's folder")
	cmd.Flags().BoolVar(&xf.dryRun, "dry-run", false, "check the file and list the runs without running them")
	return cmd
}

// plannedRun is an experiment run with its options resolved.
type plannedRun struct {
	experiment.Run
	o *options
}

// planExperiment checks every run of the file as if its settings were
// given on the command line, and reports every problem with its line.
func (e *env) planExperiment(path string, xf *experimentFlags) (*experiment.File, []plannedRun, error) {
	f, err := experiment.Load(path)
	var errs *experiment.Errors
	if errors.As(err, &errs) {
		for _, line := range strings.Split(errs.Error(), "\n") {
			fmt.Fprintf(e.stderr, "%s\n", line)
		}
		return nil, nil, usageErr("%s: %d %s; nothing was run", path, len(errs.List), plural(len(errs.List), "error", "errors"))
	} else if err != nil {
		return nil, nil, usageErr("%v", err)
	}
	errs = &experiment.Errors{File: path}
	seen := map[string]bool{}
	report := func(line int, format string, args ...any) {
		key := fmt.Sprintf("%d:"+format, append([]any{line}, args...)...)
		if !seen[key] {
			seen[key] = true
			errs.Add(line, format, args...)
		}
	}
	for _, t := range f.Targets {
		if _, err := session.ResolveTarget(t.URL); err != nil {
			report(t.Line, "target %s: %v", t.Name, message(err, nil))
		} else {
			e.secretOf(t.URL)
		}
	}
	var plan []plannedRun
	for _, r := range f.Runs() {
		o, ok := e.runOptions(r, report)
		if !ok {
			continue
		}
		o.spec.ResultsDir = xf.resultsDir
		plan = append(plan, plannedRun{Run: r, o: o})
	}
	if n := len(errs.List); n > 0 {
		// One line per problem, then the error that sets the exit code.
		sort.SliceStable(errs.List, func(i, j int) bool { return errs.List[i].Line < errs.List[j].Line })
		for _, line := range strings.Split(errs.Error(), "\n") {
			fmt.Fprintf(e.stderr, "%s\n", message(errors.New(line), e.secrets))
		}
		return nil, nil, usageErr("%s: %d %s; nothing was run", path, n, plural(n, "error", "errors"))
	}
	return f, plan, nil
}

// runOptions builds one run's options through the same flags as the
// command line, so a setting means in a file what it means there.
func (e *env) runOptions(r experiment.Run, report func(int, string, ...any)) (*options, bool) {
	o := newOptions()
	cmd := &cobra.Command{}
	addTargetFlags(cmd, o)
	addRunFlags(cmd, o)
	fs := cmd.Flags()
	addServerSetFlag(fs, &o.spec)
	fs.SetNormalizeFunc(normalize)
	w, known := catalog.Workload(r.Workload)
	if !known {
		report(r.Line, "unknown workload %q (see `dbgauge list`)", r.Workload)
		return nil, false
	}
	bindOptions(fs, o, w)
	own := map[string]bool{}
	for _, opt := range w.Options() {
		own[opt.Name] = true
	}
	ok := true
	for _, s := range r.Settings {
		key, value := serverSetKey(s.Key, s.Value)
		key = strings.ReplaceAll(key, "_", "-")
		fl := fs.Lookup(key)
		switch {
		case fl == nil || slices.Contains(notInExperiments, key):
			switch {
			case slices.Contains(notInExperiments, key):
				report(s.Line, "%s cannot be set in an experiment file (targets name the databases; the experiment owns its folder; prepare is a policy)", key)
			case len(ownerOf(key)) > 0 && !own[key]:
				report(s.Line, "%s is not an option of %s", key, r.Workload)
			default:
				report(s.Line, "unknown option %q: not a run flag nor an option of any workload (see `dbgauge list`)", s.Key)
			}
			ok = false
			continue
		}
		if err := fs.Set(key, value); err != nil {
			if key == "server-set" {
				report(s.Line, "server-set: %v", err)
			} else {
				report(s.Line, "%s: %q is not a valid %s", key, value, fl.Value.Type())
			}
			fs.Set(key, fl.DefValue) // a failed Set leaves a zero behind
			ok = false
		}
	}
	// Go on with what was valid: the remaining problems are reported now
	// too, not after the user fixed the first ones.
	o.db = r.Target.URL
	o.spec.Prepare = r.Prepare
	o.spec.Workload = r.Workload
	if err := o.validate(); err != nil {
		report(r.Line, "%s: %v", r.Workload, err)
		return nil, false
	}
	spec, err := o.specFor(r.Workload)
	if err == nil {
		_, err = session.Configure(&spec)
	}
	if err != nil {
		report(r.Line, "%v", err)
		return nil, false
	}
	return o, ok
}

func (e *env) experiment(ctx context.Context, xf *experimentFlags, path string) error {
	f, plan, err := e.planExperiment(path, xf)
	if err != nil {
		return err
	}
	if xf.dryRun {
		fmt.Fprintf(e.stdout, "Experiment %s: %d runs\n", f.Name, len(plan))
		for i, r := range plan {
			fmt.Fprintf(e.stdout, "%4d  %-22s %-10s repeat %d  %s\n", i+1, r.Workload, r.Target.Name, r.Repeat, r.Label())
		}
		return nil
	}
	start := time.Now()
	dir, err := makeFolder(xf.resultsDir, "experiment-"+f.Name, start)
	if err != nil {
		return usageErr("--results-dir: %v", err)
	}
	if src, err := os.ReadFile(path); err == nil {
		os.WriteFile(filepath.Join(dir, "experiment.yaml"), src, 0o644)
	}
	x := &results.Experiment{SchemaVersion: results.SchemaVersion, Name: f.Name, Description: f.Description,
		File: path, StartedAt: start.Format(time.RFC3339)}
	save := func() error { return results.WriteJSON(filepath.Join(dir, results.ExperimentFile), x) }
	if err := save(); err != nil {
		return err
	}
	var runErr error
	// prepared are the (target, workload) pairs whose data this experiment
	// made: cleanup drops those only, never data that was there before.
	prepared := map[string]bool{}
	made := map[string]bool{} // target and dataset name the experiment made (workloads share datasets)
	for i, r := range plan {
		fmt.Fprintf(e.stderr, "\n=== experiment %s: run %d of %d: %s on %s %s (repeat %d) ===\n",
			f.Name, i+1, len(plan), r.Workload, r.Target.Name, r.Label(), r.Repeat)
		r.o.spec.ResultsDir = dir
		key := r.Target.URL + "\x00" + r.Workload
		if _, seen := prepared[key]; !seen {
			// Data there before the experiment's first run on it is not
			// the experiment's to drop (if this cannot tell, it keeps it).
			had, herr := true, error(nil)
			if s, serr := r.o.specFor(r.Workload); serr == nil {
				had, herr = session.Prepared(ctx, s)
			}
			prepared[key] = herr == nil && !had
		}
		res, rdir, err := e.runOne(ctx, r.o, r.Workload)
		if res != nil && res.Dataset != nil {
			dk := r.Target.URL + "\x00" + res.Dataset.Name
			if prepared[key] {
				made[dk] = true
			} else if made[dk] {
				prepared[key] = true
			}
		}
		if res != nil {
			rel, _ := filepath.Rel(dir, rdir)
			x.Runs = append(x.Runs, results.ExperimentRun{Step: r.Step, Workload: r.Workload, Target: r.Target.Name,
				URL: res.Target.URL, Params: r.Label(), Repeat: r.Repeat, Dir: rel, Threads: res.Run.Threads,
				TPS: res.Totals.TPS, QPS: res.Totals.QPS, AvgMs: res.Latency.Avg, P95Ms: res.Latency.P95,
				P99Ms: res.Latency.P99, MaxMs: res.Latency.Max, Errors: res.Totals.Errors})
			if aerr := e.afterRun(r.o, res, rdir); aerr != nil && runErr == nil {
				runErr = aerr
			}
			if err := save(); err != nil {
				return err
			}
		}
		if err != nil {
			runErr = err
			break
		}
	}
	x.EndedAt = time.Now().Format(time.RFC3339)
	x.Interrupted = codeOf(runErr) == ExitInterrupted
	if err := save(); err != nil {
		return err
	}
	if f.Cleanup && !x.Interrupted {
		e.cleanupExperiment(ctx, plan, prepared)
	}
	printExperiment(e.stdout, x)
	sub := make([]string, len(x.Runs))
	for i, r := range x.Runs {
		sub[i] = r.Dir
	}
	e.folderReport("Experiment", dir, report.ExperimentDoc(x, stepResults(dir, sub)))
	return runErr
}

// cleanupExperiment drops what the experiment prepared: each workload's
// dataset once per target, through its stamp, when the experiment made it
// (prepared); data that was there before it stays, and it says so.
func (e *env) cleanupExperiment(ctx context.Context, plan []plannedRun, prepared map[string]bool) {
	done := map[string]bool{}
	for _, r := range plan {
		key := r.Target.URL + "\x00" + r.Workload
		if done[key] {
			continue
		}
		done[key] = true
		if !prepared[key] {
			fmt.Fprintf(e.stderr, "Kept the data of %s on %s: the experiment did not prepare it.\n", r.Workload, r.Target.Name)
			continue
		}
		if err := e.cleanup(ctx, r.o, r.Workload); err != nil {
			fmt.Fprintf(e.stderr, "dbgauge: cleanup of %s on %s: %s\n", r.Workload, r.Target.Name, message(err, e.secrets))
		}
	}
}

// printExperiment prints one line per step, target and parameters: the
// median over the repetitions and the spread of TPS.
func printExperiment(w io.Writer, x *results.Experiment) {
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

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
