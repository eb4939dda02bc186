// Package results owns what a run leaves behind: the versioned result.json
// schema, the results folder of a run, and intervals.jsonl, appended and
// synced as the run goes so that a crash or a kill leaves every finished
// interval on disk. It reads saved results back (ReadSaved: a run, a sweep
// or an experiment), compares results and merges the results of a run's
// shards exactly (Merge).
//
// results imports no other dbgauge package: it holds plain data, and reads
// the encoded histograms it merges through the Histograms it is given.
package results

// SchemaVersion is the version of result.json. Bump it on any incompatible
// change; additions keep it.
const SchemaVersion = 1

// Result is result.json.
type Result struct {
	SchemaVersion int          `json:"schema_version"`
	Tool          Tool         `json:"tool"`
	Workload      Workload     `json:"workload"`
	Target        Target       `json:"target"`
	Run           Run          `json:"run"`
	Dataset       *Dataset     `json:"dataset,omitempty"`
	Environment   *Environment `json:"environment,omitempty"`
	Resources     *Resources   `json:"resources,omitempty"`
	Server        *Server      `json:"server,omitempty"`
	Sys           *Sys         `json:"sys,omitempty"` // dbgauge sys: the test's own figures
	StartedAt     string       `json:"started_at"`
	EndedAt       string       `json:"ended_at"`
	// Interrupted is true when the run was stopped by a signal; Aborted
	// names why the run stopped early on errors.
	Interrupted bool   `json:"interrupted"`
	Aborted     string `json:"aborted,omitempty"`
	// Thresholds are the --threshold checks, in the order given.
	Thresholds []ThresholdOutcome `json:"thresholds,omitempty"`

	// Figures are the workload's headline figures (TPC-C's tpmC and NOPM),
	// in its order; Probe is the change, over the measured window, of what
	// the workload read from the database at its start and end.
	Figures []Figure           `json:"figures,omitempty"`
	Probe   map[string]float64 `json:"probe,omitempty"`

	Totals  Totals            `json:"totals"`
	Latency Latency           `json:"latency_ms"`
	Ops     map[string]OpStat `json:"ops"`
	// Transactions are the transaction types, in TxnOrder.
	Transactions map[string]TxnStat `json:"transactions,omitempty"`
	TxnOrder     []string           `json:"transaction_order,omitempty"`
	Fairness     Fairness           `json:"fairness"`
	Intervals    []Interval         `json:"intervals"`
	// Histogram is the transactions' latency histogram (ns) in the HDR V2
	// compressed format, base64 in JSON: results merge exactly from it.
	Histogram []byte `json:"histogram"`
	// OpHistograms are the operations' histograms, same format;
	// TxnHistograms the transaction types', PoolWaitHistogram the pool's
	// waits.
	OpHistograms      map[string][]byte `json:"op_histograms,omitempty"`
	TxnHistograms     map[string][]byte `json:"transaction_histograms,omitempty"`
	PoolWaitHistogram []byte            `json:"pool_wait_histogram,omitempty"`
}

// Figure is one headline figure of a workload.
type Figure struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Unit  string  `json:"unit,omitempty"`
	Help  string  `json:"help,omitempty"`
	// Target, if set, is the value a steady run reaches (a mix's share).
	Target *float64 `json:"target,omitempty"`
	// Throughput marks the figure reports rank runs by in place of TPS
	// (WIPS; a kv run's gets or inserts a second).
	Throughput bool `json:"throughput,omitempty"`
}

// Tool identifies the dbgauge that produced the result.
type Tool struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	GoVersion string `json:"go_version"`
}

// Workload is what ran, with every option in effect.
type Workload struct {
	Name    string            `json:"name"`
	Family  string            `json:"family"`
	Options map[string]string `json:"options"`
}

// Target is where it ran. URL is always redacted.
type Target struct {
	Driver        string `json:"driver"`
	URL           string `json:"url"`
	ServerVersion string `json:"server_version"`
}

