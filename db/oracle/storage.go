package oracle

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StorageReader = (*Conn)(nil)

// ServerStorage implements db.StorageReader: the directory of the first
// data file (v$datafile) and of the first online redo log member
// (v$logfile). Both views need SELECT_CATALOG_ROLE.
func (c *Conn) ServerStorage(ctx context.Context) (*db.ServerStorage, error) {
	data, err := c.QueryStrings(ctx, datafileQuery)
	if err != nil {
		return nil, err
	}
	if len(data) == 0 || data[0][0] == "" {
		return nil, fmt.Errorf("the server shows no data file")
	}
	st := &db.ServerStorage{DataDir: fileDir(data[0][0]), DataSetting: "v$datafile",
		LogSetting: "v$logfile", Local: db.LocalAddr(c.raw.RemoteAddr())}
	if logs, err := c.QueryStrings(ctx, logfileQuery); err == nil && len(logs) > 0 {
		st.LogDir = fileDir(logs[0][0])
	}
	return st, nil
}
