package session

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/sys"
	"github.com/dbgauge/dbgauge/workload"
)

// ConfigureSys configures the sys test w (dbgauge sys cpu|memory|fileio)
// from the options given (raw, by name) for s's users and seed.
func ConfigureSys(w workload.Workload, raw map[string]string, s Spec) (sys.Test, workload.Values, error) {
	name := w.Meta().Name
	v, err := workload.ParseValues(w.Options(), raw)
	if err != nil {
		return nil, v, Usagef("sys %s: %v", name, err)
	}
	if s.Users < 1 || s.Users > MaxUsers {
		return nil, v, settingf("{threads} must be between 1 and %d, got %d", MaxUsers, s.Users)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: s.Users, Seed: s.Seed})
	if err != nil {
		return nil, v, Usagef("sys %s: %v", name, err)
	}
	t, ok := inst.(sys.Test)
	if !ok {
		return nil, v, fmt.Errorf("sys %s is not a sys test", name)
	}
	return t, v, nil
}

// CheckResultsDir fails before a run if s.ResultsDir cannot take a
// results folder (a ResultsDirError).
func (s Spec) CheckResultsDir() error {
	if err := os.MkdirAll(s.ResultsDir, 0o755); err != nil {
		return resultsDirErr(fmt.Errorf("cannot create %s: %v", s.ResultsDir, err))
	}
	if err := results.CheckWritable(filepath.Join(s.ResultsDir, "x")); err != nil {
		return resultsDirErr(err)
	}
	return nil
}
