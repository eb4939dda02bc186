package session

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dbgauge/dbgauge/db"
)

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
		}
	}
	// The counters a DBA watches beside the load, as rates per second (the
	// run's difference keeps every counter); the driver names them.
	for _, k := range cur.Watched {
		if d, ok := delta[k]; ok && secs > 0 {
			m[k+"/s"] = d / secs
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
