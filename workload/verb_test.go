package workload

import "testing"

func TestVerbOf(t *testing.T) {
	for sql, want := range map[string]Verb{
		"SELECT c FROM sbtest1 WHERE id=?":     Select,
		"  select 1":                           Select,
		"(SELECT 1) UNION (SELECT 2)":          Select,
		"INSERT INTO t (a) VALUES (?)":         Insert,
		"UPDATE t SET a = 1":                   Update,
		"delete from t":                        Delete,
		"COMMIT":                               Commit,
		"COMMIT;":                              Commit,
		"ROLLBACK":                             Rollback,
		"BEGIN":                                NoVerb,
		"BEGIN IMMEDIATE":                      NoVerb,
		"START TRANSACTION":                    NoVerb,
		"WITH x AS (SELECT 1) SELECT * FROM x": NoVerb,
		"SELECTED":                             NoVerb,
		"":                                     NoVerb,
		"CREATE TABLE t (a INT)":               NoVerb,
		"UPDATEs":                              NoVerb,
		"insert\tinto t select * from u":       Insert,
		"DELETE FROM new_order WHERE no_w_id = ?": Delete,
		"select * from t for update":              Select,
	} {
		if got := VerbOf(sql); got != want {
			t.Errorf("VerbOf(%q) = %v, want %v", sql, got, want)
		}
	}
}
