// Package session is the application layer: a serialisable Spec of one run
// (target, workload and options, load shape, shard, and how its folder is
// finished: thresholds, output files, the results store) and the functions
// that carry it out. NewPlan is the one pre-run chain (check, configure;
// Ready: open, check the stamp, refuse foreign tables, prepare if missing).
// Run prepares the data if it is missing, runs the load with the host and
// server monitors, and writes and finishes the results folder (result.json,
// summary.txt, the reports, then Spec.Finish); Sweep and Experiment run
// their steps into a folder of their own; Prepare and Cleanup do the
// lifecycle verbs; Merge joins the results of a run's shards into one
// results folder, and MergeRun finishes it as a run's (reports, the
// store). The CLI and the Kubernetes launcher build Specs and call
// them; they only parse and print. Output goes through an Observer: session
// never writes to a terminal.
//
// RunSettings are every setting of a run, once: the CLI registers its
// flags from them and PlanExperiment decodes an experiment file's entries
// through them, into Inputs and then Specs.
//
// session imports catalog, experiment, workload, db, run, hist, monitor,
// report, results, results/store and sys; never a workload or a driver by
// name.
package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// Defaults of a Spec, each with its reason.
const (
	// DefaultTime is sysbench's --time default.
	DefaultTime = 10
	// DefaultResultsDir collects one folder per run beside where dbgauge runs.
	DefaultResultsDir = "dbgauge-results"
	// DefaultIgnore: the errors sysbench's drivers retry by default
	// (MySQL 1213, 1020, 1205; PostgreSQL 40P01, 40001, 23505).
	DefaultIgnore = "deadlock,serialization_failure,lock_wait_timeout,duplicate_key"
	// MaxUsers guards against a typo starting a million users; 100,000
	// goroutines of a few kilobytes each fit any client machine.
	MaxUsers = 100000
	// GraceAfterEnd lets transactions in flight at the end finish before
	// their context is cancelled: sysbench waits for them too
	// (--forced-shutdown off).
	GraceAfterEnd = 10 * time.Second
)

// Prepare policies: what a run does with the data before it starts.
const (
	// PrepareMissing prepares the data if it is missing and refuses data
	// made with other options: what run does.
	PrepareMissing = "missing"
	// PrepareReplace drops this dataset when it was made with other
	// options (another size) or is incomplete, and prepares it anew.
	PrepareReplace = "replace"
	// PrepareFresh drops and prepares before every run: insert and delete
	// workloads change their data as they run.
	PrepareFresh = "fresh"
	// PrepareNever fails when the data is missing (run --no-prepare).
	PrepareNever = "never"
)

// PreparePolicies lists the policies.
var PreparePolicies = []string{PrepareMissing, PrepareReplace, PrepareFresh, PrepareNever}

// Spec is one run. Its JSON form is what a launcher hands a remote shard;
// Target may hold a password, so a Spec is never printed or saved as is
// (Redacted).
type Spec struct {
	Target   string            `json:"target"`
	Workload string            `json:"workload"`
	Options  map[string]string `json:"options,omitempty"`
	// Users run transactions over Connections (0: one each).
	Users       int `json:"users"`
	Connections int `json:"connections,omitempty"`
	// TimeS and Events limit the measured part (0: no limit; one is needed).
	TimeS   int   `json:"time_s"`
	Events  int64 `json:"events,omitempty"`
	WarmupS int   `json:"warmup_s,omitempty"`
	RampS   int   `json:"ramp_s,omitempty"`
	// Rate > 0 is an open loop at Rate transactions/s, Arrival "poisson"
	// or "fixed"; MaxLagS drops starts later than that.
	Rate    float64 `json:"rate,omitempty"`
	Arrival string  `json:"arrival,omitempty"`
	MaxLagS float64 `json:"max_lag_s,omitempty"`
	// Think replaces every transaction type's think time (workload.ParseWait).
	Think string `json:"think,omitempty"`
	// Shard is "INDEX/COUNT" (empty: the whole run); StartAt the RFC 3339
	// time the measured load starts.
	Shard   string `json:"shard,omitempty"`
	StartAt string `json:"start_at,omitempty"`

	ReportIntervalS float64 `json:"report_interval_s"`
	Percentile      int     `json:"percentile"`
	Seed            uint64  `json:"seed"`
	IgnoreErrors    string  `json:"ignore_errors"`
	MaxErrors       int64   `json:"max_errors,omitempty"`
	// Prepare is the prepare policy; Force takes over foreign tables.
	Prepare    string `json:"prepare,omitempty"`
	Force      bool   `json:"force,omitempty"`
	ResultsDir string `json:"results_dir,omitempty"`
	NoMonitor  bool   `json:"no_monitor,omitempty"`
	// Histogram adds sysbench's latency histogram to summary.txt.
	Histogram bool `json:"histogram,omitempty"`
	// ServerSet are the server settings changed for the run and put back
	// after it (--server-set NAME=VALUE), in order.
	ServerSet []ServerSetting `json:"server_set,omitempty"`
	// Finish finishes the results folder (thresholds, outputs, store):
	// never a shard's, whose launcher finishes the merged result.
	Finish Finish `json:"-"`
}

// NewSpec returns a Spec with every default set.
func NewSpec(target, workloadName string) Spec {
	return Spec{Target: target, Workload: workloadName, Users: 1, TimeS: DefaultTime, Arrival: "poisson",
		ReportIntervalS: 1, Percentile: 95, IgnoreErrors: DefaultIgnore, Prepare: PrepareMissing, ResultsDir: DefaultResultsDir}
}

// Redacted is s with the target's password masked: what may be printed.
func (s Spec) Redacted() Spec {
	s.Target = db.Redact(s.Target)
	return s
}

