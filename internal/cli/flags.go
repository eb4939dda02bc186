package cli

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// Defaults of the common flags, each with its reason.
const (
	// defaultTime is sysbench's --time default.
	defaultTime = 10
	// defaultResultsDir collects one folder per run beside where dbgauge runs.
	defaultResultsDir = "dbgauge-results"
	// defaultIgnore: the errors sysbench's drivers retry by default
	// (MySQL 1213, 1020, 1205; PostgreSQL 40P01, 40001, 23505).
	defaultIgnore = "deadlock,serialization_failure,lock_wait_timeout,duplicate_key"
	// maxThreads guards against a typo opening a million connections.
	maxThreads = 100000
)

// options are the common flags.
type options struct {
	db             string
	threads        int
	time           int
	events         int64
	warmup         int
	reportInterval float64
	percentile     int
	histogram      bool
	seed           uint64
	// out is the first JSON --out, outs every --out (out.go).
	out            string
	outs           []outSpec
	thresholdExprs []string
	thresholds     []results.Threshold
	store          string
	resultsDir     string
	noPrepare      bool
	force          bool
	ignoreErrors   string
	maxErrors      int64
	ramp           int
	rate           float64
	arrival        string
	maxLag         float64
	pgSimple       bool
	noMonitor      bool
	// web and webLinger are --web and --web-linger (web.go reads them).
	web       string
	webLinger time.Duration
	// refresh is what a sweep or an experiment step does with the data
	// before its run (see refresh.go); empty for run: prepare if missing.
	refresh string
	// workload option flags actually given, by option name
	workloadFlags *pflag.FlagSet
}

// normalize lets --table_size and --table-size name the same flag.
func normalize(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	return pflag.NormalizedName(strings.ReplaceAll(name, "_", "-"))
}

// addTargetFlags adds what every verb that touches a database needs.
func addTargetFlags(cmd *cobra.Command, o *options) {
	f := cmd.Flags()
	f.StringVar(&o.db, "db", "", "database URL: sqlite:FILE, postgres://…, mysql://… (env DBGAUGE_DB)")
	f.IntVar(&o.threads, "threads", 1, "number of worker threads, one connection each (prepare: parallel loaders)")
	addSeedFlags(cmd, o)
}

// addSeedFlags adds the target flags that sweep shares with run.
func addSeedFlags(cmd *cobra.Command, o *options) {
	f := cmd.Flags()
	f.Uint64Var(&o.seed, "seed", 0, "seed of every random generator: data and load are reproducible")
	f.BoolVar(&o.pgSimple, "pg-simple-protocol", false, "PostgreSQL: no server-side prepared statements (for PgBouncer in transaction mode)")
}

// addRunFlags adds the flags of run and of the bare command.
func addRunFlags(cmd *cobra.Command, o *options) {
	f := cmd.Flags()
	f.IntVar(&o.time, "time", defaultTime, "limit of the measured time in seconds (0: none)")
	f.Int64Var(&o.events, "events", 0, "limit of the total number of events (0: none)")
	f.IntVar(&o.warmup, "warmup", 0, "seconds of load before measuring, never in the statistics")
	f.IntVar(&o.ramp, "ramp", 0, "start the threads evenly over this many seconds")
	f.Float64Var(&o.rate, "rate", 0, "open-loop target rate in transactions/s over all threads; latency counts from each intended start (0: closed loop)")
	f.StringVar(&o.arrival, "rate-arrival", "poisson", "arrivals under --rate: poisson (sysbench's exponential gaps) or fixed")
	f.Float64Var(&o.maxLag, "max-lag", 0, "under --rate, drop (and count) starts more than this many seconds late (0: never drop)")
	f.Float64Var(&o.reportInterval, "report-interval", 1, "seconds between interval lines (0: no lines; intervals are still saved each second)")
	f.IntVar(&o.percentile, "percentile", 95, "percentile shown in sysbench's sections (1-100; 0 disables)")
	f.BoolVar(&o.histogram, "histogram", false, "print sysbench's latency histogram before the summary")
	f.Var(outFlag{o}, "out", "also write the result: FILE or json=FILE (result.json), csv=FILE (one row per interval); repeatable")
	f.StringArrayVar(&o.thresholdExprs, "threshold", nil, "check at the end, exit 5 if it fails: [OPERATION.]METRIC OP VALUE, e.g. 'p99<5ms', 'tps>=1000'; repeatable")
	addStoreFlag(f, &o.store)
	f.StringVar(&o.resultsDir, "results-dir", defaultResultsDir, "directory that receives one results folder per run")
	f.BoolVar(&o.noPrepare, "no-prepare", false, "fail instead of preparing missing data")
	f.StringVar(&o.web, "web", "", "serve a live dashboard of the run at HOST:PORT (:0 picks a port): the report page fed by server-sent events, /metrics in OpenMetrics, /result.json")
	f.DurationVar(&o.webLinger, "web-linger", 0, "with --web, keep serving the final report this long after the run (0: stop when the run ends)")
	f.BoolVar(&o.noMonitor, "no-monitor", false, "do not sample the host (CPU, disks, network, dbgauge's own CPU and RSS) each interval")
	f.StringVar(&o.ignoreErrors, "ignore-errors", defaultIgnore, "error classes that roll back and retry the transaction (list, 'all' or 'none')")
	f.Int64Var(&o.maxErrors, "max-errors", 0, "failed transactions tolerated before the run is aborted with exit 4")
}

