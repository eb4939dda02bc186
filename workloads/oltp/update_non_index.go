package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// UpdateNonIndex is oltp_update_non_index.lua: --non-index-updates UPDATEs
// of the unindexed column c per event, autocommit.
var UpdateNonIndex workload.Workload = &test{
	name:  "oltp_update_non_index",
	desc:  "sysbench OLTP update non-index: UPDATE ... SET c=? by primary key per event",
	write: true,
	uses:  []workload.OpID{opNonIndexUpdate},
	event: func(ctx context.Context, u *user) error { return u.nonIndexUpdates(ctx) },
}
