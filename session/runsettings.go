package session

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// RunSetting is one setting of a run, with one meaning wherever it is
// given: the command line registers its flags from RunSettings, and an
// experiment file's keys are decoded through the same table (SetSetting).
type RunSetting struct {
	Name, Help string
	// Field is the setting's variable in in: *int, *int64, *uint64,
	// *float64, *bool, *string, *[]string (repeatable), *time.Duration,
	// or a Value. Its value in NewInputs is the default.
	Field func(in *Inputs) any
}

// Value is a setting that parses its own text (pflag.Value's methods).
type Value interface {
	String() string
	Set(string) error
	Type() string
}

// Groups of RunSettings: TargetSettings are what every verb that touches a
// database takes, LoadSettings what a run adds, ServerSetSetting the server
// settings changed for a run.
var (
	TargetSettings = []RunSetting{
		{"db", "database URL: sqlite:FILE, postgres://…, mysql://… (env DBGAUGE_DB)", func(in *Inputs) any { return &in.DB }},
		{"users", "users (sysbench's threads): each runs one transaction at a time on a connection it borrows (prepare: parallel loaders)", func(in *Inputs) any { return &in.Spec.Users }},
		{"threads", "the same as --users, sysbench's name", func(in *Inputs) any { return &in.Spec.Users }},
		{"connections", "connections the users share, as an application server's pool (default: one per user, or the workload's pool); waiting for one is in the response time", func(in *Inputs) any { return connsValue{&in.Spec.Connections} }},
		{"shard", "run shard INDEX/COUNT of a larger run (from 0): users, connections, events, the --rate schedule and new ids are dealt round-robin; dbgauge merge joins the shards", func(in *Inputs) any { return &in.Spec.Shard }},
		{"seed", "seed of every random generator: data and load are reproducible", func(in *Inputs) any { return &in.Spec.Seed }},
		{"pg-simple-protocol", "PostgreSQL: no server-side prepared statements (for PgBouncer in transaction mode)", func(in *Inputs) any { return &in.SimpleProtocol }},
	}
	LoadSettings = []RunSetting{
		{"time", "limit of the measured time in seconds (0: none)", func(in *Inputs) any { return &in.Spec.TimeS }},
		{"events", "limit of the total number of events (0: none)", func(in *Inputs) any { return &in.Spec.Events }},
		{"warmup", "seconds of load before measuring, never in the statistics", func(in *Inputs) any { return &in.Spec.WarmupS }},
		{"ramp", "start the users evenly over this many seconds", func(in *Inputs) any { return &in.Spec.RampS }},
		{"rate", "open-loop target rate in transactions/s over all users; latency counts from each intended start (0: closed loop)", func(in *Inputs) any { return &in.Spec.Rate }},
		{"rate-arrival", "arrivals under --rate: poisson (sysbench's exponential gaps) or fixed", func(in *Inputs) any { return &in.Spec.Arrival }},
		{"max-lag", "under --rate, drop (and count) starts more than this many seconds late (0: never drop)", func(in *Inputs) any { return &in.Spec.MaxLagS }},
		{"think", "think time after every transaction, in place of the workload's: 0, 2s, uniform:1s..3s, exp:7s[,cap=70s] (closed loop only)", func(in *Inputs) any { return &in.Spec.Think }},
		{"start-at", "start the measured load at this RFC 3339 time (after --warmup), so shards started apart measure the same window", func(in *Inputs) any { return &in.Spec.StartAt }},
		{"report-interval", "seconds between interval lines (0: no lines; intervals are still saved each second)", func(in *Inputs) any { return &in.Spec.ReportIntervalS }},
		{"percentile", "percentile shown in sysbench's sections (1-100; 0 disables)", func(in *Inputs) any { return &in.Spec.Percentile }},
		{"histogram", "print sysbench's latency histogram before the summary", func(in *Inputs) any { return &in.Spec.Histogram }},
		{"out", "also write the result: FILE or json=FILE (result.json), csv=FILE (one row per interval); repeatable", func(in *Inputs) any { return outputsValue{&in.Outputs} }},
		{"threshold", "check at the end, exit 5 if it fails: [OPERATION.]METRIC OP VALUE, e.g. 'p99<5ms', 'tps>=1000'; repeatable", func(in *Inputs) any { return &in.Thresholds }},
		StoreSetting,
		{"results-dir", "directory that receives one results folder per run", func(in *Inputs) any { return &in.Spec.ResultsDir }},
		{"no-prepare", "fail instead of preparing missing data", func(in *Inputs) any { return &in.NoPrepare }},
		{"web", "serve a live dashboard of the run at HOST:PORT (:0 picks a port): the report page fed by server-sent events, /metrics in OpenMetrics, /result.json", func(in *Inputs) any { return &in.Web }},
		{"web-linger", "with --web, keep serving the final report this long after the run (0: stop when the run ends)", func(in *Inputs) any { return &in.WebLinger }},
		{"no-monitor", "do not sample the host (CPU, disks, network, dbgauge's own CPU and RSS) each interval", func(in *Inputs) any { return &in.Spec.NoMonitor }},
		{"ignore-errors", "error classes that roll back and retry the transaction, same type and inputs (list, 'all' or 'none')", func(in *Inputs) any { return &in.Spec.IgnoreErrors }},
		{"max-errors", "failed transactions tolerated before the run is aborted with exit 4", func(in *Inputs) any { return &in.Spec.MaxErrors }},
	}
	ServerSetSetting = RunSetting{"server-set", "change a server setting for the run and put it back after it: NAME=VALUE (SET GLOBAL on MySQL/MariaDB, ALTER SYSTEM and a reload on PostgreSQL, a PRAGMA on every SQLite connection); repeatable", func(in *Inputs) any { return serverSetValue{&in.Spec.ServerSet} }}
	// StoreSetting is the results store, for the commands that read it too.
	StoreSetting = RunSetting{"store", "results store, an SQLite file (env DBGAUGE_STORE; default results.sqlite in --results-dir)", func(in *Inputs) any { return &in.Store }}
)

