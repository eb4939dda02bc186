package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// Delete is oltp_delete.lua: one DELETE by id per event, autocommit.
var Delete workload.Workload = &test{
	name:  "oltp_delete",
	desc:  "sysbench OLTP delete: one DELETE by primary key per event",
	write: true,
	uses:  []workload.OpID{opDelete},
	event: func(ctx context.Context, u *user) error {
		t := u.tableNum()
		return u.exec(ctx, opDelete, t, u.id())
	},
}
