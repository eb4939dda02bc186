package session

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/workload"
)

// ended lets the workload end the run (workload.Ender: a sysbench script's
// done()) once the result is written, whatever ended the run, on a context
// an interrupt does not cancel. Its error becomes the run's (Aborted, exit
// 4), the result staying saved; if the run had already failed, that error
// stays and this one is a note.
func ended(ctx context.Context, inst workload.Instance, conn db.Conn, obs Observer, res *results.Result, dir string, err error) error {
	e, ok := inst.(workload.Ender)
	if !ok || res == nil {
		return err
	}
	derr := e.End(context.WithoutCancel(ctx), conn)
	switch {
	case derr == nil:
		return err
	case err != nil:
		obs.Note(fmt.Sprintf("dbgauge: %v", derr))
		return err
	}
	return &Error{Aborted, fmt.Errorf("%w (the run's result is saved in %s)", derr, dir)}
}
