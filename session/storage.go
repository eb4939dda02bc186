package session

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/monitor"
	"github.com/dbgauge/dbgauge/results"
)

// serverStorage asks the server where it keeps its data and its
// write-ahead (redo) log, and looks both up on this host when the server
// runs here: a run's environment then names the devices, so that a run
// with the log moved to a disk of its own differs visibly. It returns nil,
// nil when the driver cannot say or the server refuses (no privilege to
// read the settings): the run goes on without them.
func serverStorage(ctx context.Context, conn db.Conn) (data, log *results.StoragePlace) {
	r, ok := conn.(db.StorageReader)
	if !ok {
		return nil, nil
	}
	st, err := r.ServerStorage(ctx)
	if err != nil || st == nil || st.DataDir == "" {
		return nil, nil
	}
	data = monitor.Place(st.DataDir, st.DataSetting, st.Local)
	if st.LogDir != "" {
		log = monitor.Place(st.LogDir, st.LogSetting, st.Local)
	}
	return data, log
}
