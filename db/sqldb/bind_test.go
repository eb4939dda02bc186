package sqldb

import "testing"

func TestNumbered(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ prefix, in, want string }{
		{"$", "SELECT c FROM t WHERE id=?", "SELECT c FROM t WHERE id=$1"},
		{"$", "UPDATE t SET c=? WHERE id BETWEEN ? AND ?", "UPDATE t SET c=$1 WHERE id BETWEEN $2 AND $3"},
		{"$", "SELECT '?' FROM t WHERE a=? AND b='it''s ?' ", "SELECT '?' FROM t WHERE a=$1 AND b='it''s ?' "},
		{":", "INSERT INTO t VALUES (?, ?)", "INSERT INTO t VALUES (:1, :2)"},
		{"@p", "SELECT TOP 1 c FROM t WHERE id=? AND k<>'?'", "SELECT TOP 1 c FROM t WHERE id=@p1 AND k<>'?'"},
		{":", "SELECT 1 FROM dual", "SELECT 1 FROM dual"},
	} {
		if got := Numbered(c.prefix)(c.in); got != c.want {
			t.Errorf("Numbered(%q)(%q) = %q, want %q", c.prefix, c.in, got, c.want)
		}
	}
}
