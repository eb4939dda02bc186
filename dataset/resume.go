package dataset

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/dbgauge/dbgauge/db"
)

// A prepare is resumable at batch granularity. Once every object is
// created, the stamp carries each object's progress (db.Loading), written
// before every batch and every after-load step starts, so that what it
// lists as done is in, and anything in the database that it does not list
// as done is listed as busy. A prepare that finds an incomplete stamp of
// the same shape and seed clears the busy batches (Object.Clear; an object
// without one is made again whole, as is one whose indexes were under way)
// and loads only the rest.

// tracker keeps the stamp's progress as loaders report it and writes it.
type tracker struct {
	mu    sync.Mutex
	store Store
	stamp *db.Stamp
}

// start marks batch b of object name under way and writes the stamp, before
// the batch writes anything.
func (t *tracker) start(ctx context.Context, name string, b int64) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	l := t.stamp.Loading[name]
	l.Busy = append(l.Busy, b)
	return t.store.WriteStamp(ctx, t.stamp)
}

// done marks batch b in; the next write records it.
func (t *tracker) done(name string, b int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	l := t.stamp.Loading[name]
	if i := slices.Index(l.Busy, b); i >= 0 {
		l.Busy = slices.Delete(l.Busy, i, i+1)
	}
	l.Done = addSpan(l.Done, b)
}

// after marks the after-load step of name "busy" (and writes the stamp) or
// "done".
func (t *tracker) after(ctx context.Context, name, state string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stamp.Loading[name].After = state
	if state == "done" {
		return nil
	}
	return t.store.WriteStamp(ctx, t.stamp)
}

// flush writes what is known, after an interrupted or failed load, so that
// a resumed one redoes as little as possible.
func (t *tracker) flush(ctx context.Context) {
	t.mu.Lock()
	defer t.mu.Unlock()
	_ = t.store.WriteStamp(context.WithoutCancel(ctx), t.stamp)
}

// resumable reports whether old, the stamp an earlier prepare left, can be
// resumed by a prepare that would write stamp with objects: incomplete,
// with progress for every object, of the same shape and seed.
func resumable(old, stamp *db.Stamp, objects []Object) bool {
	if old == nil || old.Complete || old.Loading == nil || old.Mismatch(stamp.Shape) != "" ||
		old.Info["seed"] != stamp.Info["seed"] {
		return false
	}
	for _, o := range objects {
		if old.Loading[o.Name] == nil {
			return false
		}
	}
	return true
}

// redo decides, for one object of a resumed prepare, whether it must be
// made again whole: its indexes were under way, or a busy batch cannot be
// cleared. Otherwise it clears the busy batches on conn.
func redo(ctx context.Context, conn db.Conn, o Object, l *db.Loading) (bool, error) {
	if l.After == "busy" || (len(l.Busy) > 0 && o.Clear == nil) {
		return true, nil
	}
	for _, b := range l.Busy {
		if err := o.Clear(ctx, conn, b); err != nil {
			return false, fmt.Errorf("clear batch %d of %s: %w", b, o.label(), err)
		}
	}
	l.Busy = nil
	return false, nil
}

// batchesDone counts the batches spans cover.
func batchesDone(spans [][2]int64) int64 {
	var n int64
	for _, s := range spans {
		n += s[1] - s[0]
	}
	return n
}

// inSpans reports whether b is in one of spans.
func inSpans(spans [][2]int64, b int64) bool {
	i, found := slices.BinarySearchFunc(spans, b, func(s [2]int64, b int64) int {
		switch {
		case s[1] <= b:
			return -1
		case s[0] > b:
			return 1
		}
		return 0
	})
	return found && i >= 0
}

// addSpan adds batch b to the sorted, disjoint spans, merging neighbours.
func addSpan(spans [][2]int64, b int64) [][2]int64 {
	if inSpans(spans, b) {
		return spans
	}
	i, _ := slices.BinarySearchFunc(spans, b, func(s [2]int64, b int64) int {
		if s[0] < b {
			return -1
		}
		return 1
	})
	joinLeft := i > 0 && spans[i-1][1] == b
	joinRight := i < len(spans) && spans[i][0] == b+1
	switch {
	case joinLeft && joinRight:
		spans[i-1][1] = spans[i][1]
		return slices.Delete(spans, i, i+1)
	case joinLeft:
		spans[i-1][1] = b + 1
	case joinRight:
		spans[i][0] = b
	default:
		spans = slices.Insert(spans, i, [2]int64{b, b + 1})
	}
	return spans
}
