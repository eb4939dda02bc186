package cli

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/workload"
)

// defaultResultsDir collects one folder per run beside where dbgauge runs.
const defaultResultsDir = session.DefaultResultsDir

// options are the common flags: the run's Spec, bound to the flags, and
// what only the command line has.
type options struct {
	spec session.Spec
	db   string
	// histogram is --histogram; noPrepare --no-prepare.
	histogram bool
	noPrepare bool
	pgSimple  bool
	// out is the first JSON --out, outs every --out (out.go).
	out            string
	outs           []session.Output
	thresholdExprs []string
	thresholds     []results.Threshold
	store          string
	// web and webLinger are --web and --web-linger (web.go reads them).
	web       string
	webLinger time.Duration
	// shards and startDelay are run's --shards and --start-delay (shards.go).
	shards     int
	startDelay time.Duration
	// workload is the workload whose options the command's flags carry
	// (bound late: see bindWorkload), workloadFlags those flags.
	workload      workload.Workload
	workloadFlags *pflag.FlagSet
}

func newOptions() *options {
	return &options{spec: session.NewSpec("", ""), shards: 1}
}

// normalize lets --table_size and --table-size name the same flag.
func normalize(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	return pflag.NormalizedName(strings.ReplaceAll(name, "_", "-"))
}

// addTargetFlags adds what every verb that touches a database needs.
func addTargetFlags(f *pflag.FlagSet, o *options) {
	f.StringVar(&o.db, "db", "", "database URL: sqlite:FILE, postgres://…, mysql://… (env DBGAUGE_DB)")
	addUserFlags(f, o)
	addSeedFlags(f, o)
}

// addUserFlags adds --users and its sysbench name --threads (one variable).
func addUserFlags(f *pflag.FlagSet, o *options) {
	f.IntVar(&o.spec.Users, "users", 1, "users (sysbench's threads): each runs one transaction at a time on a connection it borrows (prepare: parallel loaders)")
	f.IntVar(&o.spec.Users, "threads", 1, "the same as --users, sysbench's name")
	f.Var(connsFlag{&o.spec.Connections}, "connections", "connections the users share, as an application server's pool (default: one per user, or the workload's pool); waiting for one is in the response time")
	f.StringVar(&o.spec.Shard, "shard", "", "run shard INDEX/COUNT of a larger run (from 0): users, connections, events, the --rate schedule and new ids are dealt round-robin; dbgauge merge joins the shards")
}

// addSeedFlags adds the target flags that sweep shares with run.
func addSeedFlags(f *pflag.FlagSet, o *options) {
	f.Uint64Var(&o.spec.Seed, "seed", 0, "seed of every random generator: data and load are reproducible")
	f.BoolVar(&o.pgSimple, "pg-simple-protocol", false, "PostgreSQL: no server-side prepared statements (for PgBouncer in transaction mode)")
}

// addRunFlags adds the flags of run and of the bare command.
func addRunFlags(f *pflag.FlagSet, o *options) {
	s := &o.spec
	f.IntVar(&s.TimeS, "time", session.DefaultTime, "limit of the measured time in seconds (0: none)")
	f.Int64Var(&s.Events, "events", 0, "limit of the total number of events (0: none)")
	f.IntVar(&s.WarmupS, "warmup", 0, "seconds of load before measuring, never in the statistics")
	f.IntVar(&s.RampS, "ramp", 0, "start the users evenly over this many seconds")
	f.Float64Var(&s.Rate, "rate", 0, "open-loop target rate in transactions/s over all users; latency counts from each intended start (0: closed loop)")
	f.StringVar(&s.Arrival, "rate-arrival", "poisson", "arrivals under --rate: poisson (sysbench's exponential gaps) or fixed")
	f.Float64Var(&s.MaxLagS, "max-lag", 0, "under --rate, drop (and count) starts more than this many seconds late (0: never drop)")
	f.StringVar(&s.Think, "think", "", "think time after every transaction, in place of the workload's: 0, 2s, uniform:1s..3s, exp:7s[,cap=70s] (closed loop only)")
	f.StringVar(&s.StartAt, "start-at", "", "start the measured load at this RFC 3339 time (after --warmup), so shards started apart measure the same window")
	f.Float64Var(&s.ReportIntervalS, "report-interval", 1, "seconds between interval lines (0: no lines; intervals are still saved each second)")
	f.IntVar(&s.Percentile, "percentile", 95, "percentile shown in sysbench's sections (1-100; 0 disables)")
	f.BoolVar(&o.histogram, "histogram", false, "print sysbench's latency histogram before the summary")
	f.Var(outFlag{o}, "out", "also write the result: FILE or json=FILE (result.json), csv=FILE (one row per interval); repeatable")
	f.StringArrayVar(&o.thresholdExprs, "threshold", nil, "check at the end, exit 5 if it fails: [OPERATION.]METRIC OP VALUE, e.g. 'p99<5ms', 'tps>=1000'; repeatable")
	addStoreFlag(f, &o.store)
	f.StringVar(&s.ResultsDir, "results-dir", defaultResultsDir, "directory that receives one results folder per run")
	f.BoolVar(&o.noPrepare, "no-prepare", false, "fail instead of preparing missing data")
	f.StringVar(&o.web, "web", "", "serve a live dashboard of the run at HOST:PORT (:0 picks a port): the report page fed by server-sent events, /metrics in OpenMetrics, /result.json")
	f.DurationVar(&o.webLinger, "web-linger", 0, "with --web, keep serving the final report this long after the run (0: stop when the run ends)")
	f.BoolVar(&s.NoMonitor, "no-monitor", false, "do not sample the host (CPU, disks, network, dbgauge's own CPU and RSS) each interval")
	f.StringVar(&s.IgnoreErrors, "ignore-errors", session.DefaultIgnore, "error classes that roll back and retry the transaction, same type and inputs (list, 'all' or 'none')")
	f.Int64Var(&s.MaxErrors, "max-errors", 0, "failed transactions tolerated before the run is aborted with exit 4")
}

