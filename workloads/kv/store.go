package kv

import (
	"context"
)

// store is the storage port: what a key-value operation needs from a data
// model. Each adapter times nothing; the worker meters each call.
type store interface {
	// read returns whether the record was found.
	read(ctx context.Context, key string) (bool, error)
	update(ctx context.Context, key string, field int, value string) error
	insert(ctx context.Context, keys []string, vals [][]string) error
	// scan reads up to n records from key on, in key order, and returns how
	// many it read.
	scan(ctx context.Context, key string, n int64) (int, error)
	// count returns how many records exist.
	count(ctx context.Context) (int64, error)
	close()
}

// batchReader is a store that reads many records in one round trip: the
// HandlerSocket store pipelines --batch-size gets.
type batchReader interface {
	// readBatch reads the records of keys and returns how many of them it
	// found (a key given twice counts twice).
	readBatch(ctx context.Context, keys []string) (int, error)
}
