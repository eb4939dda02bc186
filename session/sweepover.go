package session

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// SweepOver is what a sweep varies, Param ("threads", "db" or a data-size
// option's name), and its values, one per step.
type SweepOver struct {
	Param  string
	Values []string
}

// PlanSweep finds the one parameter a sweep varies: the user counts
// (threads, a comma list), a data-size option of w (workload.Option.
// DataSize) given in options as a comma list, each step preparing the data
// at its size, or several targets (dbs). It also checks the prepare
// policy, and returns the first user count, for every step when users do
// not vary.
func PlanSweep(w workload.Workload, threads string, options map[string]string, dbs []string, prepare string) (SweepOver, int, error) {
	var over []SweepOver
	users, err := countList("threads", threads)
	if err != nil {
		return SweepOver{}, 0, err
	}
	if len(users) > 1 {
		over = append(over, SweepOver{"threads", strings.Split(threads, ",")})
	}
	if w != nil {
		for _, opt := range w.Options() {
			v, ok := options[opt.Name]
			if !opt.DataSize || !ok || !strings.Contains(v, ",") {
				continue
			}
			if _, err := countList(opt.Name, v); err != nil {
				return SweepOver{}, 0, err
			}
			over = append(over, SweepOver{opt.Name, strings.Split(v, ",")})
		}
	}
	if len(dbs) > 1 {
		over = append(over, SweepOver{"db", dbs})
	}
	switch {
	case len(over) == 0:
		return SweepOver{}, 0, settingf("sweep needs a list to go over: {threads} 1,2,4,8, {table-size} 1000,10000, {record-count} …, or several {db}")
	case len(over) > 1:
		var names []string
		for _, p := range over {
			names = append(names, "{"+p.Param+"}")
		}
		return SweepOver{}, 0, settingf("sweep varies one parameter at a time, got lists for " + strings.Join(names, " and ") + "; use `dbgauge experiment` for a matrix")
	}
	if !slices.Contains(PreparePolicies, prepare) {
		return SweepOver{}, 0, settingf("{prepare-policy} must be one of %s, got %q", strings.Join(PreparePolicies, ", "), prepare)
	}
	return over[0], users[0], nil
}

// countList parses setting's comma list of positive integers.
func countList(setting, s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, settingf("{"+setting+"}: %q is not a positive whole number (give a comma list such as 1,2,4,8)", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// NewSweep plans the sweep of workload w, named name, from in: the one
// parameter it varies (PlanSweep over in's options, the user counts
// threads and the targets dbs) and each step's Spec, in with that step's
// value, checked as a run (Check, Build, NewPlan, its target) before the
// first one runs, so that a bad URL or size in the last step does not cost
// the user the whole sweep. With an error come the steps before the bad one.
func NewSweep(in Inputs, w workload.Workload, name, threads string, dbs []string) (SweepPlan, error) {
	over, users, err := PlanSweep(w, threads, in.Options, dbs, in.Spec.Prepare)
	if err != nil {
		return SweepPlan{}, err
	}
	in.Spec.Users = users
	if len(dbs) == 1 {
		in.DB = dbs[0]
	}
	sp := SweepPlan{Workload: name, Param: over.Param, Values: over.Values, ResultsDir: in.Spec.ResultsDir}
	for _, v := range over.Values {
		step := in
		step.Options = maps.Clone(in.Options)
		step.Spec.Workload = name
		switch v = strings.TrimSpace(v); over.Param {
		case "threads":
			step.Spec.Users, _ = strconv.Atoi(v)
		case "db":
			step.DB = v
		default:
			step.Options[over.Param] = v
		}
		if err := step.Check(); err != nil {
			return sp, err
		}
		spec, err := step.Build(name)
		if err != nil {
			return sp, err
		}
		pl, err := NewPlan(spec, true)
		if err != nil {
			return sp, err
		}
		if _, err := ResolveTarget(spec.Target); err != nil {
			return sp, err
		}
		sp.Specs = append(sp.Specs, pl.Spec)
	}
	return sp, nil
}
