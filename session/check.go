package session

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// Check runs the consistency checks of s's workload (workload.Checker) on
// the data prepared for it: all of them with all, otherwise those that
// hold after a run too. It refuses, as usage errors, a workload without
// checks, a database without the workload's data, and data prepared with
// other options (the same refusal as run's).
func Check(ctx context.Context, s Spec, all bool) ([]workload.Condition, error) {
	c, err := Configure(&s)
	if err != nil {
		return nil, err
	}
	if _, ok := c.Inst.(workload.Checker); !ok {
		return nil, noChecks(s.Workload)
	}
	o, err := open(ctx, &s, false, Quiet{})
	if err != nil {
		return nil, err
	}
	if st := o.state.Stamp; st != nil && st.Mismatch(o.ds.Shape()) != "" && adoptShape(&s, c.W, st) {
		// The data's own options, for those not given: check needs no
		// --warehouses to check the data that is there.
		o.conn.Close()
		if o, err = open(ctx, &s, false, Quiet{}); err != nil {
			return nil, err
		}
	}
	defer o.conn.Close()
	st, ds := o.state, o.ds
	if st.Stamp == nil && len(st.Claimed) == 0 {
		foreign := ""
		if len(st.Foreign) > 0 {
			foreign = fmt.Sprintf(" (tables %s are here, but no dbgauge prepare made them)", strings.Join(st.Foreign, ", "))
		}
		return nil, Usagef("no %s data to check: dataset %s is not prepared on this database%s; `dbgauge prepare %s` loads it",
			s.Workload, ds.Name(), foreign, s.Workload)
	}
	if err := checkReady(st, ds, s.Workload); err != nil {
		return nil, err
	}
	return runChecks(ctx, o, all, Quiet{})
}

// adoptShape sets, in s, the stamp's value of every option of w that shapes
// the data and that s does not give, and reports whether it set any.
func adoptShape(s *Spec, w workload.Workload, st *db.Stamp) bool {
	if st == nil {
		return false
	}
	set := false
	for _, o := range w.Options() {
		v, shaped := st.Shape[o.Name]
		if _, given := s.Options[o.Name]; !shaped || given {
			continue
		}
		if s.Options == nil {
			s.Options = map[string]string{}
		}
		s.Options[o.Name], set = v, true
	}
	return set
}

// runChecks runs o's workload's checks, if it has any (nil otherwise).
func runChecks(ctx context.Context, o *opened, all bool, obs Observer) ([]workload.Condition, error) {
	ch, ok := o.Inst.(workload.Checker)
	if !ok {
		return nil, nil
	}
	obs.Checking(o.ds.Name())
	conds, err := ch.Check(ctx, o.conn, workload.CheckOptions{All: all})
	if err != nil {
		return nil, fmt.Errorf("check %s: %w", o.ds.Name(), err)
	}
	return conds, nil
}

// noChecks refuses check for a workload without consistency checks, and
// names those that have some (configured with their defaults).
func noChecks(name string) error {
	var have []string
	for _, w := range catalog.Workloads() {
		v, err := workload.ParseValues(w.Options(), nil)
		if err != nil {
			continue
		}
		inst, err := workload.Configure(w, v, workload.Params{Users: 1})
		if err != nil {
			continue
		}
		if _, ok := inst.(workload.Checker); ok {
			have = append(have, w.Meta().Name)
		}
	}
	slices.Sort(have)
	if len(have) == 0 {
		return Usagef("workload %s has no consistency checks", name)
	}
	return Usagef("workload %s has no consistency checks (workloads with checks: %s)", name, strings.Join(have, ", "))
}
