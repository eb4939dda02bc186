package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/experiment"
	"github.com/dbgauge/dbgauge/report"
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
			report(t.Line, "target %s: %v", t.Name, message(worded(err), nil))
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
	fs := pflag.NewFlagSet("experiment", pflag.ContinueOnError)
	addTargetFlags(fs, o)
	addRunFlags(fs, o)
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
			case len(catalog.OptionOwners(key)) > 0 && !own[key]:
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
		report(r.Line, "%s: %v", r.Workload, worded(err))
		return nil, false
	}
	spec, err := o.specFor(r.Workload)
	if err == nil {
		_, err = session.NewPlan(spec, true)
	}
	if err != nil {
		report(r.Line, "%v", worded(err))
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
	xp := session.ExperimentPlan{Name: f.Name, Description: f.Description, File: path, Cleanup: f.Cleanup, ResultsDir: xf.resultsDir}
	for _, r := range plan {
		s, err := r.o.specFor(r.Workload)
		if err != nil {
			return err
		}
		xp.Runs = append(xp.Runs, session.ExperimentRun{Step: r.Step, Repeat: r.Repeat, Workload: r.Workload,
			Target: r.Target.Name, Params: r.Label(), Spec: s, Obs: e.observer(r.o)})
	}
	x, dir, runErr := session.Experiment(ctx, xp, e.observer(newOptions()), e.sessionEnv())
	if x == nil {
		return runErr
	}
	report.ExperimentTable(e.stdout, x)
	session.FinishExperiment(x, dir, e.observer(newOptions()))
	return runErr
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
