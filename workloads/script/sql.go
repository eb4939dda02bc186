package script

import (
	"context"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// bulkLimit is where a bulk insert is sent: sysbench's 512 KiB packet.
const bulkLimit = 512 * 1024

// dbState is a thread's side of the database: the session of the borrowed
// connection, the transaction that times statements (nil outside an event:
// thread_init and commands run untimed), and what an error left.
type dbState struct {
	ctx   context.Context
	tx    workload.Tx
	sess  *session
	guard *guard // commands: which tables a prepare or cleanup may touch
	// err is the database error behind the event's Lua error, if any;
	// errdesc its sysbench error descriptor (for before_restart_event).
	err     error
	errdesc *lua.LTable
	inTxn   bool
	writes  bool
	// rollback is set when the event counted an error with
	// sb_counter_inc(SB_CNT_ERROR): it ends as an expected rollback.
	rollback bool
	names    map[string]workload.OpID
	bulk     struct {
		prefix string
		buf    []byte
		op     workload.OpID
	}
	args []any
	// nameBuf is opOf's buffer.
	nameBuf []byte
	// mt are the metatables of the sysbench.sql objects.
	mt map[string]*lua.LTable
}

// Bind types of sysbench.sql.type, in sysbench's order.
var sqlTypes = []string{"NONE", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "TIME", "DATE", "DATETIME", "TIMESTAMP", "CHAR", "VARCHAR"}

const (
	typeTinyint = 1
	typeBigint  = 4
	typeFloat   = 5
	typeDouble  = 6
	typeChar    = 11
	typeVarchar = 12
)

// stmt is a prepared statement of a script: its SQL, bound by text to each
// session's own prepared statement.
type stmt struct {
	sql    string
	op     workload.OpID
	rows   bool
	begin  bool
	effect int
	params []*param
	// on and ps are the session the statement last ran on and its
	// prepared statement there; rs is its result, reused by each execute
	// (as sysbench's statement owns its result buffer).
	on *session
	ps sqldb.Stmt
	rs *lua.LUserData
	// ncols, vals and dest read a SELECT's values when the script reads
	// them (fetch.go): its column count (-1: unknown from its text) and
	// one destination per column.
	ncols int
	vals  []sqldb.Null[string]
	dest  []any
}

// param is a bound parameter.
type param struct {
	typ    int
	maxLen int
	v      any
}

// connection is a drv:connect() object. As sysbench's connection owns one
// result set (db_query returns &con->rs), its con:query returns the same
// result object query after query, each query replacing what the last
// one left: no new Lua object per statement.
type connection struct{ rs *lua.LUserData }

// result is a result set: the rows of a text query, or a count.
type result struct {
	nrows, nfields int
	rows           [][]string
	next           int
}

// sqlModule is sysbench.sql.
func (t *thread) sqlModule() *lua.LTable {
	L := t.L
	t.db.mt = map[string]*lua.LTable{}
	m := L.NewTable()
	types := L.NewTable()
	for i, n := range sqlTypes {
		types.RawSetString(n, lua.LNumber(i))
	}
	m.RawSetString("type", types)
	errs := L.NewTable()
	for i, n := range []string{"NONE", "IGNORABLE", "FATAL"} {
		errs.RawSetString(n, lua.LNumber(i))
	}
	m.RawSetString("error", errs)
	methods := func(name string, fns map[string]lua.LGFunction) {
		mt := L.NewTable()
		mt.RawSetString("__index", L.SetFuncs(L.NewTable(), fns))
		mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int { L.Push(lua.LString("<" + name + ">")); return 1 }))
		t.db.mt[name] = mt
	}
	methods("sql_driver", map[string]lua.LGFunction{
		"connect": func(L *lua.LState) int { L.Push(t.object("sql_connection", &connection{})); return 1 },
		"name":    func(L *lua.LState) int { L.Push(lua.LString(t.driverName())); return 1 },
	})
	methods("sql_connection", map[string]lua.LGFunction{
		"query":            t.luaQuery,
		"query_row":        t.luaQueryRow,
		"prepare":          t.luaPrepare,
		"bulk_insert_init": t.luaBulkInit,
		"bulk_insert_next": t.luaBulkNext,
		"bulk_insert_done": func(L *lua.LState) int { t.flushBulk(L); t.db.bulk.prefix = ""; L.Push(lua.LTrue); return 1 },
		"reconnect":        t.luaReconnect,
		"disconnect":       func(L *lua.LState) int { L.Push(lua.LTrue); return 1 },
	})
	methods("sql_statement", map[string]lua.LGFunction{
		"bind_create": t.luaBindCreate,
		"bind_param":  t.luaBindParam,
		"bind_result": func(L *lua.LState) int { return 0 },
		"execute":     t.luaExecute,
		"close":       func(L *lua.LState) int { L.Push(lua.LNumber(0)); return 1 },
	})
	methods("sql_param", map[string]lua.LGFunction{"set": t.luaSet, "set_rand_str": t.luaSetRandStr})
	rsMT := L.NewTable()
	rsMethods := L.SetFuncs(L.NewTable(), map[string]lua.LGFunction{"fetch_row": t.luaFetchRow, "free": func(L *lua.LState) int {
		rs := L.CheckUserData(1).Value.(*result)
		rs.rows, rs.next = nil, 0
		L.Push(lua.LTrue)
		return 1
	}})
	rsMT.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		rs := L.CheckUserData(1).Value.(*result)
		switch k := L.CheckString(2); k {
		case "nrows":
			L.Push(lua.LNumber(rs.nrows))
		case "nfields":
			L.Push(lua.LNumber(rs.nfields))
		default:
			L.Push(rsMethods.RawGetString(k))
		}
		return 1
	}))
	t.db.mt["sql_result"] = rsMT
	m.RawSetString("driver", L.NewFunction(func(L *lua.LState) int { L.Push(t.object("sql_driver", nil)); return 1 }))
	return m
}

