package session

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
)

// TargetEnv is the variable that names the target when the settings do
// not (DESIGN.md §2: --db URL, env DBGAUGE_DB).
const TargetEnv = "DBGAUGE_DB"

// StoreEnv is the variable that names the results store when the settings
// do not; StoreFile is the store's name in the results directory, beside
// the folders it indexes, so that moving the directory keeps both.
const (
	StoreEnv  = "DBGAUGE_STORE"
	StoreFile = "results.sqlite"
)

// Inputs are a run as its settings give it, before they are checked: the
// command line's flags and an experiment entry's keys set them (through
// RunSettings), and Build makes the Spec. Options are the workload's
// options that were given, by name.
type Inputs struct {
	Spec    Spec
	Options map[string]string
	// DB is the target's URL as given ("": TargetEnv); SimpleProtocol asks
	// a driver that has one for its simple protocol (PgBouncer).
	DB             string
	SimpleProtocol bool
	// NoPrepare fails a run whose data is missing (PreparePolicy never).
	NoPrepare bool
	// Thresholds are the threshold expressions, parsed by Check; Outputs
	// the files the result is also written to; Store the results store
	// ("": StoreEnv, else StoreFile in the results directory).
	Thresholds []string
	Outputs    []Output
	Store      string
	// Web is the address of a live dashboard of the run and WebLinger how
	// long it serves the final report: the command line serves it, an
	// experiment file's runs have none.
	Web        string
	WebLinger  time.Duration
	thresholds []results.Threshold
}

// TempSQLite is the URL of a fresh SQLite file in a new temporary
// directory, and what removes the directory: the bare command's target.
func TempSQLite() (url string, remove func(), err error) {
	dir, err := os.MkdirTemp("", "dbgauge-")
	if err != nil {
		return "", nil, fmt.Errorf("cannot create a temporary directory for the SQLite file: %w", err)
	}
	return "sqlite:" + filepath.Join(dir, "dbgauge.sqlite"), func() { os.RemoveAll(dir) }, nil
}

// NewInputs are the defaults of every setting.
func NewInputs() *Inputs {
	return &Inputs{Spec: NewSpec("", "")}
}

// Target is the target's URL: DB, or TargetEnv, with SimpleProtocol
// applied by a driver that has such a mode.
func (in *Inputs) Target() (string, error) {
	u := in.DB
	if u == "" {
		u = os.Getenv(TargetEnv)
	}
	if !in.SimpleProtocol || u == "" {
		return u, nil
	}
	tg, err := ResolveTarget(u)
	if err != nil {
		return "", err
	}
	sp, ok := tg.Driver.(db.SimpleProtocol)
	if !ok {
		return "", settingf("{pg-simple-protocol} applies to PostgreSQL only, not %s", tg.Driver.Name())
	}
	return sp.SimpleProtocol(u), nil
}

// Build is the Spec of workload name: the settings, the options given,
// the target, and the finish (with the thresholds Check parsed).
func (in *Inputs) Build(name string) (Spec, error) {
	s := in.Spec
	s.Workload = name
	s.Options = map[string]string{}
	maps.Copy(s.Options, in.Options)
	s.Finish = in.Finish()
	if in.NoPrepare {
		s.Prepare = PrepareNever
	}
	u, err := in.Target()
	if err != nil {
		return s, err
	}
	s.Target = u
	return s, nil
}

// Check validates the settings of a run of Spec.Workload: the Spec's, the
// histogram's percentile, the thresholds (parsed for Build) and whether
// the outputs can be written.
func (in *Inputs) Check() error {
	s, err := in.Build(in.Spec.Workload)
	if err != nil {
		return err
	}
	if err := s.Check(); err != nil {
		return err
	}
	if s.Histogram && s.Percentile == 0 {
		return settingf("{histogram} cannot be used with {percentile}=0")
	}
	if err := in.ParseThresholds(); err != nil {
		return err
	}
	return in.Finish().CheckOutputs()
}

// ParseThresholds parses every threshold expression, for Finish: bad
// syntax or an unknown metric is a usage error.
func (in *Inputs) ParseThresholds() error {
	in.thresholds = nil
	for _, x := range in.Thresholds {
		t, err := results.ParseThreshold(x)
		if err != nil {
			return settingf("{threshold} %q: %v", x, err)
		}
		in.thresholds = append(in.thresholds, t)
	}
	return nil
}

// Finish is what finishes each run's folder: the thresholds Check parsed,
// the outputs and the store.
func (in *Inputs) Finish() Finish {
	return Finish{Thresholds: in.thresholds, Outputs: in.Outputs, Store: in.StorePath()}
}

// CheckWritable fails before a run if the first JSON output or the
// results directory cannot be written.
func (in *Inputs) CheckWritable() error {
	if out := in.JSONOut(); out != "" {
		if err := results.CheckWritable(out); err != nil {
			return settingf("{out}: %v", err)
		}
	}
	return in.Spec.CheckResultsDir()
}

// JSONOut is the first JSON output's file ("": none).
func (in *Inputs) JSONOut() string {
	for _, o := range in.Outputs {
		if o.Format == "json" {
			return o.Path
		}
	}
	return ""
}

// StorePath is the run's results store: Store, StoreEnv, or StoreFile in
// the results directory as given. A sweep or an experiment puts its steps'
// folders in a folder of its own, and they belong in the same store as
// every other run.
func (in *Inputs) StorePath() string { return StorePath(in.Store, in.Spec.ResultsDir) }

// StorePath is the results store: path, else StoreEnv, else StoreFile in
// resultsDir.
func StorePath(path, resultsDir string) string {
	switch {
	case path != "":
		return path
	case os.Getenv(StoreEnv) != "":
		return os.Getenv(StoreEnv)
	}
	return filepath.Join(resultsDir, StoreFile)
}
