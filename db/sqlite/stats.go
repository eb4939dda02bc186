package sqlite

import (
	"context"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StatsReader = (*Conn)(nil)

// ServerStats implements db.StatsReader: SQLite has no server, so its
// figures are the file's: pages, page size, cache size, WAL frames.
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	for _, p := range []string{"page_count", "freelist_count"} {
		if rows, err := c.QueryStrings(ctx, "PRAGMA "+p); err == nil && len(rows) > 0 {
			s.Gauges[p], _ = strconv.ParseFloat(rows[0][0], 64)
		}
	}
	if rows, err := c.QueryStrings(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); err == nil && len(rows) > 0 && len(rows[0]) == 3 {
		s.Gauges["wal_frames"], _ = strconv.ParseFloat(rows[0][1], 64)
	}
	for _, p := range []string{"page_size", "cache_size", "journal_mode", "synchronous", "busy_timeout"} {
		if rows, err := c.QueryStrings(ctx, "PRAGMA "+p); err == nil && len(rows) > 0 {
			s.Settings[p] = rows[0][0]
		}
	}
	return s, nil
}

// Ratios implements db.StatsReader: SQLite reports none.
func (c *Conn) Ratios(map[string]float64) map[string]float64 { return nil }