func (t *thread) object(kind string, v any) *lua.LUserData {
	ud := t.L.NewUserData()
	ud.Value = v
	t.L.SetMetatable(ud, t.db.mt[kind])
	return ud
}

// driverName is drv:name(): "mysql" on MySQL and MariaDB, "pgsql" on
// PostgreSQL and on SQLite, whose SQL is closer to PostgreSQL's (sysbench's
// scripts know no other database; their SERIAL DDL is translated).
func (t *thread) driverName() string {
	if t.db.sess != nil {
		return sysbenchDriver(t.db.sess.driver)
	}
	return sysbenchDriver(t.driver)
}

// conn is the session's connection, or a Lua error where there is none.
func (t *thread) conn(L *lua.LState) *session {
	if t.db.sess == nil {
		L.RaiseError("no database connection here (sysbench.sql works in thread_init, event, thread_done and commands)")
	}
	return t.db.sess
}

// opOf is the operation of a statement, by its normalised text, made in
// the thread's buffer: a statement seen before costs no allocation.
func (t *thread) opOf(sql string) workload.OpID {
	t.db.nameBuf = appendNormalized(t.db.nameBuf[:0], sql)
	if id, ok := t.db.names[string(t.db.nameBuf)]; ok {
		return id
	}
	name := string(t.db.nameBuf)
	if t.db.names == nil || len(t.db.names) > 4096 {
		t.db.names = map[string]workload.OpID{}
	}
	class, verb := classify(sql)
	id := t.in.opID(name, class, verb)
	t.db.names[name] = id
	return id
}

// beginSQL is what a plain BEGIN is sent as: the dialect's write
// transaction once the script has written (SQLite's BEGIN IMMEDIATE, so
// that a reader turned writer does not fail at once with SQLITE_BUSY),
// its read transaction before; BEGIN on PostgreSQL and MySQL either way.
func (t *thread) beginSQL(d *sqldb.Dialect) string {
	if t.db.writes {
		return d.BeginWrite
	}
	return d.BeginRead
}

func isBegin(sql string) bool { return strings.EqualFold(strings.TrimSpace(sql), "BEGIN") }

// Effects of a statement on the transaction state.
const (
	noEffect = iota
	opensTxn
	endsTxn
	writes
)

// effectOf is what a statement does to the transaction state.
func effectOf(sql string) int { return wordEffect(firstWord(sql)) }

// wordEffect is effectOf a statement whose first word is w.
func wordEffect(w string) int {
	switch w {
	case "BEGIN", "START":
		return opensTxn
	case "COMMIT", "ROLLBACK", "END":
		return endsTxn
	}
	if writesWord(w) {
		return writes
	}
	return noEffect
}

