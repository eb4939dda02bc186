package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// UpdateIndex is oltp_update_index.lua: --index-updates UPDATEs of the
// indexed column k per event, autocommit.
var UpdateIndex workload.Workload = &test{
	name:  "oltp_update_index",
	desc:  "sysbench OLTP update index: UPDATE ... SET k=k+1 by primary key per event",
	write: true,
	uses:  []workload.OpID{opIndexUpdate},
	event: func(ctx context.Context, u *user) error { return u.indexUpdates(ctx) },
}
