package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// ReadWrite is oltp_read_write.lua: per event BEGIN, point selects, the four
// range groups, index and non-index updates, delete+insert, COMMIT. With the
// defaults: 14 reads, 4 writes, 2 other.
var ReadWrite workload.Workload = &test{
	name:  "oltp_read_write",
	desc:  "sysbench OLTP read/write: 10 point selects, 4 ranges, 2 updates, delete+insert per transaction",
	write: true,
	uses: []workload.OpID{opPointSelect, opSimpleRange, opSumRange, opOrderRange, opDistinctRange,
		opIndexUpdate, opNonIndexUpdate, opDelete, opInsert},
	event: func(ctx context.Context, u *user) error {
		return u.inTransaction(ctx, u.pointSelects, u.allRanges, u.indexUpdates, u.nonIndexUpdates, u.deleteInserts)
	},
}