// workloadValues collects the workload options given on the command line.
func workloadValues(o *options) map[string]string {
	if o.workload == nil || o.workloadFlags == nil {
		return map[string]string{}
	}
	return changedOptions(o.workloadFlags, o.workload, func(name string) string { return optionFlag(o.workloadFlags, name) })
}

// changedOptions are w's options given in fs (each option's flag named by
// flag), as given.
func changedOptions(fs *pflag.FlagSet, w workload.Workload, flag func(option string) string) map[string]string {
	raw := map[string]string{}
	for _, opt := range w.Options() {
		if fl := fs.Lookup(flag(opt.Name)); fl != nil && fl.Changed {
			raw[opt.Name] = fl.Value.String()
		}
	}
	return raw
}

// specFor is the Spec of workload name from the command line.
func (o *options) specFor(name string) (session.Spec, error) {
	s := o.spec
	s.Workload = name
	s.Options = workloadValues(o)
	s.Histogram = o.histogram
	s.Finish = o.finish()
	if o.noPrepare {
		s.Prepare = session.PrepareNever
	}
	u, err := o.dbURL()
	if err != nil {
		return s, err
	}
	s.Target = u
	return s, nil
}

// validate checks the common flags of a run.
func (o *options) validate() error {
	s, err := o.specFor(o.spec.Workload)
	if err != nil {
		return err
	}
	if err := s.Check(); err != nil {
		return err
	}
	if o.histogram && s.Percentile == 0 {
		return usageErr("--histogram cannot be used with --percentile=0")
	}
	if err := o.parseThresholds(); err != nil {
		return err
	}
	return o.finish().CheckOutputs()
}

// dbURL returns --db, or $DBGAUGE_DB, with --pg-simple-protocol applied
// by a driver that has such a mode.
func (o *options) dbURL() (string, error) {
	u := o.db
	if u == "" {
		u = os.Getenv("DBGAUGE_DB")
	}
	if !o.pgSimple || u == "" {
		return u, nil
	}
	tg, err := session.ResolveTarget(u)
	if err != nil {
		return "", err
	}
	sp, ok := tg.Driver.(db.SimpleProtocol)
	if !ok {
		return "", usageErr("--pg-simple-protocol applies to PostgreSQL only, not %s", tg.Driver.Name())
	}
	return sp.SimpleProtocol(u), nil
}

// secretOf remembers the secrets of a URL so that no message prints them.
func (e *env) secretOf(url string) {
	tg, err := session.ResolveTarget(url)
	if err != nil {
		return
	}
	for _, s := range tg.Secrets() {
		if s != "" && !slices.Contains(e.secrets, s) {
			e.secrets = append(e.secrets, s)
		}
	}
}

// connsFlag is --connections: left out, the default (one per user, or the
// workload's pool); given, at least one.
type connsFlag struct{ n *int }

func (f connsFlag) String() string {
	if f.n == nil || *f.n == 0 {
		return ""
	}
	return strconv.Itoa(*f.n)
}

func (f connsFlag) Type() string { return "int" }

func (f connsFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not a number of connections", s)
	}
	if n < 1 {
		return fmt.Errorf("must be at least 1, got %d (leave it out for the default pool)", n)
	}
	*f.n = n
	return nil
}
