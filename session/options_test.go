package session

import (
	"testing"

	"github.com/dbgauge/dbgauge/catalog"
)

// TestOptionsThatApply: a run on SQLite does not list oltp's
// --mysql-storage-engine among its options; one on MariaDB does.
func TestOptionsThatApply(t *testing.T) {
	t.Parallel()
	w, ok := catalog.Workload("oltp_read_write")
	if !ok {
		t.Fatal("no oltp_read_write")
	}
	values := func() map[string]string {
		return map[string]string{"tables": "1", "mysql-storage-engine": "innodb"}
	}
	if got := applying(w.Options(), values(), "sqlite"); len(got) != 1 || got["tables"] != "1" {
		t.Errorf("on sqlite: %v", got)
	}
	if got := applying(w.Options(), values(), "mysql"); got["mysql-storage-engine"] != "innodb" {
		t.Errorf("on mysql: %v", got)
	}
}
