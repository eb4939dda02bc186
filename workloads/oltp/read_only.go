package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// ReadOnly is oltp_read_only.lua: BEGIN, point selects, the four range
// groups, COMMIT. With the defaults: 14 reads, 2 other.
var ReadOnly workload.Workload = &test{
	name: "oltp_read_only",
	desc: "sysbench OLTP read-only: 10 point selects and 4 ranges per transaction",
	uses: []workload.OpID{opPointSelect, opSimpleRange, opSumRange, opOrderRange, opDistinctRange},
	event: func(ctx context.Context, u *user) error {
		return u.inTransaction(ctx, u.pointSelects, u.allRanges)
	},
}
