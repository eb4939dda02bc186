package sqldb

import (
	"context"
	"fmt"
	"testing"
)

var (
	limitDialect = &Dialect{Name: "limit", QuoteIdent: QuoteDouble}
	fetch        = &Dialect{Name: "fetch", Limits: LimitFetch, InsertAll: true, QuoteIdent: QuoteUpper,
		Types: map[string]string{"BIGINT": "NUMBER(19)", "TEXT": "CLOB"}, MaxVarchar: 4000, TimestampLiterals: true,
		DropFormat: "BEGIN EXECUTE IMMEDIATE 'DROP TABLE %s'; END;", CreateFormat: "CREATE %[1]s %[2]s"}
	top = &Dialect{Name: "top", Limits: LimitTop, NoRowValues: true, QuoteIdent: QuoteDouble}
)

// TestLimit: each way of keeping the first rows, with a literal and with a
// parameter, which must stay the last placeholder.
func TestLimit(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		d       *Dialect
		q, n    string
		want    string
		comment string
	}{
		{limitDialect, "SELECT a FROM t ORDER BY a", "1", "SELECT a FROM t ORDER BY a LIMIT 1", ""},
		{limitDialect, "SELECT a FROM t WHERE a >= ? ORDER BY a", "?", "SELECT a FROM t WHERE a >= ? ORDER BY a LIMIT ?", ""},
		{fetch, "SELECT a FROM t ORDER BY a", "1", "SELECT a FROM t ORDER BY a FETCH FIRST 1 ROWS ONLY", ""},
		{fetch, "SELECT a FROM t WHERE a >= ? ORDER BY a", "?", "SELECT a FROM t WHERE a >= ? ORDER BY a FETCH FIRST ? ROWS ONLY", ""},
		{top, "SELECT a FROM t WHERE a = ? ORDER BY a", "4", "SELECT TOP (4) a FROM t WHERE a = ? ORDER BY a", ""},
		{top, "SELECT DISTINCT a FROM t", "4", "SELECT DISTINCT TOP (4) a FROM t", ""},
		{top, "WITH x AS (SELECT a FROM t) SELECT a FROM x", "4", "WITH x AS (SELECT a FROM t) SELECT TOP (4) a FROM x", "the statement's SELECT"},
		{top, "SELECT a FROM t WHERE a >= ? ORDER BY a", "?", "SELECT a FROM t WHERE a >= ? ORDER BY a OFFSET 0 ROWS FETCH NEXT ? ROWS ONLY", "the parameter stays last"},
		{top, "SELECT a FROM t WHERE a >= ?", "?", "SELECT a FROM t WHERE a >= ? ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT ? ROWS ONLY", "OFFSET needs an ORDER BY"},
	} {
		if got := c.d.Limit(c.q, c.n); got != c.want {
			t.Errorf("%s: Limit(%q, %q) = %q, want %q %s", c.d.Name, c.q, c.n, got, c.want, c.comment)
		}
	}
}

// TestRewriteLimits: a LIMIT in a subquery limits the subquery; one after
// a subquery limits the statement; LIMIT databases keep the text.
func TestRewriteLimits(t *testing.T) {
	t.Parallel()
	const q = "WITH x AS (SELECT a FROM t WHERE b = ? LIMIT 9) SELECT a FROM x WHERE a > (SELECT MAX(a) - 3 FROM t) ORDER BY a LIMIT 5"
	for _, c := range []struct {
		d    *Dialect
		want string
	}{
		{limitDialect, q},
		{fetch, "WITH x AS (SELECT a FROM t WHERE b = ? FETCH FIRST 9 ROWS ONLY) SELECT a FROM x WHERE a > (SELECT MAX(a) - 3 FROM t) ORDER BY a FETCH FIRST 5 ROWS ONLY"},
		{top, "WITH x AS (SELECT TOP (9) a FROM t WHERE b = ?) SELECT TOP (5) a FROM x WHERE a > (SELECT MAX(a) - 3 FROM t) ORDER BY a"},
	} {
		if got := c.d.RewriteLimits(q); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.d.Name, got, c.want)
		}
	}
}