// FindSetting is the RunSetting called name (dashes or underscores) among
// the target, load and server-set settings.
func FindSetting(name string) (RunSetting, bool) {
	name = strings.ReplaceAll(name, "_", "-")
	for _, st := range slices.Concat(TargetSettings, LoadSettings, []RunSetting{ServerSetSetting}) {
		if st.Name == name {
			return st, true
		}
	}
	return RunSetting{}, false
}

// TypeName is the name of a setting's type, as help shows it.
func (st RunSetting) TypeName() string {
	switch p := st.Field(NewInputs()).(type) {
	case *int:
		return "int"
	case *int64:
		return "int64"
	case *uint64:
		return "uint64"
	case *float64:
		return "float64"
	case *bool:
		return "bool"
	case *[]string:
		return "stringArray"
	case *time.Duration:
		return "duration"
	case Value:
		return p.Type()
	}
	return "string"
}

// SetSetting sets st in in from text as the command line parses its flag
// (integers in any base Go reads, as pflag does). changed tells a
// repeatable setting whether this is its first value, which replaces the
// default. A value that does not parse leaves the default in place.
func SetSetting(in *Inputs, st RunSetting, text string, changed bool) error {
	var err error
	switch p := st.Field(in).(type) {
	case *int:
		var v int64
		v, err = strconv.ParseInt(text, 0, 64)
		*p = int(v)
	case *int64:
		*p, err = strconv.ParseInt(text, 0, 64)
	case *uint64:
		*p, err = strconv.ParseUint(text, 0, 64)
	case *float64:
		*p, err = strconv.ParseFloat(text, 64)
	case *bool:
		*p, err = strconv.ParseBool(text)
	case *string:
		*p = text
	case *[]string:
		if !changed {
			*p = nil
		}
		*p = append(*p, text)
	case *time.Duration:
		*p, err = time.ParseDuration(text)
	case Value:
		err = p.Set(text)
	}
	if err != nil {
		resetSetting(in, st)
	}
	return err
}

// resetSetting puts st's default back.
func resetSetting(in *Inputs, st RunSetting) {
	def := NewInputs()
	switch p := st.Field(in).(type) {
	case *int:
		*p = *st.Field(def).(*int)
	case *int64:
		*p = *st.Field(def).(*int64)
	case *uint64:
		*p = *st.Field(def).(*uint64)
	case *float64:
		*p = *st.Field(def).(*float64)
	case *bool:
		*p = *st.Field(def).(*bool)
	case *time.Duration:
		*p = *st.Field(def).(*time.Duration)
	}
}

// connsValue is the connections: left out, the default (one per user, or
// the workload's pool); given, at least one.
type connsValue struct{ n *int }

func (v connsValue) String() string {
	if v.n == nil || *v.n == 0 {
		return ""
	}
	return strconv.Itoa(*v.n)
}

func (v connsValue) Type() string { return "int" }

func (v connsValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not a number of connections", s)
	}
	if n < 1 {
		return fmt.Errorf("must be at least 1, got %d (leave it out for the default pool)", n)
	}
	*v.n = n
	return nil
}

// outputsValue collects the outputs, repeatable.
type outputsValue struct{ outs *[]Output }

func (v outputsValue) String() string {
	var parts []string
	for _, s := range *v.outs {
		parts = append(parts, s.Format+"="+s.Path)
	}
	return strings.Join(parts, ",")
}

func (v outputsValue) Type() string { return "[FORMAT=]FILE" }

// Set parses FILE (result.json as before) or FORMAT=FILE. A prefix of
// letters before = is a format; write ./a=b to name such a file.
func (v outputsValue) Set(s string) error {
	o, err := ParseOutput(s)
	if err != nil {
		return err
	}
	*v.outs = append(*v.outs, o)
	return nil
}

// ParseOutput reads FILE (json) or FORMAT=FILE.
func ParseOutput(s string) (Output, error) {
	o := Output{Format: "json", Path: s}
	if i := strings.Index(s, "="); i > 0 && isWord(s[:i]) {
		o.Format, o.Path = strings.ToLower(s[:i]), s[i+1:]
		if !slices.Contains(OutputFormats, o.Format) {
			return o, fmt.Errorf("unknown format %q (formats: %s; FILE alone is json)", o.Format, strings.Join(OutputFormats, ", "))
		}
	}
	if o.Path == "" {
		return o, fmt.Errorf("no file after %s=", o.Format)
	}
	return o, nil
}

func isWord(s string) bool {
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// serverSetValue is the server settings, NAME=VALUE, repeatable. A later
// value of a name replaces an earlier one, so that an experiment's matrix
// overrides its defaults.
type serverSetValue struct{ list *[]ServerSetting }

func (v serverSetValue) String() string {
	parts := make([]string, len(*v.list))
	for i, s := range *v.list {
		parts[i] = s.String()
	}
	return strings.Join(parts, ",")
}

func (v serverSetValue) Type() string { return "NAME=VALUE" }

func (v serverSetValue) Set(arg string) error {
	s, err := ParseServerSetting(arg)
	if err != nil {
		return err
	}
	for i, x := range *v.list {
		if strings.EqualFold(x.Name, s.Name) {
			(*v.list)[i] = s
			return nil
		}
	}
	*v.list = append(*v.list, s)
	return nil
}
