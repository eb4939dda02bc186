package results

// ExperimentFile is the name of the file that describes an experiment folder.
const ExperimentFile = "experiment.json"

// Experiment is experiment.json: every run of an experiment, in the order
// they ran, each in a subfolder. It is rewritten after every run, so an
// interrupted experiment keeps the runs it finished.
type Experiment struct {
	SchemaVersion int             `json:"schema_version"`
	Name          string          `json:"name"`
	Description   string          `json:"description,omitempty"`
	File          string          `json:"file"`
	StartedAt     string          `json:"started_at"`
	EndedAt       string          `json:"ended_at,omitempty"`
	Interrupted   bool            `json:"interrupted,omitempty"`
	Runs          []ExperimentRun `json:"runs"`
}

// ExperimentRun is one run's place in the experiment and its headline
// numbers (the full result is Dir/result.json).
type ExperimentRun struct {
	Step     int    `json:"step"`
	Workload string `json:"workload"`
	// Target is the target's name in the file; URL is redacted.
	Target string `json:"target"`
	URL    string `json:"url"`
	// Params are the run's matrix values ("threads=4 table-size=1000").
	Params string `json:"params"`
	Repeat int    `json:"repeat"`
	// Dir is the run's folder, relative to the experiment folder.
	Dir     string  `json:"dir"`
	Threads int     `json:"threads"`
	TPS     float64 `json:"tps"`
	QPS     float64 `json:"qps"`
	AvgMs   float64 `json:"avg_ms"`
	P95Ms   float64 `json:"p95_ms"`
	P99Ms   float64 `json:"p99_ms"`
	MaxMs   float64 `json:"max_ms"`
	Errors  int64   `json:"errors"`
}

// ReadExperiment loads an experiment.json.
func ReadExperiment(path string) (*Experiment, error) {
	return readJSON[Experiment](path, "experiment")
}
