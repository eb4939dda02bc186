package results

import (
	"errors"
	"fmt"
	"strings"
)

// CheckShards says why results are not shards of one run that merge: each
// must be a shard (a merged result counts as the shards it holds), all of
// the same shard count, none twice, of the same schema version, workload,
// options, database and run settings, with the histograms merge reads.
func CheckShards(shards []Named) error {
	if len(shards) == 0 {
		return errors.New("no results to merge")
	}
	for _, s := range shards {
		if s.Result == nil {
			return fmt.Errorf("%s holds no result", s.Name)
		}
	}
	a := shards[0]
	for _, b := range shards[1:] {
		if av, bv := a.Result.SchemaVersion, b.Result.SchemaVersion; av != bv {
			return fmt.Errorf("%s has result schema version %d, %s version %d: results of different schema versions do not merge", a.Name, av, b.Name, bv)
		}
	}
	if v := a.Result.SchemaVersion; v != SchemaVersion {
		return fmt.Errorf("%s has result schema version %d; this dbgauge merges version %d", a.Name, v, SchemaVersion)
	}
	if err := checkShardSet(shards); err != nil {
		return err
	}
	for _, b := range shards[1:] {
		if err := sameRun(a, b); err != nil {
			return err
		}
	}
	for _, s := range shards {
		if s.Result.Totals.Transactions > 0 && len(s.Result.Histogram) == 0 {
			return fmt.Errorf("%s has no latency histogram: it cannot be merged exactly", s.Name)
		}
	}
	return nil
}

// checkShardSet checks that every result is a shard of the same count and
// that no shard comes twice.
func checkShardSet(shards []Named) error {
	seen := map[int]string{}
	count := 0
	for _, s := range shards {
		sh := s.Result.Run.Shard
		if sh == nil {
			return fmt.Errorf("%s is not a shard (it ran without --shard): only shards of one run merge", s.Name)
		}
		if sh.Count < 2 {
			return fmt.Errorf("%s says it is shard %d of %d: not a shard of a larger run", s.Name, sh.Index, sh.Count)
		}
		if count == 0 {
			count = sh.Count
		} else if sh.Count != count {
			return fmt.Errorf("%s is a shard of %d, %s of %d: shards of runs split differently do not merge",
				s.Name, sh.Count, shards[0].Name, count)
		}
		for _, i := range ShardsOf(s.Result) {
			if i < 0 || i >= sh.Count {
				return fmt.Errorf("%s says it holds shard %d of %d, which does not exist", s.Name, i, sh.Count)
			}
			if prev, ok := seen[i]; ok {
				if prev == s.Name {
					return fmt.Errorf("shard %d is given twice (%s)", i, s.Name)
				}
				return fmt.Errorf("shard %d is given twice: in %s and in %s", i, prev, s.Name)
			}
			seen[i] = s.Name
		}
	}
	return nil
}

// ShardsOf lists the shards a result holds: its own index, or the shards
// it was merged from; nil for a whole run.
func ShardsOf(r *Result) []int {
	sh := r.Run.Shard
	switch {
	case sh == nil:
		return nil
	case len(sh.Merged) > 0:
		return sh.Merged
	}
	return []int{sh.Index}
}

// JoinShards lists shard indexes as a line says them: "0, 2, 3".
func JoinShards(ix []int) string {
	s := make([]string, len(ix))
	for i, v := range ix {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}

// sameRun says how b is not a shard of the run a belongs to.
func sameRun(a, b Named) error {
	ra, rb := a.Result, b.Result
	if ra.Workload.Name != rb.Workload.Name {
		return fmt.Errorf("%s ran %s, %s ran %s: shards of different workloads do not merge",
			a.Name, ra.Workload.Name, b.Name, rb.Workload.Name)
	}
	if d := diffStrings(ra.Workload.Options, rb.Workload.Options); len(d) > 0 {
		return fmt.Errorf("%s and %s ran %s with different options (%s): shards of one run have the same",
			a.Name, b.Name, ra.Workload.Name, strings.Join(d, ", "))
	}
	if ra.Target.Driver != rb.Target.Driver {
		return fmt.Errorf("%s ran on %s, %s on %s: shards of one run use one database",
			a.Name, ra.Target.Driver, b.Name, rb.Target.Driver)
	}
	if d := runDiff(ra.Run, rb.Run); len(d) > 0 {
		return fmt.Errorf("%s and %s are not shards of one run: %s differ", a.Name, b.Name, strings.Join(d, ", "))
	}
	return nil
}

// runDiff lists the settings of the whole run that differ between two
// shards of it: users, connections, limits, load shape, seed and interval.
// Percentile and error policy only change how a result is digested.
func runDiff(a, b Run) []string {
	var out []string
	add := func(name string, va, vb any) {
		if va != vb {
			out = append(out, fmt.Sprintf("%s %v vs %v", name, va, vb))
		}
	}
	add("users", a.Threads, b.Threads)
	add("connections", connsOf(a), connsOf(b))
	add("time", a.TimeS, b.TimeS)
	add("events", a.Events, b.Events)
	add("warmup", a.WarmupS, b.WarmupS)
	add("ramp", a.RampS, b.RampS)
	add("rate", a.Rate, b.Rate)
	if a.Rate > 0 {
		add("rate arrival", a.RateArrival, b.RateArrival)
	}
	add("think", orDefault(a.Think), orDefault(b.Think))
	add("seed", a.Seed, b.Seed)
	add("report interval", a.ReportIntervalS, b.ReportIntervalS)
	// Shards of one launch share its start: a shard of another launch of
	// the same settings is not part of this run.
	add("start at", a.StartAt, b.StartAt)
	return out
}

// diffStrings lists the keys whose values differ, as "k=va vs vb".
func diffStrings(a, b map[string]string) []string {
	var out []string
	for _, d := range keyDiffs(a, b) {
		out = append(out, fmt.Sprintf("%s=%s vs %s", d.key, d.a, d.b))
	}
	return out
}
