package run

import (
	"math"
	"runtime/metrics"
)

// The Go runtime's settings for a run: how many Ps, and how much garbage
// the heap may carry. Each is chosen for the kind of run, and a value the
// user set in the environment (GOMAXPROCS, GOGC) is always kept.

// procsFor is the GOMAXPROCS a run wants, or 0 to leave it as it is.
//
// Closed-loop workers block in socket reads back to back. With no idle P,
// the Go runtime's sysmon retakes the P of every thread blocked for more
// than 20 µs and wakes another thread: measured on PostgreSQL point selects
// at 2 threads, GOMAXPROCS=2 gave 36-42k TPS and GOMAXPROCS=8 50-56k, at
// the same client CPU. An idle P for each connection keeps the hand-off away (users beyond the
// connections wait in the pool, not in system calls).
//
// An open-loop run (--rate) is below capacity by design, and there the extra
// Ps cost memory, not time: side by side for 10 minutes at 200/s on
// PostgreSQL, p99 was 36.4 ms with 6 Ps and 37.9 ms with 2, but RSS grew
// 6.7% with 6 Ps (each P caches its own spans, and with little work each
// fills slowly) and 0.8% with 2 (docs/reliability.md).
//
// Only with blocking sockets: on Go's netpoller nothing blocks a thread,
// and the default (one P a CPU) is best (100 connections on 2 cores, point
// selects on PostgreSQL: 59k TPS at GOMAXPROCS 2, 49k at 102).
func procsFor(cfg Config, env string, blocking bool) int {
	if env != "" || cfg.Rate > 0 || !blocking {
		return 0
	}
	return cfg.conns() + 2
}

// blockingPerCPU is the most connections per CPU that get blocking
// sockets. Measured on 2 cores, PostgreSQL point selects, 6 s runs: at 8
// connections blocking sockets gave 55k TPS to the netpoller's 52k and
// kept time; at 16 the run overran by 0.9 s, at 32 by 2 s, at 64 interval
// lines came 3 s apart, at 100 an 8 s run took 25 s (db/sockconn).
const blockingPerCPU = 4

// blockingFor says whether a run's connections use blocking sockets:
// when they are at most blockingPerCPU a CPU, unless DBGAUGE_SOCKETS
// (env) says blocking or netpoll.
func blockingFor(cfg Config, env string, cpus int) bool {
	switch env {
	case "blocking":
		return true
	case "netpoll":
		return false
	}
	return cfg.conns() <= blockingPerCPU*max(cpus, 1)
}

// gcPercent reads the collector's current percent, -1 when it is off.
func gcPercent() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	if v := s[0].Value.Uint64(); v <= math.MaxInt32 {
		return int(v)
	}
	return -1
}

// openLoopGC is the GC percent of an open-loop run: the heap may carry
// garbage up to half its live size between collections, not all of it.
const openLoopGC = 50

// gcFor is the GC percent a run wants, or 0 to leave it as it is.
//
// An open-loop run is the long, steady kind (soaks, hours at a fixed rate)
// whose memory should be flat. Between two collections the heap fills with
// garbage up to GOGC% of the live heap, and where in that range each
// collection starts drifts as the collector's pacer adapts: at the default
// 100 that drift alone moved the peak RSS of a 30-minute soak by 5-8%, with
// the live heap flat. At 50 the range, and the drift, is half. The cost is
// twice the collections, which a run below capacity can afford: side by
// side for 30 minutes at 200/s on PostgreSQL, RSS grew 1.8% at 50 and 4.7%
// at 100, at the same CPU (16.6% and 16.4% of a core) and p99 (27.5 and
// 26.3 ms) (docs/reliability.md). Closed loops keep the
// default, for throughput.
func gcFor(cfg Config, env string) int {
	if env != "" || cfg.Rate <= 0 {
		return 0
	}
	return openLoopGC
}
