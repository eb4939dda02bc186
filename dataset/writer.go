package dataset

import "context"

// writer queues a prepare's writes on a database that takes one writer at
// a time (workload.PrepareEnv.SingleWriter: SQLite). There, a write that
// finds the lock taken waits for it only as long as the connection's busy
// timeout (10 s on SQLite), and an index build on millions of rows holds
// it for minutes: every batch, stamp update and after-load step takes the
// writer first, so that they wait in turn, however long, and never on the
// database. A nil writer (a database with concurrent writers) lets all
// through.
type writer chan struct{}

// newWriter returns the writer of a single-writer database, nil otherwise.
func newWriter(single bool) writer {
	if !single {
		return nil
	}
	return make(writer, 1)
}

// lock waits for the writer; it fails only when ctx ends first.
func (w writer) lock(ctx context.Context) error {
	if w == nil {
		return nil
	}
	select {
	case w <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// unlock lets the next write through.
func (w writer) unlock() {
	if w != nil {
		<-w
	}
}