// Run holds the run settings.
type Run struct {
	// Threads is the number of users (sysbench's threads) of the whole run,
	// over every shard; Connections the connections they share (equal when
	// each user has its own).
	Threads         int     `json:"threads"`
	Connections     int     `json:"connections,omitempty"`
	TimeS           float64 `json:"time_s"`
	Events          int64   `json:"events"`
	WarmupS         float64 `json:"warmup_s"`
	Rate            float64 `json:"rate"`
	RateArrival     string  `json:"rate_arrival,omitempty"`
	RampS           float64 `json:"ramp_s"`
	Seed            uint64  `json:"seed"`
	ReportIntervalS float64 `json:"report_interval_s"`
	Percentile      float64 `json:"percentile"`
	IgnoreErrors    string  `json:"ignore_errors"`
	// Think is --think, the think time that replaced every transaction
	// type's ("" : the workload's own).
	Think string `json:"think,omitempty"`
	// Shard is this run's part of a larger one (nil: the whole run);
	// StartAt the common start of the measured load, if one was given.
	Shard   *Shard `json:"shard,omitempty"`
	StartAt string `json:"start_at,omitempty"`
}

// Shard says which part of a larger run a result holds: shard Index (from
// 0) of Count, or, once merged, the shards it contains.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
	// Merged lists the shards a merged result contains (merge sets it).
	Merged []int `json:"merged,omitempty"`
}

// Missing lists the shards of the run that a merged result lacks.
func (sh *Shard) Missing() []int {
	have := map[int]bool{}
	for _, i := range sh.Merged {
		have[i] = true
	}
	var out []int
	for i := range sh.Count {
		if !have[i] {
			out = append(out, i)
		}
	}
	return out
}

// Dataset is the stamp of the data the run measured.
type Dataset struct {
	Name  string            `json:"name"`
	Shape map[string]string `json:"shape"`
	Info  map[string]string `json:"info,omitempty"`
	// CreatedAt is when the data's prepare began (RFC 3339, UTC).
	CreatedAt string `json:"created_at,omitempty"`
}

// Queries counts statements by sysbench's classes.
type Queries struct {
	Read  int64 `json:"read"`
	Write int64 `json:"write"`
	Other int64 `json:"other"`
	Total int64 `json:"total"`
}

// Totals are the run's counts and rates.
type Totals struct {
	Transactions  int64   `json:"transactions"`
	TPS           float64 `json:"tps"`
	Queries       Queries `json:"queries"`
	QPS           float64 `json:"qps"`
	Errors        int64   `json:"errors"`
	IgnoredErrors int64   `json:"ignored_errors"`
	Reconnects    int64   `json:"reconnects"`
	// Relogins counts the driver's own logins again after the server
	// dropped an idle connection (CUBRID's CAS under KEEP_CONNECTION=AUTO),
	// which no operation failed on but some operation's latency holds;
	// absent for drivers that never do so.
	Relogins  *int64  `json:"relogins,omitempty"`
	DurationS float64 `json:"duration_s"`
	// ErrorsByClass counts failed transactions, IgnoredByClass errors that
	// were rolled back and retried, by error class.
	ErrorsByClass  map[string]int64 `json:"errors_by_class"`
	IgnoredByClass map[string]int64 `json:"ignored_by_class"`
	// Clamped counts latencies above the histogram's one-hour ceiling.
	Clamped int64 `json:"clamped,omitempty"`
	// Schedule describes an open-loop run (--rate); nil when closed-loop.
	Schedule *Schedule `json:"schedule,omitempty"`
	// Rollbacks counts transactions that rolled back as the workload
	// intended (successes, in Transactions).
	Rollbacks int64 `json:"rollbacks,omitempty"`
	// PoolWait is the time users waited for a free connection, when they
	// outnumbered the connections (part of the response time).
	PoolWait *Latency `json:"pool_wait_ms,omitempty"`
	// Waits are the means of what users waited outside the response time.
	Waits *Waits `json:"waits,omitempty"`
	// Statements counts the successful statements by verb (select, insert,
	// update, delete, commit, rollback), as Swingbench's charbench counts
	// DML, and StatementsPerSec is each over the measured time: only when
	// the workload sorts its statements by verb, every verb it uses listed.
	Statements       map[string]int64   `json:"statements,omitempty"`
	StatementsPerSec map[string]float64 `json:"statements_per_s,omitempty"`
}

