package cli

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dbgauge/dbgauge/db"
)

// intervalCounters are the server counters kept per interval, as rates per
// second: those a DBA watches beside the load (the run's difference keeps
// every counter). Names are the servers' own.
var intervalCounters = map[string]bool{
	// PostgreSQL: pg_stat_database, pg_stat_bgwriter, pg_stat_wal.
	"xact_commit": true, "xact_rollback": true, "blks_read": true, "blks_hit": true,
	"tup_returned": true, "tup_fetched": true, "tup_inserted": true, "tup_updated": true, "tup_deleted": true,
	"deadlocks": true, "temp_bytes": true, "buffers_checkpoint": true, "buffers_backend": true, "wal_bytes": true,
	// MariaDB/MySQL: SHOW GLOBAL STATUS.
	"Questions": true, "Com_commit": true, "Com_rollback": true, "Com_select": true, "Com_insert": true,
	"Com_update": true, "Com_delete": true, "Innodb_buffer_pool_reads": true, "Innodb_buffer_pool_read_requests": true,
	"Innodb_data_fsyncs": true, "Innodb_row_lock_waits": true, "Innodb_rows_read": true, "Innodb_rows_inserted": true,
	"Innodb_rows_updated": true, "Innodb_rows_deleted": true, "Innodb_os_log_written": true,
	// Redis: INFO.
	"total_commands_processed": true, "keyspace_hits": true, "keyspace_misses": true,
	// MongoDB: serverStatus opcounters.
	"opcounters.query": true, "opcounters.insert": true, "opcounters.update": true, "opcounters.delete": true,
	"opcounters.getmore": true, "opcounters.command": true,
}

// serverPoller reads the server's statistics on the control connection
// every interval, on its own goroutine so that a slow server never delays
// the runner's intervals; each interval takes the latest window's figures.
type serverPoller struct {
	r      db.StatsReader
	latest atomic.Pointer[map[string]float64]
	stop   chan struct{}
	done   sync.WaitGroup
}

// startServerPoller starts polling from the snapshot first.
func startServerPoller(ctx context.Context, r db.StatsReader, first *db.ServerStats, every time.Duration) *serverPoller {
	p := &serverPoller{r: r, stop: make(chan struct{})}
	p.done.Go(func() {
		prev, prevAt := first, time.Now()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			qctx, cancel := context.WithTimeout(ctx, every)
			cur, err := r.ServerStats(qctx)
			cancel()
			if err != nil {
				continue
			}
			now := time.Now()
			m := windowStats(r, prev, cur, now.Sub(prevAt).Seconds())
			p.latest.Store(&m)
			prev, prevAt = cur, now
		}
	})
	return p
}

// windowStats is one poll window: key counters per second, every gauge,
// and the ratios of the window.
func windowStats(r db.StatsReader, prev, cur *db.ServerStats, secs float64) map[string]float64 {
	m := map[string]float64{}
	delta := map[string]float64{}
	for k, v := range cur.Counters {
		if b, ok := prev.Counters[k]; ok {
			delta[k] = v - b
			if intervalCounters[k] && secs > 0 {
				m[k+"/s"] = (v - b) / secs
			}
		}
	}
	for k, v := range cur.Gauges {
		m[k] = v
	}
	for k, v := range r.Ratios(delta) {
		if v >= 0 && !strings.HasPrefix(k, "_") {
			m[k] = v
		}
	}
	return m
}

// sample returns the latest window's figures, nil before the first.
func (p *serverPoller) sample() map[string]float64 {
	if p == nil {
		return nil
	}
	if m := p.latest.Load(); m != nil {
		return *m
	}
	return nil
}

// close stops polling and waits: the control connection is free again.
func (p *serverPoller) close() {
	if p == nil {
		return
	}
	close(p.stop)
	p.done.Wait()
}
