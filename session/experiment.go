package session

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
)

// ExperimentPlan is an experiment file's runs, each a checked Spec, in
// order.
type ExperimentPlan struct {
	Name, Description string
	// File is the experiment file, copied into the folder.
	File string
	// Cleanup drops, at the end, the data the experiment prepared.
	Cleanup    bool
	Runs       []ExperimentRun
	ResultsDir string
}

// ExperimentRun is one run of an experiment: its step, target (by name),
// parameters and repetition, and its Spec.
type ExperimentRun struct {
	Step, Repeat             int
	Workload, Target, Params string
	Spec                     Spec
	// Obs follows the run (nil: the experiment's observer): runs of one
	// experiment may print their intervals and summaries differently.
	Obs Observer
}

// Experiment runs the plan into one experiment folder (the file copied,
// experiment.json saved after every run, one folder per run). It stops at
// a run that fails and goes on after one whose thresholds or outputs
// failed. With Cleanup, and unless it was interrupted, it then drops the
// data that it prepared itself, each workload's once per target; data that
// was there before it stays. It returns the experiment, its folder and the
// error that ended it.
func Experiment(ctx context.Context, p ExperimentPlan, obs Observer, env Env) (*results.Experiment, string, error) {
	start := time.Now()
	dir, err := newDir(p.ResultsDir, "experiment-"+p.Name, start)
	if err != nil {
		return nil, "", resultsDirErr(err)
	}
	if src, err := os.ReadFile(p.File); err == nil {
		os.WriteFile(filepath.Join(dir, "experiment.yaml"), src, 0o644)
	}
	x := &results.Experiment{SchemaVersion: results.SchemaVersion, Name: p.Name, Description: p.Description,
		File: p.File, StartedAt: start.Format(time.RFC3339)}
	save := func() error { return results.WriteJSON(filepath.Join(dir, results.ExperimentFile), x) }
	if err := save(); err != nil {
		return nil, "", err
	}
	var st steps
	// prepared are the (target, workload) pairs whose data this experiment
	// made: cleanup drops those only, never data that was there before.
	prepared := map[string]bool{}
	made := map[string]bool{} // target and dataset name the experiment made (workloads share datasets)
	for i, r := range p.Runs {
		obs.Note(fmt.Sprintf("\n=== experiment %s: run %d of %d: %s on %s %s (repeat %d) ===",
			p.Name, i+1, len(p.Runs), r.Workload, r.Target, r.Params, r.Repeat))
		s := r.Spec
		s.ResultsDir = dir
		key := s.Target + "\x00" + r.Workload
		if _, seen := prepared[key]; !seen {
			// Data there before the experiment's first run on it is not
			// the experiment's to drop (if this cannot tell, it keeps it).
			had, herr := true, error(nil)
			var pl *Plan
			if pl, herr = NewPlan(s, false); herr == nil {
				had, herr = pl.Had(ctx)
			}
			prepared[key] = herr == nil && !had
		}
		robs := obs
		if r.Obs != nil {
			robs = r.Obs
		}
		res, rdir, err := Run(ctx, s, robs, env)
		if res != nil && res.Dataset != nil {
			dk := s.Target + "\x00" + res.Dataset.Name
			if prepared[key] {
				made[dk] = true
			} else if made[dk] {
				prepared[key] = true
			}
		}
		if res != nil {
			rel, _ := filepath.Rel(dir, rdir)
			x.Runs = append(x.Runs, results.ExperimentRun{Step: r.Step, Workload: r.Workload, Target: r.Target,
				URL: res.Target.URL, Params: r.Params, Repeat: r.Repeat, Dir: rel, Threads: res.Run.Threads,
				TPS: res.Totals.TPS, QPS: res.Totals.QPS, AvgMs: res.Latency.Avg, P95Ms: res.Latency.P95,
				P99Ms: res.Latency.P99, MaxMs: res.Latency.Max, Errors: res.Totals.Errors})
			if err := save(); err != nil {
				return nil, "", err
			}
		}
		if !st.next(res, err) {
			break
		}
	}
	x.EndedAt, x.Interrupted = st.end()
	if err := save(); err != nil {
		return nil, "", err
	}
	if p.Cleanup && !x.Interrupted {
		cleanupExperiment(ctx, p.Runs, prepared, obs)
	}
	return x, dir, st.err
}

// cleanupExperiment drops what the experiment prepared: each workload's
// dataset once per target, through its stamp, when the experiment made it
// (prepared); data that was there before it stays, and it says so.
func cleanupExperiment(ctx context.Context, runs []ExperimentRun, prepared map[string]bool, obs Observer) {
	done := map[string]bool{}
	for _, r := range runs {
		key := r.Spec.Target + "\x00" + r.Workload
		if done[key] {
			continue
		}
		done[key] = true
		if !prepared[key] {
			obs.Note(fmt.Sprintf("Kept the data of %s on %s: the experiment did not prepare it.", r.Workload, r.Target))
			continue
		}
		if err := Cleanup(ctx, r.Spec, obs); err != nil {
			obs.Note(fmt.Sprintf("dbgauge: cleanup of %s on %s: %s", r.Workload, r.Target, redactedLine(err)))
		}
	}
}

// FinishExperiment writes the experiment's report in its folder.
func FinishExperiment(x *results.Experiment, dir string, obs Observer) {
	FolderReport("Experiment", dir, report.ExperimentDoc(x, results.StepResults(dir, x.RunDirs())), obs)
}
