package results

// SweepFile is the name of the file that describes a sweep folder.
const SweepFile = "sweep.json"

// Sweep is sweep.json: one run per step, in order, over one varied
// parameter. Each step's run folder is a subfolder of the sweep folder.
type Sweep struct {
	SchemaVersion int    `json:"schema_version"`
	Workload      string `json:"workload"`
	// Parameter is what varies: "threads", "table-size", "record-count"
	// (a data size, each prepared in turn) or "db" (the target).
	Parameter string      `json:"parameter"`
	Steps     []SweepStep `json:"steps"`
	// Knee is the step where throughput stops growing while the latency
	// percentile keeps rising; nil when there is none (or for targets).
	Knee *Knee `json:"knee,omitempty"`
	// MemPerConnectionKB is the local server's memory per connection,
	// from the slope of its memory against the thread count (a threads
	// sweep against a server on this host only).
	MemPerConnectionKB float64 `json:"server_mem_per_connection_kb,omitempty"`
	StartedAt          string  `json:"started_at"`
	EndedAt            string  `json:"ended_at"`
	Interrupted        bool    `json:"interrupted,omitempty"`
}

// SweepStep is one step of a sweep: its value and the headline numbers of
// its run (the full result is Dir/result.json).
type SweepStep struct {
	Value   string `json:"value"`
	Threads int    `json:"threads"`
	// Dir is the run's folder, relative to the sweep folder.
	Dir    string  `json:"dir"`
	TPS    float64 `json:"tps"`
	QPS    float64 `json:"qps"`
	AvgMs  float64 `json:"avg_ms"`
	P95Ms  float64 `json:"p95_ms"`
	P99Ms  float64 `json:"p99_ms"`
	MaxMs  float64 `json:"max_ms"`
	Errors int64   `json:"errors"`
	// Throughput is the step's throughput figure when its workload marks
	// one (WIPS; a kv run's gets or records a second, where one
	// transaction pipelines or inserts many): the sweep ranks its steps
	// by it (SweepMeasure).
	Throughput *Figure `json:"throughput,omitempty"`
	// ServerMemMB is the local server's peak memory during the step.
	ServerMemMB float64 `json:"server_mem_mb,omitempty"`
}

// Knee is where a sweep stops scaling.
type Knee struct {
	// Index is the step of peak useful throughput; Value its value.
	Index int    `json:"index"`
	Value string `json:"value"`
	// Finding says it in words, with the numbers.
	Finding string `json:"finding"`
}

// ReadSweep loads a sweep.json.
func ReadSweep(path string) (*Sweep, error) { return readJSON[Sweep](path, "sweep") }
