package mysql

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StorageReader = (*Conn)(nil)

// ServerStorage implements db.StorageReader: @@datadir, and the InnoDB
// redo log in @@innodb_log_group_home_dir, which is relative to the data
// directory ("./", the default, is the data directory itself).
func (c *Conn) ServerStorage(ctx context.Context) (*db.ServerStorage, error) {
	rows, err := c.QueryStrings(ctx, "SELECT @@datadir, COALESCE(@@innodb_log_group_home_dir, '')")
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0][0] == "" {
		return nil, fmt.Errorf("the server shows no datadir")
	}
	data := filepath.Clean(rows[0][0])
	return &db.ServerStorage{DataDir: data, DataSetting: "datadir",
		LogDir: redoDir(data, rows[0][1], c.version), LogSetting: "innodb_log_group_home_dir",
		Local: db.LocalAddr(c.raw.RemoteAddr())}, nil
}

// redoDir is where the redo log is, from the data directory, the
// innodb_log_group_home_dir setting and VERSION(). The server resolves a
// relative setting against its data directory (it runs there); an empty
// one is the data directory. MySQL 8.0.30 and later keep the log files in
// the #innodb_redo subdirectory of that directory; MariaDB does not.
func redoDir(datadir, home, version string) string {
	dir := home
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(datadir, dir)
	}
	dir = filepath.Clean(dir)
	if !strings.Contains(strings.ToLower(version), "mariadb") {
		var major, minor, patch int
		if _, err := fmt.Sscanf(version, "%d.%d.%d", &major, &minor, &patch); err == nil &&
			(major > 8 || major == 8 && (minor > 0 || patch >= 30)) {
			dir = filepath.Join(dir, "#innodb_redo")
		}
	}
	return dir
}
