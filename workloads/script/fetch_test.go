package script

import (
	"path/filepath"
	"testing"
)

func TestSelectColumns(t *testing.T) {
	t.Parallel()
	for sql, want := range map[string]int{
		"SELECT c FROM sbtest1 WHERE id=?":                        1,
		"SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ?": 1,
		"select id, name, note from t where id = ?":               3,
		"SELECT SUM(k), COALESCE(c, 'a,b') FROM sbtest1":          2,
		"SELECT CONCAT(a, ',', b) AS ab, `x,y` FROM t":            2,
		"SELECT 1":                             1,
		"SELECT a, b":                          2,
		"SELECT a FROMAGE, b FROM t":           2,
		"  (SELECT id FROM t)":                 1,
		"SELECT * FROM t WHERE id = ?":         -1,
		"SELECT t.* FROM t":                    -1,
		"SELECT a, * FROM t":                   -1,
		"SHOW TABLES":                          -1,
		"WITH x AS (SELECT 1) SELECT * FROM x": -1,
		"SELECT COUNT(*) FROM t":               1,
		"SELECT id, (SELECT MAX(k) FROM t2 WHERE t2.id = t.id) FROM t": 2,
	} {
		if got := selectColumns(sql); got != want {
			t.Errorf("selectColumns(%q) = %d, want %d", sql, got, want)
		}
	}
}

// TestReadsValues: sysbench's own scripts never read a result's values,
// so their prepared SELECTs stay on the path that decodes nothing; a
// script that calls fetch_row decodes them.
func TestReadsValues(t *testing.T) {
	t.Parallel()
	for _, path := range bundled(t) {
		w, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if w.(*Script).protos.values.Load() {
			t.Errorf("%s: taken for a script that reads values", filepath.Base(path))
		}
	}
	w, err := Load("testdata/fetch_prepared.lua")
	if err != nil {
		t.Fatal(err)
	}
	if !w.(*Script).protos.values.Load() {
		t.Error("fetch_prepared.lua: not taken for a script that reads values")
	}
}
