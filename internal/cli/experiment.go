package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/experiment"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/session"
)

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
		Args: argsBetween(1, 1, "experiment needs exactly one experiment file, got {n} arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.experiment(cmd.Context(), xf, args[0])
		},
	}
	cmd.Flags().StringVar(&xf.resultsDir, "results-dir", defaultResultsDir, "directory that receives the experiment's folder")
	cmd.Flags().BoolVar(&xf.dryRun, "dry-run", false, "check the file and list the runs without running them")
	return cmd
}

// planExperiment checks every run of the file (session.PlanExperiment)
// and prints every problem with its line.
func (e *env) planExperiment(path string, xf *experimentFlags) (*experiment.File, []session.ExperimentRun, error) {
	word := func(err error) string { return worded(err).Error() }
	f, plan, err := session.PlanExperiment(path, xf.resultsDir, word)
	if f != nil {
		for _, t := range f.Targets {
			e.secretOf(t.URL)
		}
	}
	var errs *experiment.Errors
	if errors.As(err, &errs) {
		// One line per problem, then the error that sets the exit code.
		for _, line := range strings.Split(errs.Error(), "\n") {
			if f != nil { // a file that parsed: its targets' secrets hidden
				line = message(errors.New(line), e.secrets)
			}
			fmt.Fprintf(e.stderr, "%s\n", line)
		}
		n := len(errs.List)
		return nil, nil, usageErr("%s: %d %s; nothing was run", path, n, plural(n, "error", "errors"))
	} else if f == nil {
		return nil, nil, usageErr("%v", err)
	}
	return f, plan, err
}

func (e *env) experiment(ctx context.Context, xf *experimentFlags, path string) error {
	f, plan, err := e.planExperiment(path, xf)
	if err != nil {
		return err
	}
	if xf.dryRun {
		fmt.Fprintf(e.stdout, "Experiment %s: %d runs\n", f.Name, len(plan))
		for i, r := range plan {
			fmt.Fprintf(e.stdout, "%4d  %-22s %-10s repeat %d  %s\n", i+1, r.Workload, r.Target, r.Repeat, r.Params)
		}
		return nil
	}
	xp := session.ExperimentPlan{Name: f.Name, Description: f.Description, File: path, Cleanup: f.Cleanup, ResultsDir: xf.resultsDir}
	for _, r := range plan {
		r.Obs = e.observer(r.Spec)
		xp.Runs = append(xp.Runs, r)
	}
	x, dir, runErr := session.Experiment(ctx, xp, e.observer(session.NewSpec("", "")), e.sessionEnv())
	if x == nil {
		return runErr
	}
	report.ExperimentTable(e.stdout, x)
	session.FinishExperiment(x, dir, e.observer(session.NewSpec("", "")))
	return runErr
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
