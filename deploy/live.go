package deploy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// IntervalPrefix starts the line a worker prints after each interval: the
// interval as JSON, with its counts and histogram, so the launcher can
// merge the shards' intervals exactly as they come.
const IntervalPrefix = "dbgauge-interval "

// IntervalLine is iv as a worker prints it.
func IntervalLine(iv results.Interval) string {
	b, _ := json.Marshal(iv)
	return IntervalPrefix + string(b) + "\n"
}

// PrintPrefix starts the line a worker prints for a line of the
// workload's own output (a sysbench script's print): the launcher shows
// it as its own, without the prefix.
const PrintPrefix = "dbgauge-print "

// PrintLine is a workload's output line as a worker prints it.
func PrintLine(line string) string { return PrintPrefix + line + "\n" }

// Live merges the shards' intervals as they arrive and hands each merged
// interval to Emit, in order: the line a single process would have
// printed, for the whole run. Interval k is merged once every shard still
// running has sent its k-th, or Wait after the first of them came (a
// shard that is late or stopped does not hold the others' lines back; the
// saved merge at the end is exact whatever Live printed).
type Live struct {
	Shards int
	Emit   func(results.Interval)
	Wait   time.Duration
	// Pct is the run's --percentile, of the merged line's latency.
	Pct float64
	// Print, if set, is told each line of a shard's workload output
	// (PrintLine), as it comes.
	Print func(shard int, line string)

	mu    sync.Mutex
	next  int
	parts map[int]map[int]results.Interval // k -> shard -> interval
	first map[int]time.Time
	seen  map[int]int // intervals received per shard
	ended map[int]bool
	stop  chan struct{}
}

// NewLive starts merging the intervals of shards of a run whose intervals
// last intervalS seconds; Close stops it.
func NewLive(shards int, intervalS, pct float64, emit func(results.Interval)) *Live {
	wait := 2*time.Second + time.Duration(intervalS*float64(time.Second))
	l := &Live{Shards: shards, Emit: emit, Wait: wait, Pct: pct, parts: map[int]map[int]results.Interval{},
		first: map[int]time.Time{}, seen: map[int]int{}, ended: map[int]bool{}, stop: make(chan struct{})}
	go func() {
		t := time.NewTicker(wait / 4)
		defer t.Stop()
		for {
			select {
			case <-l.stop:
				return
			case <-t.C:
				l.mu.Lock()
				l.flush(time.Now())
				l.mu.Unlock()
			}
		}
	}()
	return l
}

// Close stops the timer; intervals not merged yet are dropped (the end
// result has them all).
func (l *Live) Close() { close(l.stop) }

// Writer is shard i's output as it comes: its interval lines feed the
// merge, its workload's output lines go to Print, the rest is ignored.
func (l *Live) Writer(i int) io.Writer { return &liveWriter{l: l, shard: i} }

// End says shard i has ended: the merge no longer waits for it.
func (l *Live) End(i int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ended[i] = true
	l.flush(time.Now())
}

func (l *Live) add(i int, iv results.Interval) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := l.seen[i]
	l.seen[i]++
	if k < l.next {
		return // already printed without it
	}
	if l.parts[k] == nil {
		l.parts[k] = map[int]results.Interval{}
		l.first[k] = time.Now()
	}
	l.parts[k][i] = iv
	l.flush(time.Now())
}

// flush emits, in order, every interval that is complete or waited for.
func (l *Live) flush(now time.Time) {
	for {
		parts := l.parts[l.next]
		if parts == nil {
			return
		}
		complete := true
		for s := 0; s < l.Shards; s++ {
			if _, ok := parts[s]; !ok && !l.ended[s] {
				complete = false
			}
		}
		if !complete && now.Sub(l.first[l.next]) < l.Wait {
			return
		}
		var named []results.Named
		for s := 0; s < l.Shards; s++ {
			if iv, ok := parts[s]; ok {
				named = append(named, results.Named{Name: fmt.Sprintf("shard %d", s),
					Result: &results.Result{Run: results.Run{Percentile: l.Pct}, Intervals: []results.Interval{iv}}})
			}
		}
		delete(l.parts, l.next)
		delete(l.first, l.next)
		l.next++
		if m, err := results.MergeIntervals(named, hist.Encoded{}); err == nil && len(m) == 1 {
			l.Emit(m[0])
		}
	}
}

// liveWriter scans one shard's output for interval lines.
type liveWriter struct {
	l     *Live
	shard int
	buf   []byte
}

func (w *liveWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(w.buf[:i])
		w.buf = w.buf[i+1:]
		if rest, ok := strings.CutPrefix(line, IntervalPrefix); ok {
			var iv results.Interval
			if json.Unmarshal([]byte(rest), &iv) == nil {
				w.l.add(w.shard, iv)
			}
		} else if rest, ok := strings.CutPrefix(line, PrintPrefix); ok && w.l.Print != nil {
			w.l.Print(w.shard, rest)
		}
	}
}
