package orderentry

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
)

// ranges are the key ranges transactions draw customers from, and the
// orders' (OrderEntryProcess.getMaxandMinCustID): read once from
// orderentry_metadata, where prepare put the loaded ranges, and grown as
// the run's New Customer and New Order commit, so that later transactions
// find the customers and orders earlier ones made. A run starts from the
// tables' highest ids when earlier runs added rows past the metadata's, and
// writes them back: the metadata grows with the data.
type ranges struct {
	once                     sync.Once
	err                      error
	minCustomer, maxCustomer atomic.Int64
	minOrder, maxOrder       atomic.Int64
}

// load reads the ranges on s, once for the run.
func (k *ranges) load(ctx context.Context, s *session) error {
	k.once.Do(func() { k.err = k.read(ctx, s) })
	return k.err
}

func (k *ranges) read(ctx context.Context, s *session) error {
	rows, err := s.Conn().QueryStrings(ctx, "SELECT metadata_key, metadata_value FROM orderentry_metadata")
	if err != nil {
		return fmt.Errorf("orderentry: reading orderentry_metadata: %w", err)
	}
	meta := map[string]int64{}
	for _, r := range rows {
		if len(r) == 2 {
			if n, err := strconv.ParseInt(r[1], 10, 64); err == nil {
				meta[r[0]] = n
			}
		}
	}
	for _, key := range []string{metaMinCustomer, metaMaxCustomer, metaMinOrder, metaMaxOrder} {
		if _, ok := meta[key]; !ok {
			return fmt.Errorf("orderentry: orderentry_metadata has no %s (is the data orderentry's?)", key)
		}
	}
	// Rows earlier runs added: past the metadata's maximum.
	grow := func(table, column, key string) error {
		rows, err := s.Conn().QueryStrings(ctx, "SELECT MAX("+column+") FROM "+table)
		if err != nil {
			return fmt.Errorf("orderentry: reading the highest %s: %w", column, err)
		}
		if len(rows) == 1 && len(rows[0]) == 1 {
			if n, err := strconv.ParseInt(rows[0][0], 10, 64); err == nil && n > meta[key] {
				meta[key] = n
				if _, err := s.Conn().Exec(ctx, "UPDATE orderentry_metadata SET metadata_value = ? WHERE metadata_key = ?",
					strconv.FormatInt(n, 10), key); err != nil {
					return fmt.Errorf("orderentry: updating orderentry_metadata: %w", err)
				}
			}
		}
		return nil
	}
	if err := grow("customers", "customer_id", metaMaxCustomer); err != nil {
		return err
	}
	if err := grow("orders", "order_id", metaMaxOrder); err != nil {
		return err
	}
	if meta[metaMaxCustomer] < meta[metaMinCustomer] {
		return fmt.Errorf("orderentry: no customers between %d and %d", meta[metaMinCustomer], meta[metaMaxCustomer])
	}
	k.minCustomer.Store(meta[metaMinCustomer])
	k.maxCustomer.Store(meta[metaMaxCustomer])
	k.minOrder.Store(meta[metaMinOrder])
	k.maxOrder.Store(meta[metaMaxOrder])
	return nil
}

// grow raises max to id if id is higher.
func grow(max *atomic.Int64, id int64) {
	for {
		m := max.Load()
		if id <= m || max.CompareAndSwap(m, id) {
			return
		}
	}
}