// track follows the transaction state and the writes after a statement.
func (t *thread) track(effect int) {
	switch effect {
	case opensTxn:
		t.db.inTxn = true
	case endsTxn:
		t.db.inTxn = false
	case writes:
		t.db.writes = true
	}
}

// text runs a query as text, timed when in an event.
func (t *thread) text(L *lua.LState, sql string, op workload.OpID, timed bool) result {
	s := t.conn(L)
	// The first word decides everything below: read once per statement.
	word := firstWord(sql)
	send, sendWord := sql, word
	if t.db.guard != nil {
		var skip bool
		var err error
		if send, skip, err = t.db.guard.statement(t.db.ctx, s.conn, sql); err != nil {
			t.db.err = err // the command's error, kept with its kind (exit 2)
			L.RaiseError("%s", err.Error())
		} else if skip {
			return result{}
		}
	}
	if send != sql {
		sendWord = firstWord(send)
	}
	var after []string
	if sendWord == "CREATE" {
		var err error
		if send, after, err = translateDDL(send, s.conn.Dialect()); err != nil {
			L.RaiseError("%s", err.Error())
		}
	}
	if isBegin(send) {
		send = t.beginSQL(s.conn.Dialect())
	}
	var m workload.Mark
	if timed {
		m = t.db.tx.Begin()
	}
	var err error
	var rs result
	if wordReturnsRows(sendWord) {
		var rows [][]string
		rows, err = s.conn.QueryStrings(t.db.ctx, send)
		rs.rows, rs.nrows = rows, len(rows)
		if len(rows) > 0 {
			rs.nfields = len(rows[0])
		}
	} else {
		var n int64
		n, err = s.conn.Exec(t.db.ctx, send)
		rs.nrows = int(n)
	}
	if timed {
		t.db.tx.End(op, m, err)
	}
	if err != nil {
		t.fail(L, err, sql)
	}
	for _, q := range after {
		if _, err := s.conn.Exec(t.db.ctx, q); err != nil {
			t.fail(L, err, q)
		}
	}
	t.track(wordEffect(word))
	return rs
}

func (t *thread) luaQuery(L *lua.LState) int {
	sql := L.CheckString(2)
	timed := t.db.tx != nil
	var op workload.OpID
	if timed {
		op = t.opOf(sql)
	}
	rs := t.text(L, sql, op, timed)
	var c *connection
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		c, _ = ud.Value.(*connection)
	}
	if c == nil { // an error descriptor's connection
		own := rs
		L.Push(t.object("sql_result", &own))
		return 1
	}
	if c.rs == nil {
		c.rs = t.object("sql_result", &result{})
	}
	*c.rs.Value.(*result) = rs
	L.Push(c.rs)
	return 1
}

func (t *thread) luaQueryRow(L *lua.LState) int {
	sql := L.CheckString(2)
	timed := t.db.tx != nil
	var op workload.OpID
	if timed {
		op = t.opOf(sql)
	}
	rs := t.text(L, sql, op, timed)
	if len(rs.rows) == 0 {
		L.Push(lua.LNil)
		return 1
	}
	for _, v := range rs.rows[0] {
		L.Push(lua.LString(v))
	}
	return len(rs.rows[0])
}

func (t *thread) luaFetchRow(L *lua.LState) int {
	rs := L.CheckUserData(1).Value.(*result)
	if rs.next >= len(rs.rows) {
		L.Push(lua.LNil)
		return 1
	}
	row := L.CreateTable(len(rs.rows[rs.next]), 0)
	for i, v := range rs.rows[rs.next] {
		row.RawSetInt(i+1, lua.LString(v))
	}
	rs.next++
	L.Push(row)
	return 1
}

func (t *thread) luaPrepare(L *lua.LState) int {
	sql := L.CheckString(2)
	s := t.conn(L)
	st := &stmt{sql: sql, rows: returnsRows(sql), begin: isBegin(sql), effect: effectOf(sql)}
	if t.in != nil {
		class, verb := classify(sql)
		st.op = t.in.opID(strings.Join(strings.Fields(sql), " "), class, verb)
	}
	if c, _ := classify(sql); c == workload.Write {
		t.db.writes = true
	}
	if !st.begin {
		if _, err := s.prepared(t.db.ctx, sql); err != nil {
			t.fail(L, err, sql)
		}
	}
	L.Push(t.object("sql_statement", st))
	return 1
}

