package cli

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// target is a resolved --db.
type target struct {
	t      *db.Target
	driver db.Driver
}

func resolveTarget(raw string) (*target, error) {
	if raw == "" {
		return nil, usageErr("no database: give --db URL or set DBGAUGE_DB (e.g. --db sqlite:bench.db)")
	}
	t, err := db.ParseURL(raw)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	d, ok := catalog.DriverFor(t.Scheme)
	if !ok {
		var schemes []string
		for _, d := range catalog.Drivers() {
			schemes = append(schemes, d.Schemes()...)
		}
		sort.Strings(schemes)
		return nil, usageErr("unknown database URL scheme %q (known: %s)", t.Scheme, strings.Join(schemes, ", "))
	}
	if strings.Contains(raw, "default_query_exec_mode=") && d.Name() != "postgres" {
		return nil, usageErr("--pg-simple-protocol applies to PostgreSQL only, not %s", d.Name())
	}
	return &target{t: t, driver: d}, nil
}

// secrets returns what must never be printed.
func (tg *target) secrets() []string {
	if tg == nil {
		return nil
	}
	return []string{tg.t.Password()}
}

// open connects once. A server that cannot be reached or refuses is exit 3,
// naming the address, never the password; a URL the driver rejects is exit 2.
func (tg *target) open(ctx context.Context) (db.Conn, error) {
	c, err := tg.driver.Open(ctx, tg.t)
	var ce *db.ConnectError
	switch {
	case err == nil:
		return c, nil
	case errors.As(err, &ce):
		return nil, withCode(ExitUnreachable, err)
	default:
		// Anything else the driver refuses before connecting is the URL's fault.
		return nil, withCode(ExitUsage, err)
	}
}

// resolveWorkload finds the workload, validates its options and configures it.
func resolveWorkload(name string, o *options) (workload.Workload, workload.Values, workload.Instance, error) {
	w, ok := catalog.Workload(name)
	if !ok {
		var names []string
		for _, w := range catalog.Workloads() {
			names = append(names, w.Meta().Name)
		}
		return nil, workload.Values{}, nil, usageErr("unknown workload %q (workloads: %s)", name, strings.Join(names, ", "))
	}
	v, err := workloadValues(o, w)
	if err != nil {
		return nil, v, nil, err
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: o.threads, Seed: o.seed})
	if err != nil {
		return nil, v, nil, usageErr("%s: %v", name, err)
	}
	return w, v, inst, nil
}

// checkReady decides what to do with the data before a run: nil if the
// stamped data matches; errMissing if there is none and it may be prepared.
func checkReady(st workload.State, ds workload.Dataset, workload string) error {
	if err := claimed(st); err != nil {
		return err
	}
	if st.Stamp == nil {
		if len(st.Foreign) > 0 {
			return usageErr("tables %s exist but were not created by dbgauge for %s; drop them or use another database (prepare --force takes them over)",
				strings.Join(st.Foreign, ", "), workload)
		}
		return errMissing
	}
	if !st.Stamp.Complete {
		return usageErr("dataset %s is incomplete (its prepare was interrupted); run `dbgauge cleanup %s` and prepare again", ds.Name(), workload)
	}
	if m := st.Stamp.Mismatch(ds.Shape()); m != "" {
		return usageErr("dataset %s was prepared with other options: %s; run `dbgauge cleanup %s` first or pass the same options",
			ds.Name(), m, workload)
	}
	if len(st.Foreign) > 0 {
		return usageErr("tables %s exist but are not part of dataset %s; drop them or use another database", strings.Join(st.Foreign, ", "), ds.Name())
	}
	return nil
}

var errMissing = fmt.Errorf("data not prepared")

// claimed refuses tables that belong to another dbgauge dataset: only that
// dataset's cleanup may drop them.
func claimed(st workload.State) error {
	if len(st.Claimed) == 0 {
		return nil
	}
	var parts []string
	for _, t := range slices.Sorted(maps.Keys(st.Claimed)) {
		parts = append(parts, fmt.Sprintf("%s (dataset %s)", t, st.Claimed[t]))
	}
	other := st.Claimed[slices.Sorted(maps.Keys(st.Claimed))[0]]
	return usageErr("tables %s belong to another dbgauge dataset; run `dbgauge cleanup` for a workload of dataset %s first, or use another database",
		strings.Join(parts, ", "), other)
}

// session is what every verb that touches data starts from: the configured
// workload, the resolved target, one open connection and the dataset's state.
type session struct {
	w     workload.Workload
	v     workload.Values
	inst  workload.Instance
	tg    *target
	conn  db.Conn
	ds    workload.Dataset
	state workload.State
}

// start validates the command line, connects and checks the dataset. The
// caller closes s.conn. check runs before connecting (run's early checks).
func (e *env) start(ctx context.Context, o *options, name string, running bool, check func() error) (*session, error) {
	if err := o.validate(running); err != nil {
		return nil, err
	}
	s := &session{}
	var err error
	if s.w, s.v, s.inst, err = resolveWorkload(name, o); err != nil {
		return nil, err
	}
	if s.tg, err = resolveTarget(o.dbURL()); err != nil {
		return nil, err
	}
	for _, sec := range s.tg.secrets() {
		if sec != "" && !slices.Contains(e.secrets, sec) {
			e.secrets = append(e.secrets, sec)
		}
	}
	if check != nil {
		if err := check(); err != nil {
			return nil, err
		}
	}
	if s.conn, err = s.tg.open(ctx); err != nil {
		return nil, err
	}
	s.ds = s.inst.Dataset()
	if s.state, err = s.ds.Check(ctx, s.conn); err != nil {
		s.conn.Close()
		var ue *db.UnsupportedError
		if errors.As(err, &ue) {
			return nil, usageErr("%s needs %s; %s is not one", name, ue.Needs, s.tg.driver.Name())
		}
		return nil, err
	}
	return s, nil
}
