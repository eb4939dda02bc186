package postgres

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StorageReader = (*Conn)(nil)

// ServerStorage implements db.StorageReader: data_directory, and the WAL
// in its pg_wal subdirectory (pg_xlog before PostgreSQL 10). initdb
// --waldir and a WAL moved to another disk make pg_wal a symbolic link,
// which the caller resolves when the server is on this host. Reading
// data_directory needs a superuser or pg_read_all_settings.
func (c *Conn) ServerStorage(ctx context.Context) (*db.ServerStorage, error) {
	rows, err := c.QueryStrings(ctx, "SELECT current_setting('data_directory'), current_setting('server_version_num')")
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0][0] == "" {
		return nil, fmt.Errorf("the server shows no data_directory")
	}
	version, _ := strconv.Atoi(rows[0][1])
	dir := rows[0][0]
	wal := walDir(version)
	return &db.ServerStorage{DataDir: dir, DataSetting: "data_directory",
		LogDir: filepath.Join(dir, wal), LogSetting: "data_directory/" + wal,
		Local: db.LocalAddr(c.raw.RemoteAddr())}, nil
}

// walDir is the WAL's subdirectory of the data directory for a server of
// server_version_num v: PostgreSQL 10 renamed pg_xlog to pg_wal.
func walDir(v int) string {
	if v > 0 && v < 100000 {
		return "pg_xlog"
	}
	return "pg_wal"
}
