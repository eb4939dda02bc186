package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// WriteOnly is oltp_write_only.lua: BEGIN, index and non-index updates,
// delete+insert, COMMIT. With the defaults: 4 writes, 2 other.
var WriteOnly workload.Workload = &test{
	name:  "oltp_write_only",
	desc:  "sysbench OLTP write-only: 2 updates and delete+insert per transaction",
	write: true,
	uses:  []workload.OpID{opIndexUpdate, opNonIndexUpdate, opDelete, opInsert},
	event: func(ctx context.Context, u *user) error {
		return u.inTransaction(ctx, u.indexUpdates, u.nonIndexUpdates, u.deleteInserts)
	},
}
