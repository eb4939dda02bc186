package session

import (
	"context"
	"errors"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// Target is a resolved database URL and its driver.
type Target struct {
	T      *db.Target
	Driver db.Driver
}

// ResolveTarget parses a database URL and finds its driver.
func ResolveTarget(raw string) (*Target, error) {
	if raw == "" {
		return nil, settingf("no database: give {db} URL or set DBGAUGE_DB (e.g. {db} sqlite:bench.db)")
	}
	t, err := db.ParseURL(raw)
	if err != nil {
		return nil, Usagef("%v", err)
	}
	d, ok := catalog.DriverFor(t.Scheme)
	if !ok {
		var schemes []string
		for _, d := range catalog.Drivers() {
			schemes = append(schemes, d.Schemes()...)
		}
		sort.Strings(schemes)
		return nil, Usagef("unknown database URL scheme %q (known: %s)", t.Scheme, strings.Join(schemes, ", "))
	}
	return &Target{T: t, Driver: d}, nil
}

// Secrets are what must never be printed: every secret of the URL (its password, HandlerSocket's
// secrets, ...), as written and decoded.
func (tg *Target) Secrets() []string {
	if tg == nil {
		return nil
	}
	return tg.T.Secrets()
}

// Open connects once. A server that cannot be reached or refuses stays a
// *db.ConnectError (exit 3), naming the address, never the password;
// anything else the driver refuses before connecting is the URL's fault.
func (tg *Target) Open(ctx context.Context) (db.Conn, error) {
	c, err := tg.Driver.Open(ctx, tg.T)
	var ce *db.ConnectError
	switch {
	case err == nil:
		return c, nil
	case errors.As(err, &ce):
		return nil, err
	default:
		return nil, &Error{Usage, err}
	}
}

// IsFile says name is a workload file, named by its path (catalog.IsFile).
func IsFile(name string) bool { return catalog.IsFile(name) }

// Lookup finds a workload by name.
func Lookup(name string) (workload.Workload, error) {
	if catalog.IsFile(name) {
		w, err := catalog.Load(name)
		if err != nil {
			return nil, &Error{Usage, err} // keeps a file's list of problems (Lines)
		}
		return w, nil
	}
	w, ok := catalog.Workload(name)
	if !ok {
		var names []string
		for _, w := range catalog.Workloads() {
			names = append(names, w.Meta().Name)
		}
		return nil, Usagef("unknown workload %q (workloads: %s)", name, strings.Join(names, ", "))
	}
	return w, nil
}

// FolderName is the name a workload's results folders take: its own name,
// which for a workload file (catalog.IsFile) is the name inside it, not the
// path it was given by (or, when the file cannot be read any more, the
// file's base name without its extension).
func FolderName(workloadName string) string {
	if !catalog.IsFile(workloadName) {
		return workloadName
	}
	if w, err := catalog.Load(workloadName); err == nil {
		return w.Meta().Name
	}
	base := filepath.Base(workloadName)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// Configured is a workload with its options parsed and configured for a
// Spec.
type Configured struct {
	W      workload.Workload
	Values workload.Values
	Inst   workload.Instance
}

// Configure validates s's workload options and configures its workload.
func Configure(s *Spec) (*Configured, error) { return configure(s, nil) }

// configure is Configure with where the workload's own output goes.
func configure(s *Spec, print func(string)) (*Configured, error) {
	w, err := Lookup(s.Workload)
	if err != nil {
		return nil, err
	}
	v, err := workload.ParseValues(w.Options(), s.Options)
	if err != nil {
		return nil, Usagef("%s: %v", s.Workload, err)
	}
	sh, err := s.ShardOf()
	if err != nil {
		return nil, err
	}
	driver := ""
	if tg, err := ResolveTarget(s.Target); err == nil {
		driver = tg.Driver.Name()
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: s.Users, Seed: s.Seed, Shard: sh, OpenLoop: s.Rate > 0,
		TimeS: s.TimeS, WarmupS: s.WarmupS, Events: s.Events, Rate: s.Rate, ReportIntervalS: s.ReportIntervalS, Percentile: s.Percentile,
		Driver: driver, Print: print})
	if err != nil {
		return nil, Usagef("%s: %v", s.Workload, err)
	}
	return &Configured{W: w, Values: v, Inst: inst}, nil
}

// opened is what every verb that touches data starts from: the configured
// workload, the resolved target, one open connection and the dataset's
// state.
type opened struct {
	*Configured
	tg    *Target
	conn  db.Conn
	ds    workload.Dataset
	state workload.State
}

// open validates s, connects and checks the dataset: the pre-run chain
// of Plan. The caller closes o.conn.
func open(ctx context.Context, s *Spec, running bool, obs Observer) (*opened, error) {
	p, err := newPlan(*s, running, obs.Print)
	if err != nil {
		return nil, err
	}
	*s = p.Spec // with the defaults Check fills in
	return p.open(ctx)
}

// check reads the dataset's state on o's connection; a database the
// workload cannot run on is a usage error that names what it needs.
func (o *opened) check(ctx context.Context, name string) error {
	var err error
	if o.state, err = o.ds.Check(ctx, o.conn); err != nil {
		var ue *db.UnsupportedError
		if errors.As(err, &ue) {
			return Usagef("%s needs %s; %s is not one", name, ue.Needs, o.tg.Driver.Name())
		}
		return err
	}
	return nil
}
