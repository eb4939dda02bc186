package report

import "github.com/dbgauge/dbgauge/results"

// SavedDoc is the report of saved results: a run's, a sweep's (with its
// steps' results) or an experiment's (with its runs').
func SavedDoc(s *results.Saved) *Doc {
	switch {
	case s.Sweep != nil:
		return SweepDoc(s.Sweep, results.StepResults(s.Dir, s.Sweep.StepDirs()))
	case s.Experiment != nil:
		return ExperimentDoc(s.Experiment, results.StepResults(s.Dir, s.Experiment.RunDirs()))
	}
	return RunDoc(s.Run)
}