// Waits are the think, keying and pause times of a run: counts and means
// in milliseconds. Think and keying happen off the connection, pauses inside
// a transaction holding it; none is in the response time.
type Waits struct {
	ThinkCount    int64   `json:"think_count"`
	ThinkMeanMs   float64 `json:"think_mean_ms"`
	KeyingCount   int64   `json:"keying_count"`
	KeyingMeanMs  float64 `json:"keying_mean_ms"`
	PauseCount    int64   `json:"pause_count"`
	PauseMeanMs   float64 `json:"pause_mean_ms"`
	ThinkTotalMs  float64 `json:"think_total_ms"`
	KeyingTotalMs float64 `json:"keying_total_ms"`
	PauseTotalMs  float64 `json:"pause_total_ms"`
}

// TxnStat is one transaction type's counts and latency.
type TxnStat struct {
	Count          int64            `json:"count"`
	TPS            float64          `json:"tps"`
	Errors         int64            `json:"errors"`
	IgnoredErrors  int64            `json:"ignored_errors"`
	Rollbacks      int64            `json:"rollbacks"`
	ErrorsByClass  map[string]int64 `json:"errors_by_class,omitempty"`
	IgnoredByClass map[string]int64 `json:"ignored_by_class,omitempty"`
	Latency        Latency          `json:"latency_ms"`
	// P90LimitMs is the 90th-percentile response time the workload's spec
	// allows the type (workload.Txn.Limit); 0: none.
	P90LimitMs float64 `json:"p90_limit_ms,omitempty"`
}

// Schedule is how well an open-loop run kept its schedule.
type Schedule struct {
	TargetRate float64 `json:"target_rate"`
	Arrival    string  `json:"arrival"`
	Starts     int64   `json:"starts"`
	// Late counts starts more than 1 ms behind their intended time;
	// Dropped counts tickets skipped for being more than --max-lag late.
	Late     int64   `json:"late"`
	Dropped  int64   `json:"dropped"`
	LagAvgMs float64 `json:"lag_avg_ms"`
	LagMaxMs float64 `json:"lag_max_ms"`
}

// Latency is a latency digest in milliseconds. Min, Avg, Max and Sum are
// exact; percentiles come from the HDR histogram (3 significant digits).
type Latency struct {
	Count  int64   `json:"count"`
	Min    float64 `json:"min"`
	Avg    float64 `json:"avg"`
	Max    float64 `json:"max"`
	Stddev float64 `json:"stddev"`
	Sum    float64 `json:"sum"`
	P50    float64 `json:"p50"`
	P90    float64 `json:"p90"`
	P95    float64 `json:"p95"`
	P99    float64 `json:"p99"`
	P999   float64 `json:"p999"`
	// Percentile is the value at Run.Percentile (sysbench's --percentile).
	Percentile float64 `json:"percentile"`
}

// OpStat is one operation's counts and latency.
type OpStat struct {
	Class   string  `json:"class"`
	Count   int64   `json:"count"`
	Errors  int64   `json:"errors"`
	Latency Latency `json:"latency_ms"`
}

// Fairness is sysbench's "Threads fairness": events and execution time per
// thread, average and population standard deviation.
type Fairness struct {
	EventsAvg    float64 `json:"events_avg"`
	EventsStddev float64 `json:"events_stddev"`
	TimeAvgS     float64 `json:"execution_time_avg_s"`
	TimeStddevS  float64 `json:"execution_time_stddev_s"`
}

