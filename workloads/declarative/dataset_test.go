package declarative

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
)

// ddlFile writes its own CREATE TABLE for SQLite and loads 2,500 rows.
const ddlFile = `name: ddl
options:
  rows: {type: int, default: 2500}
tables:
  - name: spec_ddl_a
    columns:
      id: {type: int, gen: {sequence: 1}}
      v: {type: varchar(10), gen: {string: "@@@@"}}
    primary_key: [id]
    indexes: [[v]]
    rows: ${rows}
    ddl:
      sqlite: CREATE TABLE spec_ddl_a (id INTEGER PRIMARY KEY, v TEXT NOT NULL DEFAULT 'own_ddl')
  - name: spec_ddl_b
    columns: {id: serial, note: text}
transactions:
  - name: t
    statements: ["SELECT 1"]
`

// TestPrepareCleanup prepares a file's tables on SQLite in parallel,
// stamped with the options that decide them; the file's DDL is used; a
// second run of other data is refused; cleanup drops what prepare made
// and nothing else.
func TestPrepareCleanup(t *testing.T) {
	ctx := context.Background()
	u, err := db.ParseURL("sqlite:" + filepath.Join(t.TempDir(), "ddl.db"))
	if err != nil {
		t.Fatal(err)
	}
	open := func(ctx context.Context) (db.Conn, error) { return sqlite.Driver{}.Open(ctx, u) }
	c, err := open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	conn := c.(sqldb.Conn)
	if _, err := conn.Exec(ctx, "CREATE TABLE spec_other (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	w, err := Parse("ddl.yaml", []byte(ddlFile))
	if err != nil {
		t.Fatal(err)
	}
	ds := configureFile(t, w, nil, workload.Shard{}).Dataset()
	if err := ds.Prepare(ctx, workload.PrepareEnv{Conn: c, Open: open, Driver: "sqlite", Parallel: 2, Seed: 3, Version: "test"}); err != nil {
		t.Fatal(err)
	}
	rows, err := conn.QueryStrings(ctx, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM spec_ddl_a")
	if err != nil || strings.Join(rows[0], ",") != "2500,2500,1,2500" {
		t.Errorf("rows %v %v", rows, err)
	}
	rows, err = conn.QueryStrings(ctx, "SELECT sql FROM sqlite_master WHERE name = 'spec_ddl_a'")
	if err != nil || !strings.Contains(rows[0][0], "own_ddl") {
		t.Errorf("the file's DDL is not used: %v %v", rows, err)
	}
	rows, err = conn.QueryStrings(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'spec_ddl_a_v'")
	if err != nil || rows[0][0] != "1" {
		t.Errorf("index: %v %v", rows, err)
	}
	st, err := ds.Check(ctx, c)
	if err != nil || st.Stamp == nil || st.Stamp.Shape["rows"] != "2500" {
		t.Fatalf("stamp %+v %v", st, err)
	}
	other := configureFile(t, w, map[string]string{"rows": "10"}, workload.Shard{}).Dataset()
	if other.Shape()["rows"] != "10" || other.Shape()["schema"] != ds.Shape()["schema"] {
		t.Errorf("shape %v", other.Shape())
	}
	dropped, err := ds.Cleanup(ctx, c)
	if err != nil || strings.Join(dropped, ",") != "spec_ddl_b,spec_ddl_a" {
		t.Errorf("dropped %v %v", dropped, err)
	}
	for name, want := range map[string]bool{"spec_ddl_a": false, "spec_ddl_b": false, "spec_other": true} {
		if ok, err := sqldb.TableExists(ctx, conn, name); err != nil || ok != want {
			t.Errorf("%s exists: %v (%v), want %v", name, ok, err, want)
		}
	}
}
