package run

// procsFor is the GOMAXPROCS a run wants, or 0 to leave it as it is.
//
// Closed-loop workers block in socket reads back to back. With no idle P,
// the Go runtime's sysmon retakes the P of every thread blocked for more
// than 20 µs and wakes another thread: measured on PostgreSQL point selects
// at 2 threads, GOMAXPROCS=2 gave 36-42k TPS and GOMAXPROCS=8 50-56k, at
// the same client CPU. An idle P for each worker keeps the hand-off away.
//
// An open-loop run (--rate) is below capacity by design, and there the extra
// Ps cost memory, not time: side by side for 10 minutes at 200/s on
// PostgreSQL, p99 was 36.4 ms with 6 Ps and 37.9 ms with 2, but RSS grew
// 6.7% with 6 Ps (each P caches its own spans, and with little work each
// fills slowly) and 0.8% with 2 (docs/reliability.md). A GOMAXPROCS the
// user set is always kept.
func procsFor(cfg Config, env string) int {
	if env != "" || cfg.Rate > 0 {
		return 0
	}
	return cfg.Threads + 2
}
