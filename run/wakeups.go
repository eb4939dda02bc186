package run

import (
	"runtime/metrics"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// The wake-up experiments of issue 33 (item 2), chosen with
// DBGAUGE_WAKEUPS, a comma-separated list; unset, a run is as before. Each
// applies only where it can; the result's environment says which did
// (client_wakeups), with the run's GC pauses.
//
//   - raw: blocking sockets read and write through syscall.RawSyscall
//     (sockconn.SetRaw): sysmon never hands a worker's P off mid-read. Only
//     with blocking sockets, no socket probe, and at least 2 more Ps than
//     connections (each raw read holds its P); not with locked, whose
//     GOMAXPROCS is one less.
//   - locked: each user locks its OS thread (runtime.LockOSThread), and
//     GOMAXPROCS is connections + 1 (the one for the runner and the
//     monitors). Only closed loop, blocking sockets, users = connections,
//     GOMAXPROCS not set by the user.
//   - noyield: users do not call the scheduler every yieldBudget, at a
//     transaction's end nor inside a long one.
//   - base: nothing changes; the GC pauses are reported (a baseline that
//     reports like the others).
type wakeups struct {
	asked                string
	raw, locked, noyield bool
}

// wakeupsFor reads DBGAUGE_WAKEUPS (env); unknown words are ignored and not
// reported as applied.
func wakeupsFor(env string) wakeups {
	w := wakeups{asked: env}
	for _, f := range strings.Split(env, ",") {
		switch strings.TrimSpace(f) {
		case "raw":
			w.raw = true
		case "locked":
			w.locked = true
		case "noyield":
			w.noyield = true
		}
	}
	return w
}

// applied is the list of experiments in effect, for the result.
func (w wakeups) applied() string {
	var out []string
	for _, e := range []struct {
		on   bool
		name string
	}{{w.raw, "raw"}, {w.locked, "locked"}, {w.noyield, "noyield"}} {
		if e.on {
			out = append(out, e.name)
		}
	}
	return strings.Join(out, ",")
}

// lockedProcs is the GOMAXPROCS of a run with locked users.
func lockedProcs(cfg Config) int { return cfg.conns() + 1 }

// gcPauses reads the process's stop-the-world pauses of the collector so
// far: how many, the longest and the 99th percentile of each (whole pause,
// and the part spent stopping: what a goroutine in a raw read would
// lengthen). Bucket upper bounds, in milliseconds.
func gcPauses() (n int64, totalMax, totalP99, stoppingMax float64) {
	s := []metrics.Sample{{Name: "/sched/pauses/total/gc:seconds"}, {Name: "/sched/pauses/stopping/gc:seconds"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram || s[1].Value.Kind() != metrics.KindFloat64Histogram {
		return 0, 0, 0, 0
	}
	h := s[0].Value.Float64Histogram()
	for _, c := range h.Counts {
		n += int64(c)
	}
	totalMax, totalP99 = histQuantile(h, 1), histQuantile(h, 0.99)
	stoppingMax = histQuantile(s[1].Value.Float64Histogram(), 1)
	return n, totalMax * 1e3, totalP99 * 1e3, stoppingMax * 1e3
}

// histQuantile is the upper bound of the bucket that holds quantile q.
func histQuantile(h *metrics.Float64Histogram, q float64) float64 {
	var n uint64
	for _, c := range h.Counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	want := uint64(q*float64(n) + 0.5)
	var seen uint64
	for i, c := range h.Counts {
		seen += c
		if seen >= max(want, 1) {
			return h.Buckets[i+1]
		}
	}
	return h.Buckets[len(h.Buckets)-1]
}

// wakeupsResult is what the environment keeps of the experiments.
func (w wakeups) result() *results.Wakeups {
	n, mx, p99, stop := gcPauses()
	return &results.Wakeups{Asked: w.asked, Applied: w.applied(), GCPauses: n,
		GCPauseMaxMs: mx, GCPauseP99Ms: p99, GCStoppingMaxMs: stop}
}
