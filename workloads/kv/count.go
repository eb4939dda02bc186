package kv

import "context"

// countRecords returns how many records exist at the start of a run: the
// prepared ones (--record-count) and those that earlier runs' inserts
// appended after them. Records are numbered from 0 and inserts continue the
// numbering, so the count is the first number whose key is missing. It is
// found by reads of single keys: that the last prepared record exists,
// then galloping (1, 2, 4, … past it) to a missing one, then bisecting: about
// 2·log2(appended) reads, where a COUNT(*) reads every record (a minute at
// 10M records on MariaDB, before every run of a study). When even the last
// prepared record is missing (data changed by hand), it asks the store to
// count.
func countRecords(ctx context.Context, st store, prepared int64) (int64, error) {
	if prepared <= 0 {
		return st.count(ctx)
	}
	if ok, err := st.read(ctx, keyName(prepared-1)); err != nil || !ok {
		if err != nil {
			return 0, err
		}
		return st.count(ctx)
	}
	lo, hi := prepared-1, prepared // lo exists; hi is probed next
	for step := int64(1); ; step *= 2 {
		ok, err := st.read(ctx, keyName(hi))
		if err != nil {
			return 0, err
		}
		if !ok {
			break
		}
		lo, hi = hi, hi+step
	}
	for hi-lo > 1 { // lo exists, hi does not
		mid := lo + (hi-lo)/2
		ok, err := st.read(ctx, keyName(mid))
		if err != nil {
			return 0, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi, nil
}
