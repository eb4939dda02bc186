package db

import (
	"context"
	"net"
)

// StorageReader is a Conn that can ask its server where it keeps its data
// and its write-ahead (redo) log, so that a run records the devices under
// them: a study that moves the log to a disk of its own must show it in
// its results.
type StorageReader interface {
	// ServerStorage reads the directories from the server. An error (no
	// privilege to read the settings) leaves them unrecorded; it never
	// fails a run.
	ServerStorage(ctx context.Context) (*ServerStorage, error)
}

// ServerStorage is where a server keeps its files, as the server names
// them, and whether the connection reaches it on this host.
type ServerStorage struct {
	// DataDir is the data directory; DataSetting names the setting it came
	// from ("data_directory", "datadir").
	DataDir, DataSetting string
	// LogDir is the directory of the write-ahead or redo log; LogSetting
	// says how it was found ("data_directory/pg_wal",
	// "innodb_log_group_home_dir").
	LogDir, LogSetting string
	// Local: the connection goes to this host (a Unix socket, a loopback
	// address or one of this host's own addresses), so the paths can be
	// looked up in its filesystems.
	Local bool
}

// LocalAddr says whether a connection's remote address is on this host: a
// Unix socket, a loopback address, or one of this host's interface
// addresses. Nil is not.
func LocalAddr(a net.Addr) bool {
	switch a := a.(type) {
	case *net.UnixAddr:
		return true
	case *net.TCPAddr:
		if a.IP.IsLoopback() {
			return true
		}
		own, err := net.InterfaceAddrs()
		if err != nil {
			return false
		}
		for _, o := range own {
			if n, ok := o.(*net.IPNet); ok && n.IP.Equal(a.IP) {
				return true
			}
		}
	}
	return false
}