// TestStatementForms: IN lists of pairs, multi-row inserts, types, DDL.
func TestStatementForms(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ got, want string }{
		{limitDialect.PairsIn("a", "b", 2), "(a, b) IN ((?, ?), (?, ?))"},
		{top.PairsIn("a", "b", 2), "((a = ? AND b = ?) OR (a = ? AND b = ?))"},
		{MultiRowInsert(limitDialect, "t", []string{"a", "b"}, 2), `INSERT INTO "t" (a, b) VALUES (?,?),(?,?)`},
		{MultiRowInsert(fetch, "t", []string{"a", "b"}, 2), `INSERT ALL INTO "T" (a, b) VALUES (?,?) INTO "T" (a, b) VALUES (?,?) SELECT 1 FROM dual`},
		{fetch.Type("BIGINT NOT NULL"), "NUMBER(19) NOT NULL"},
		{fetch.Type("BIGINTEGER"), "BIGINTEGER"},
		{fetch.Type("TEXT"), "CLOB"},
		{limitDialect.Type("BIGINT"), "BIGINT"},
		{fetch.TextType(100), "VARCHAR(100)"},
		{fetch.TextType(5000), "CLOB"},
		{limitDialect.TextType(100), "TEXT"},
		{fetch.TimestampLiteral("2009-07-30 16:25:44"), "TIMESTAMP '2009-07-30 16:25:44'"},
		{limitDialect.TimestampLiteral("2009-07-30 16:25:44"), "'2009-07-30 16:25:44'"},
		{limitDialect.DropTable("t"), `DROP TABLE IF EXISTS "t"`},
		{fetch.DropTable("t"), `BEGIN EXECUTE IMMEDIATE 'DROP TABLE "T"'; END;`},
		{limitDialect.CreateIfMissing("t", "(a INTEGER)"), "CREATE TABLE IF NOT EXISTS t (a INTEGER)"},
		{fetch.CreateIfMissing("t", "(a INTEGER)"), "CREATE t (a INTEGER)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// txnConn records what a connection ran: statements, or protocol calls
// when it is a Transactor.
type txnConn struct {
	Conn
	d   *Dialect
	ran []string
}

func (c *txnConn) Dialect() *Dialect { return c.d }
func (c *txnConn) Prepare(_ context.Context, q string) (Stmt, error) {
	c.ran = append(c.ran, "prepare "+q)
	return nil, nil
}
func (c *txnConn) Exec(_ context.Context, q string, _ ...any) (int64, error) {
	c.ran = append(c.ran, q)
	return 0, nil
}

type protoConn struct{ *txnConn }

func (c protoConn) BeginTx(_ context.Context, ro bool) error {
	c.ran = append(c.ran, map[bool]string{true: "begin read-only", false: "begin"}[ro])
	return nil
}
func (c protoConn) Commit(context.Context) error   { c.ran = append(c.ran, "commit"); return nil }
func (c protoConn) Rollback(context.Context) error { c.ran = append(c.ran, "rollback"); return nil }

// TestTxnSteps: statements where the dialect has them; the connection's
// calls, run when the step runs, on a Transactor; an error where there
// are neither.
func TestTxnSteps(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	stmts := &txnConn{d: &Dialect{Name: "s", BeginRead: "BEGIN", BeginWrite: "BEGIN IMMEDIATE", Commit: "COMMIT", Rollback: "ROLLBACK"}}
	for _, s := range []TxnStep{BeginRead, BeginWrite, CommitTxn, RollbackTxn} {
		if _, err := PrepareTxn(ctx, stmts, s); err != nil {
			t.Fatal(err)
		}
	}
	if got := stmts.ran; len(got) != 4 || got[0] != "prepare BEGIN" || got[1] != "prepare BEGIN IMMEDIATE" || got[3] != "prepare ROLLBACK" {
		t.Errorf("statements: %q", got)
	}
	proto := protoConn{&txnConn{d: &Dialect{Name: "p"}}}
	for _, s := range []TxnStep{BeginRead, BeginWrite, CommitTxn, RollbackTxn} {
		st, err := PrepareTxn(ctx, proto, s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := Begin(ctx, proto, false); err != nil {
		t.Fatal(err)
	}
	if got := proto.ran; len(got) != 5 || got[0] != "begin read-only" || got[1] != "begin" || got[2] != "commit" || got[3] != "rollback" || got[4] != "begin" {
		t.Errorf("protocol: %q", got)
	}
	if _, err := PrepareTxn(ctx, &txnConn{d: &Dialect{Name: "none"}}, BeginWrite); err == nil {
		t.Error("a dialect without BEGIN on a connection without transactions of its own: no error")
	}
}

// idConn prepares statements that record their text and read id 42.
type idConn struct {
	txnConn
	ran []string
}

func (c *idConn) Prepare(_ context.Context, q string) (Stmt, error) {
	return &idStmt{c: c, q: c.d.BindQuery(q)}, nil
}
func (c *idConn) QueryStrings(_ context.Context, q string, args ...any) ([][]string, error) {
	c.ran = append(c.ran, q)
	return [][]string{{"ISEQ$$_7"}}, nil
}

type idStmt struct {
	c *idConn
	q string
}

func (s *idStmt) Exec(context.Context, ...any) (int64, error) {
	s.c.ran = append(s.c.ran, "exec "+s.q)
	return 1, nil
}
func (s *idStmt) Query(context.Context, ...any) (int, error) { return 0, nil }
func (s *idStmt) Close() error                               { return nil }
func (s *idStmt) QueryRow(_ context.Context, dest []any, _ ...any) (int, error) {
	s.c.ran = append(s.c.ran, "query "+s.q)
	*dest[0].(*int64) = 42
	return 1, nil
}

// TestIDInsertForms: the generated id comes back with OUTPUT INSERTED
// (SQL Server) in the INSERT's own reply, and from the identity sequence
// read after the INSERT (Oracle).
func TestIDInsertForms(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	const insert = "INSERT INTO orders (a, b) VALUES (?, ?)"
	for _, c := range []struct {
		d    *Dialect
		want []string
	}{
		{&Dialect{Name: "output", InsertOutput: true, QuoteIdent: QuoteDouble},
			[]string{"query INSERT INTO orders (a, b) OUTPUT INSERTED.id VALUES (?, ?)"}},
		{&Dialect{Name: "identity", IdentitySequenceQuery: "SEQ OF ? ?", CurrentIDFormat: "SELECT %s.CURRVAL FROM dual", QuoteIdent: QuoteUpper},
			[]string{"SEQ OF ? ?", "exec INSERT INTO orders (a, b) VALUES (?, ?)", `query SELECT "ISEQ$$_7".CURRVAL FROM dual`}},
	} {
		conn := &idConn{txnConn: txnConn{d: c.d}}
		ins, err := PrepareIDInsert(ctx, conn, insert, "id")
		if err != nil {
			t.Fatalf("%s: %v", c.d.Name, err)
		}
		id, n, err := ins.Exec(ctx, 1, 2)
		if err != nil || id != 42 || n != 1 {
			t.Errorf("%s: id %d, %d rows, %v; want 42, 1", c.d.Name, id, n, err)
		}
		if fmt.Sprint(conn.ran) != fmt.Sprint(c.want) {
			t.Errorf("%s: ran %q, want %q", c.d.Name, conn.ran, c.want)
		}
	}
}