func (t *thread) luaBindCreate(L *lua.LState) int {
	typ := L.CheckInt(2)
	p := &param{typ: typ, maxLen: L.OptInt(3, 0)}
	switch {
	case typ >= typeTinyint && typ <= typeBigint, typ == typeFloat, typ == typeDouble:
	case typ == typeChar || typ == typeVarchar:
		if p.maxLen <= 0 {
			L.RaiseError("bind_create: a CHAR or VARCHAR parameter needs its maximum length")
		}
	default:
		L.RaiseError("Unsupported argument type: %d", typ)
	}
	L.Push(t.object("sql_param", p))
	return 1
}

func (t *thread) luaBindParam(L *lua.LState) int {
	st := L.CheckUserData(1).Value.(*stmt)
	st.params = st.params[:0]
	for i := 2; i <= L.GetTop(); i++ {
		p, ok := L.CheckUserData(i).Value.(*param)
		if !ok {
			L.ArgError(i, "a parameter made by bind_create")
		}
		st.params = append(st.params, p)
	}
	L.Push(lua.LNumber(0))
	return 1
}

func (t *thread) luaSet(L *lua.LState) int {
	p := L.CheckUserData(1).Value.(*param)
	v := L.Get(2)
	if v == lua.LNil {
		p.v = nil
		return 0
	}
	switch {
	case p.typ >= typeTinyint && p.typ <= typeBigint:
		n, ok := lua.LVAsNumber(v), true
		if s, isStr := v.(lua.LString); isStr {
			f, err := strconv.ParseFloat(strings.TrimSpace(string(s)), 64)
			n, ok = lua.LNumber(f), err == nil
		}
		if !ok {
			L.ArgError(2, "a number")
		}
		p.v = int64(n)
	case p.typ == typeFloat || p.typ == typeDouble:
		p.v = float64(lua.LVAsNumber(v))
	default:
		s := L.ToStringMeta(v).String()
		if len(s) > p.maxLen {
			s = s[:p.maxLen]
		}
		p.v = s
	}
	return 0
}

func (t *thread) luaSetRandStr(L *lua.LState) int {
	p := L.CheckUserData(1).Value.(*param)
	if p.typ != typeChar && p.typ != typeVarchar {
		L.RaiseError("Unsupported argument type: %d", p.typ)
	}
	s := t.rand.Template(L.CheckString(2))
	if len(s) > p.maxLen {
		s = s[:p.maxLen]
	}
	p.v = s
	return 0
}

func (t *thread) luaExecute(L *lua.LState) int {
	st := L.CheckUserData(1).Value.(*stmt)
	s := t.conn(L)
	sql := st.sql
	if st.begin {
		sql = t.beginSQL(s.conn.Dialect())
	}
	ps := st.ps
	if st.on != s || st.begin {
		var err error
		if ps, err = s.prepared(t.db.ctx, sql); err != nil {
			t.fail(L, err, st.sql)
		}
		st.on, st.ps = s, ps
	}
	var err error
	t.db.args = t.db.args[:0]
	for _, p := range st.params {
		t.db.args = append(t.db.args, p.v)
	}
	timed := t.db.tx != nil
	var m workload.Mark
	if timed {
		m = t.db.tx.Begin()
	}
	var n, nfields int
	var rows [][]string
	switch {
	case st.rows && t.sc.protos.values.Load():
		rows, nfields, err = t.queryValues(s, st, ps)
		n = len(rows)
	case st.rows:
		n, err = ps.Query(t.db.ctx, t.db.args...)
	default:
		var a int64
		a, err = ps.Exec(t.db.ctx, t.db.args...)
		n = int(a)
	}
	if timed {
		t.db.tx.End(st.op, m, err)
	}
	if err != nil {
		t.fail(L, err, st.sql)
	}
	t.track(st.effect)
	if st.rs == nil {
		st.rs = t.object("sql_result", &result{})
	}
	*st.rs.Value.(*result) = result{nrows: n, nfields: nfields, rows: rows}
	L.Push(st.rs)
	return 1
}

func (t *thread) luaReconnect(L *lua.LState) int {
	if t.db.tx != nil {
		s, err := t.db.tx.Reopen(t.db.ctx)
		if err != nil {
			t.fail(L, err, "<reconnect>")
		}
		t.db.sess = s.(*session)
		t.db.inTxn = false
	}
	L.Push(lua.LTrue)
	return 1
}