// Interval is one reporting interval; rates are per second over DurS.
type Interval struct {
	T       float64 `json:"t"`
	DurS    float64 `json:"dur_s"`
	Warmup  bool    `json:"warmup,omitempty"`
	Threads int     `json:"threads"`
	TPS     float64 `json:"tps"`
	QPS     float64 `json:"qps"`
	Reads   float64 `json:"reads"`
	Writes  float64 `json:"writes"`
	Other   float64 `json:"other"`
	// LatencyMs holds the percentile line value (PctMs) and a digest.
	PctMs        float64 `json:"lat_pct_ms"`
	P50Ms        float64 `json:"p50_ms"`
	P99Ms        float64 `json:"p99_ms"`
	MaxMs        float64 `json:"max_ms"`
	ErrPerSec    float64 `json:"err_per_s"`
	ReconnPerSec float64 `json:"reconn_per_s"`
	Transactions int64   `json:"transactions"`
	// Open-loop runs: late and dropped starts, schedule lag, and sysbench's
	// queue length (tickets due but not started) and concurrency (workers
	// inside a transaction) at the end of the interval.
	Late        int64            `json:"late,omitempty"`
	Dropped     int64            `json:"dropped,omitempty"`
	LagAvgMs    float64          `json:"lag_avg_ms,omitempty"`
	LagMaxMs    float64          `json:"lag_max_ms,omitempty"`
	QueueLength int64            `json:"queue_length,omitempty"`
	Concurrency int64            `json:"concurrency,omitempty"`
	Errors      map[string]int64 `json:"errors,omitempty"`
	Ignored     map[string]int64 `json:"ignored,omitempty"`
	// Counts are the interval's counts, from which its rates come, and
	// Hist its transactions' latency histogram (HDR V2): what merge needs
	// to merge the intervals of shards exactly.
	Counts *IntervalCounts `json:"counts,omitempty"`
	Hist   []byte          `json:"hist,omitempty"`
	// Types are the transaction types' counts and histograms, when a
	// workload has more than one.
	Types map[string]IntervalType `json:"types,omitempty"`
	// PoolWaitP99Ms is the pool wait's 99th percentile, when pooled, from
	// PoolWaitHist, the interval's pool-wait histogram (HDR V2).
	PoolWaitP99Ms float64 `json:"pool_wait_p99_ms,omitempty"`
	PoolWaitHist  []byte  `json:"pool_wait_hist,omitempty"`
	// Shards is how many shards a merged interval holds (merge sets it):
	// fewer than the result's when the shards had different numbers of
	// intervals and only some reached this one.
	Shards int `json:"shards,omitempty"`
	// Host is the host and dbgauge's process over the interval.
	Host *HostSample `json:"host,omitempty"`
	// Figures are the workload's figures over the interval, by name (those
	// it can compute from the interval's counts alone).
	Figures map[string]float64 `json:"figures,omitempty"`
	// Statements are the statements per second by verb over the interval
	// (Totals.Statements), from Counts.Statements.
	Statements map[string]float64 `json:"statements,omitempty"`
}

// IntervalCounts are an interval's integer counts.
type IntervalCounts struct {
	Reads      int64 `json:"reads"`
	Writes     int64 `json:"writes"`
	Other      int64 `json:"other"`
	Reconnects int64 `json:"reconnects,omitempty"`
	Rollbacks  int64 `json:"rollbacks,omitempty"`
	Starts     int64 `json:"starts,omitempty"`
	LagSumNs   int64 `json:"lag_sum_ns,omitempty"`
	// Statements counts the successful statements by verb.
	Statements map[string]int64 `json:"statements,omitempty"`
}

// IntervalType is one transaction type in one interval.
type IntervalType struct {
	Count     int64  `json:"count"`
	Errors    int64  `json:"errors,omitempty"`
	Rollbacks int64  `json:"rollbacks,omitempty"`
	Hist      []byte `json:"hist,omitempty"`
}
