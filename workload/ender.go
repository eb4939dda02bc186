package workload

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
)

// Ender is an Instance with work once the run is over: every user has
// finished (Finisher included) and the result is written, whether the run
// ended on its limit, was interrupted or was aborted. A sysbench script's
// done() runs here, in the Lua state that ran its init(), as sysbench runs
// it after its report. conn is the run's control connection; an error is
// reported after the saved result (exit 4).
type Ender interface {
	End(ctx context.Context, conn db.Conn) error
}
