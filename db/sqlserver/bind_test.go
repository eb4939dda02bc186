package sqlserver

import "testing"

// TestBind: the '?' every workload writes becomes @p1, @p2 ... in order,
// outside string literals, which is what sp_executesql declares; names are
// quoted with brackets.
func TestBind(t *testing.T) {
	t.Parallel()
	for q, want := range map[string]string{
		"SELECT c FROM sbtest1 WHERE id = ?":                        "SELECT c FROM sbtest1 WHERE id = @p1",
		"SELECT c FROM t WHERE id BETWEEN ? AND ? AND pad <> 'a?b'": "SELECT c FROM t WHERE id BETWEEN @p1 AND @p2 AND pad <> 'a?b'",
		"INSERT INTO t (a, b, c) VALUES (?, ?, ?), (?, ?, ?)":       "INSERT INTO t (a, b, c) VALUES (@p1, @p2, @p3), (@p4, @p5, @p6)",
		"UPDATE t SET s = 'it''s ?' WHERE id = ?":                   "UPDATE t SET s = 'it''s ?' WHERE id = @p1",
		"SELECT 1": "SELECT 1",
	} {
		if got := dialect.BindQuery(q); got != want {
			t.Errorf("%s\n got %s\nwant %s", q, got, want)
		}
	}
	if got := dialect.QuoteIdent("odd]name"); got != "[odd]]name]" {
		t.Errorf("QuoteIdent = %s", got)
	}
}