// addWorkloadFlags adds every option of every workload, as text: defaults
// differ by workload, so they are applied by workload.ParseValues.
func addWorkloadFlags(cmd *cobra.Command, o *options) {
	seen := map[string]workload.Option{}
	for _, w := range catalog.Workloads() {
		for _, opt := range w.Options() {
			if _, ok := seen[opt.Name]; !ok {
				seen[opt.Name] = opt
			}
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	f := cmd.Flags()
	for _, n := range names {
		opt := seen[n]
		f.String(n, "", fmt.Sprintf("%s (workload option; default %s, see `dbgauge list`)", opt.Help, opt.Default))
		if opt.Kind == workload.Bool {
			f.Lookup(n).NoOptDefVal = "on"
		}
	}
	o.workloadFlags = f
}

// workloadValues collects the workload options given on the command line
// and validates them against w.
func workloadValues(o *options, w workload.Workload) (workload.Values, error) {
	raw := map[string]string{}
	for _, opt := range allWorkloadOptions() {
		if fl := o.workloadFlags.Lookup(opt); fl != nil && fl.Changed {
			raw[opt] = fl.Value.String()
		}
	}
	v, err := workload.ParseValues(w.Options(), raw)
	if err != nil {
		return v, usageErr("%s: %v", w.Meta().Name, err)
	}
	return v, checkThresholdOps(o, w, v)
}

func allWorkloadOptions() []string {
	var names []string
	for _, w := range catalog.Workloads() {
		for _, opt := range w.Options() {
			names = append(names, opt.Name)
		}
	}
	return names
}

// validate checks the common flags.
func (o *options) validate(running bool) error {
	if o.threads < 1 || o.threads > maxThreads {
		return usageErr("--threads must be between 1 and %d, got %d", maxThreads, o.threads)
	}
	if !running {
		return nil
	}
	switch {
	case o.time < 0:
		return usageErr("--time must be 0 or more seconds, got %d", o.time)
	case o.events < 0:
		return usageErr("--events must be 0 or more, got %d", o.events)
	case o.time == 0 && o.events == 0:
		return usageErr("--time 0 with --events 0 would never end; set one of them")
	case o.warmup < 0:
		return usageErr("--warmup must be 0 or more seconds, got %d", o.warmup)
	case o.reportInterval < 0:
		return usageErr("--report-interval must be 0 or more seconds, got %g", o.reportInterval)
	case o.percentile < 0 || o.percentile > 100:
		return usageErr("--percentile must be between 0 and 100, got %d", o.percentile)
	case o.histogram && o.percentile == 0:
		return usageErr("--histogram cannot be used with --percentile=0")
	case o.ramp < 0:
		return usageErr("--ramp must be 0 or more seconds, got %d", o.ramp)
	case o.rate < 0 || o.rate > 1e7:
		return usageErr("--rate must be between 0 and 10000000 transactions/s, got %g", o.rate)
	case o.arrival != "poisson" && o.arrival != "fixed":
		return usageErr("--rate-arrival must be poisson or fixed, got %q", o.arrival)
	case o.maxLag < 0:
		return usageErr("--max-lag must be 0 or more seconds, got %g", o.maxLag)
	case o.maxErrors < 0:
		return usageErr("--max-errors must be 0 or more, got %d", o.maxErrors)
	}
	if _, err := o.ignoreSet(); err != nil {
		return err
	}
	if err := o.parseThresholds(); err != nil {
		return err
	}
	return o.checkOuts()
}

// ignoreSet parses --ignore-errors.
func (o *options) ignoreSet() (map[db.Class]bool, error) {
	set := map[db.Class]bool{}
	switch s := strings.TrimSpace(o.ignoreErrors); s {
	case "none", "":
		return set, nil
	case "all":
		for _, c := range db.Classes {
			set[c] = true
		}
		return set, nil
	default:
		for _, name := range strings.Split(s, ",") {
			c, ok := db.ParseClass(strings.TrimSpace(name))
			if !ok {
				var names []string
				for _, c := range db.Classes {
					names = append(names, c.String())
				}
				return nil, usageErr("--ignore-errors: unknown error class %q (classes: %s, or all, none)", name, strings.Join(names, ", "))
			}
			set[c] = true
		}
	}
	return set, nil
}

// dbURL returns --db, or $DBGAUGE_DB, with --pg-simple-protocol applied.
func (o *options) dbURL() string {
	u := o.db
	if u == "" {
		u = os.Getenv("DBGAUGE_DB")
	}
	if o.pgSimple && u != "" {
		sep := "?"
		if strings.Contains(u, "?") {
			sep = "&"
		}
		u += sep + "default_query_exec_mode=simple_protocol"
	}
	return u
}
