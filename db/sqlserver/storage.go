package sqlserver

import (
	"context"
	"errors"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StorageReader = (*Conn)(nil)

// filesQuery lists the current database's files: type 0 is data (ROWS), 1
// the transaction log. Any user of the database may read it.
const filesQuery = "SELECT CAST(type AS NVARCHAR(4)), physical_name FROM sys.database_files WHERE type IN (0, 1) ORDER BY file_id"

// ServerStorage implements db.StorageReader: the directories of the current
// database's first data file and first log file.
func (c *Conn) ServerStorage(ctx context.Context) (*db.ServerStorage, error) {
	if bf, err := c.babelfish(ctx); err != nil {
		return nil, err
	} else if bf {
		return c.babelfishStorage(ctx)
	}
	rows, err := c.QueryStrings(ctx, filesQuery)
	if err != nil {
		return nil, err
	}
	data, log := fileDirs(rows)
	if data == "" {
		return nil, errors.New("sys.database_files shows no data file")
	}
	return &db.ServerStorage{DataDir: data, DataSetting: "sys.database_files (ROWS)",
		LogDir: log, LogSetting: "sys.database_files (LOG)", Local: db.LocalAddr(c.raw.RemoteAddr())}, nil
}

// fileDirs returns the directories of the first data and log files in rows
// of filesQuery. The paths are the server's: C:\...\DATA\x.mdf on Windows,
// /var/opt/mssql/data/x.mdf on Linux.
func fileDirs(rows [][]string) (data, log string) {
	for _, r := range rows {
		dir := r[1]
		switch i := strings.LastIndexAny(dir, `/\`); {
		case i == 0:
			dir = dir[:1]
		case i > 0:
			dir = dir[:i]
		}
		switch {
		case r[0] == "0" && data == "":
			data = dir
		case r[0] == "1" && log == "":
			log = dir
		}
	}
	return data, log
}
