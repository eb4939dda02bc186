package script

import (
	lua "github.com/yuin/gopher-lua"
)

// bulk_insert_init, _next and _done: rows gathered into one multi-row
// INSERT, sent when it would pass bulkLimit (sysbench's packet size), and
// measured as one statement named after the INSERT with "(bulk)".

func (t *thread) luaBulkInit(L *lua.LState) int {
	t.flushBulk(L)
	q := L.CheckString(2)
	t.db.bulk.prefix = q
	if t.in != nil {
		class, verb := classify(q)
		t.db.bulk.op = t.in.opID(normalize(q)+" (bulk)", class, verb)
	}
	L.Push(lua.LTrue)
	return 1
}

func (t *thread) luaBulkNext(L *lua.LState) int {
	v := L.CheckString(2)
	if t.db.bulk.prefix == "" {
		L.RaiseError("bulk_insert_next without bulk_insert_init")
	}
	b := &t.db.bulk
	if len(b.buf) > 0 && len(b.prefix)+len(b.buf)+len(v)+2 > bulkLimit {
		t.flushBulk(L)
	}
	if len(b.buf) > 0 {
		b.buf = append(b.buf, ',')
	}
	b.buf = append(b.buf, v...)
	L.Push(lua.LTrue)
	return 1
}

// flushBulk sends the rows a bulk insert holds as one INSERT.
func (t *thread) flushBulk(L *lua.LState) {
	b := &t.db.bulk
	if b.prefix == "" || len(b.buf) == 0 {
		return
	}
	sql := b.prefix + " " + string(b.buf)
	b.buf = b.buf[:0]
	t.text(L, sql, b.op, t.db.tx != nil)
}
