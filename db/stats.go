package db

import "context"

// ServerStats is a snapshot of a server's statistics, in its own words:
// counters (monotonic, reported as the difference over a run, AWR-style),
// gauges (reported as read at the end) and the settings that decide
// performance.
type ServerStats struct {
	Counters map[string]float64
	Gauges   map[string]float64
	Settings map[string]string
	// Watched names the counters a DBA watches beside the load, which
	// reports keep per interval as rates (the run's difference keeps every
	// counter).
	Watched []string
	// DataDir is the server's data directory, when it says: for a server
	// on this host, reports name its filesystem and device.
	DataDir string
}

// StatsReader is a Conn that can snapshot its server's statistics. Ratios
// derives the figures a DBA reads first (cache hit ratio, …) from the
// counters' difference over a run.
type StatsReader interface {
	ServerStats(ctx context.Context) (*ServerStats, error)
	Ratios(delta map[string]float64) map[string]float64
}

// HitRatio is hits/(hits+misses) in percent, or -1 when there was no access.
func HitRatio(hits, misses float64) float64 {
	if hits+misses <= 0 {
		return -1
	}
	return hits / (hits + misses) * 100
}