// CheckUsers validates the users, connections and shard, for every verb.
func (s *Spec) CheckUsers() error {
	if s.Users < 1 || s.Users > MaxUsers {
		return settingf("{users}/{threads} must be between 1 and %d, got %d", MaxUsers, s.Users)
	}
	if s.Connections < 0 {
		return settingf("{connections} must be 0 (one per user) or more, got %d", s.Connections)
	}
	if s.Connections > s.Users {
		return settingf("{connections} %d is more than {users} %d: a connection no user borrows measures nothing", s.Connections, s.Users)
	}
	sh, err := s.ShardOf()
	if err != nil {
		return err
	}
	if s.Users < sh.N() {
		return settingf("{shard} %s: %d users cannot be dealt over %d shards; give at least one user per shard", s.Shard, s.Users, sh.N())
	}
	return nil
}

// Check validates a run's settings: every problem is a usage error naming
// its flag.
func (s *Spec) Check() error {
	if err := s.CheckUsers(); err != nil {
		return err
	}
	switch {
	case s.TimeS < 0:
		return settingf("{time} must be 0 or more seconds, got %d", s.TimeS)
	case s.Events < 0:
		return settingf("{events} must be 0 or more, got %d", s.Events)
	case s.TimeS == 0 && s.Events == 0:
		return settingf("{time} 0 with {events} 0 would never end; set one of them")
	case s.WarmupS < 0:
		return settingf("{warmup} must be 0 or more seconds, got %d", s.WarmupS)
	case s.ReportIntervalS < 0:
		return settingf("{report-interval} must be 0 or more seconds, got %g", s.ReportIntervalS)
	case s.Percentile < 0 || s.Percentile > 100:
		return settingf("{percentile} must be between 0 and 100, got %d", s.Percentile)
	case s.RampS < 0:
		return settingf("{ramp} must be 0 or more seconds, got %d", s.RampS)
	case s.Rate < 0 || s.Rate > 1e7:
		return settingf("{rate} must be between 0 and 10000000 transactions/s, got %g", s.Rate)
	case s.Arrival != "poisson" && s.Arrival != "fixed":
		return settingf("{rate-arrival} must be poisson or fixed, got %q", s.Arrival)
	case s.MaxLagS < 0:
		return settingf("{max-lag} must be 0 or more seconds, got %g", s.MaxLagS)
	case s.MaxErrors < 0:
		return settingf("{max-errors} must be 0 or more, got %d", s.MaxErrors)
	}
	if s.Prepare == "" {
		s.Prepare = PrepareMissing
	}
	if !contains(PreparePolicies, s.Prepare) {
		return settingf("{prepare-policy} must be one of %s, got %q", strings.Join(PreparePolicies, ", "), s.Prepare)
	}
	if _, err := s.ThinkOf(); err != nil {
		return err
	}
	if err := s.checkServerSet(); err != nil {
		return err
	}
	if _, err := s.IgnoreSet(); err != nil {
		return err
	}
	if _, err := s.StartTime(time.Now()); err != nil {
		return err
	}
	return nil
}

// ShardOf parses Shard.
func (s *Spec) ShardOf() (workload.Shard, error) {
	if s.Shard == "" {
		return workload.Shard{}, nil
	}
	sh, err := workload.ParseShard(s.Shard)
	if err != nil {
		return sh, Usagef("%v", err)
	}
	return sh, nil
}

// ThinkOf parses Think: nil when the workload's own think times apply.
func (s *Spec) ThinkOf() (*workload.Wait, error) {
	if s.Think == "" {
		return nil, nil
	}
	w, err := workload.ParseWait(s.Think)
	if err != nil {
		return nil, settingf("{think}: %v", err)
	}
	return &w, nil
}

// StartTime parses StartAt, which must be after now (zero: no common
// start).
func (s *Spec) StartTime(now time.Time) (time.Time, error) {
	if s.StartAt == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339, s.StartAt)
	if err != nil {
		return t, settingf("{start-at} %q is not an RFC 3339 time such as 2026-11-22T10:00:00Z", s.StartAt)
	}
	if !t.After(now) {
		// Late: a shard started after the others began (session.Late).
		return t, &Error{Usage, &pastError{&SettingError{format: "{start-at} %s is in the past (now %s): %v", args: []any{s.StartAt, now.UTC().Format(time.RFC3339), errPast}}}}
	}
	return t, nil
}

// IgnoreSet parses IgnoreErrors.
func (s *Spec) IgnoreSet() (map[db.Class]bool, error) {
	set := map[db.Class]bool{}
	switch v := strings.TrimSpace(s.IgnoreErrors); v {
	case "none", "":
		return set, nil
	case "all":
		for _, c := range db.Classes {
			set[c] = true
		}
		return set, nil
	default:
		for _, name := range strings.Split(v, ",") {
			c, ok := db.ParseClass(strings.TrimSpace(name))
			if !ok {
				var names []string
				for _, c := range db.Classes {
					names = append(names, c.String())
				}
				return nil, settingf("{ignore-errors}: unknown error class %q (classes: %s, or all, none)", name, strings.Join(names, ", "))
			}
			set[c] = true
		}
	}
	return set, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// arrival is the arrival process of an open loop, "" for a closed one.
func (s *Spec) arrival() string {
	if s.Rate > 0 {
		return s.Arrival
	}
	return ""
}

// interval is how often intervals are collected.
func (s *Spec) interval() time.Duration {
	if d := time.Duration(s.ReportIntervalS * float64(time.Second)); d > 0 {
		return d
	}
	return time.Second
}

// String is a one-line description, without the target.
func (s Spec) String() string {
	return fmt.Sprintf("%s, %d users", s.Workload, s.Users)
}
