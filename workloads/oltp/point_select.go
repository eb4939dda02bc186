package oltp

import (
	"context"

	"github.com/dbgauge/dbgauge/workload"
)

// PointSelect is oltp_point_select.lua: one point select per event (the
// script forces --point-selects=1) in autocommit, no BEGIN/COMMIT.
var PointSelect workload.Workload = &test{
	name: "oltp_point_select",
	desc: "sysbench OLTP point select: one primary-key SELECT per event",
	uses: []workload.OpID{opPointSelect},
	event: func(ctx context.Context, u *user) error {
		return u.exec(ctx, opPointSelect, u.tableNum(), u.id())
	},
}
