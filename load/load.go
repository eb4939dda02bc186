// Package load runs a workload's data description in parallel: every table is
// cut into batches, each batch is a pure function of (seed, options, table,
// batch index) computed by the workload, and a pool of loaders, each on its
// own connection, takes batches from all tables at once so that small and
// large tables finish together.
//
// load imports no other dbgauge package: connections are a type parameter.
package load

import (
	"context"
	"fmt"
	"io"
	"sync"
)

// Table is one table's data.
type Table[C io.Closer] struct {
	Name      string
	Rows      int64
	BatchRows int64
	// Load writes batch i, rows [i*BatchRows, min((i+1)*BatchRows, Rows)),
	// through conn and returns how many rows it wrote. Rows may be an
	// estimate (a table whose batches vary in size); Progress is told the
	// true total with the table's last batch.
	Load func(ctx context.Context, conn C, batch int64) (int64, error)
	// Skip, if set, says which batches are in already (a resumed load):
	// they are not loaded, and progress counts them as BatchRows rows each.
	Skip func(batch int64) bool
}

// Batches returns the number of batches of t.
func (t Table[C]) Batches() int64 {
	if t.Rows <= 0 || t.BatchRows <= 0 {
		return 0
	}
	return (t.Rows + t.BatchRows - 1) / t.BatchRows
}

// Progress is told after every batch; calls are serialised. Before the
// first batch, a resumed load tells it, with total -1, the rows each table
// already had (counted as BatchRows a skipped batch), so that a rate counts
// only what this load writes.
type Progress func(table string, rows, total int64)

type job struct {
	table int
	batch int64
}

// Run loads every table with up to parallel connections from open. It stops
// at the first error and returns it.
func Run[C io.Closer](ctx context.Context, tables []Table[C], parallel int, open func(context.Context) (C, error), progress Progress) error {
	var jobs []job
	done := make([]int64, len(tables))
	batches := make([]int64, len(tables))
	// Interleave tables so every table advances from the start.
	for b := int64(0); ; b++ {
		added := false
		for ti, t := range tables {
			if b >= t.Batches() {
				continue
			}
			added = true
			if t.Skip != nil && t.Skip(b) {
				done[ti] += min(t.BatchRows, t.Rows-b*t.BatchRows)
				batches[ti]++
				continue
			}
			jobs = append(jobs, job{ti, b})
		}
		if !added {
			break
		}
	}
	if progress != nil {
		for ti, t := range tables {
			if batches[ti] > 0 {
				progress(t.Name, done[ti], -1)
			}
		}
	}
	if len(jobs) == 0 {
		return nil
	}
	parallel = max(1, min(parallel, len(jobs)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	queue := make(chan job)
	var (
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
			cancel()
		}
		mu.Unlock()
	}
	for range parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := open(ctx)
			if err != nil {
				fail(err)
				return
			}
			defer conn.Close()
			for j := range queue {
				t := tables[j.table]
				n, err := t.Load(ctx, conn, j.batch)
				if err != nil {
					fail(fmt.Errorf("load %s: %w", t.Name, err))
					return
				}
				mu.Lock()
				done[j.table] += n
				batches[j.table]++
				if progress != nil {
					total := t.Rows
					if batches[j.table] == t.Batches() {
						// The last batch: the table is done, whatever
						// Rows estimated (TPC-C's 5 to 15 lines an order).
						total = done[j.table]
					}
					progress(t.Name, done[j.table], total)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case queue <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(queue)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	// The parent was cancelled (interrupt) if ours is and nothing failed.
	return ctx.Err()
}
