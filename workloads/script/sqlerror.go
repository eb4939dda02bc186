package script

import (
	"fmt"
	"strconv"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/db"
)

// fail raises a database error as sysbench does: an ignorable one
// (deadlock, serialization failure, lock wait timeout, duplicate key, a lost
// connection, or one the sql_error_ignorable hook accepts) as the
// RESTART_EVENT error descriptor, any other as "SQL error, errno = N,
// state = 'S': message". The error itself is kept for the runner, which
// retries the event on the classes --ignore-errors names.
func (t *thread) fail(L *lua.LState, err error, query string) {
	t.db.err = err
	errno, state := 0, ""
	var de *db.Error
	if e, ok := err.(*db.Error); ok {
		de = e
	}
	if de != nil {
		if n, perr := strconv.Atoi(de.Code); perr == nil {
			errno = n
		} else {
			state = de.Code
		}
	}
	desc := L.NewTable()
	desc.RawSetString("query", lua.LString(query))
	desc.RawSetString("sql_errno", lua.LNumber(errno))
	desc.RawSetString("sql_state", lua.LString(state))
	desc.RawSetString("sql_errmsg", lua.LString(err.Error()))
	desc.RawSetString("connection", t.object("sql_connection", nil))
	t.db.errdesc = desc
	ignorable := false
	switch db.ClassOf(err) {
	case db.Deadlock, db.Serialization, db.LockTimeout, db.DuplicateKey, db.ConnectionLost:
		ignorable = true
	}
	if hook, ok := L.GetField(L.GetField(L.GetGlobal("sysbench"), "hooks"), "sql_error_ignorable").(*lua.LFunction); ok && !ignorable {
		if ret, herr := t.call(hook, desc); herr == nil && lua.LVAsBool(ret) {
			ignorable = true
		}
	}
	if ignorable {
		desc.RawSetString("errcode", lua.LNumber(restartEvent))
		L.Error(desc, 1)
	}
	L.RaiseError("%s", fmt.Sprintf("SQL error, errno = %d, state = '%s': %s", errno, state, err.Error()))
}
