package script

import (
	"sort"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// counterTypes are sysbench's sb_counter_type values, which scripts pass to
// sb_counter_inc.
var counterTypes = []string{"SB_CNT_OTHER", "SB_CNT_READ", "SB_CNT_WRITE", "SB_CNT_TRX", "SB_CNT_ERROR", "SB_CNT_RECONNECT"}

// ffiModule is the small part of LuaJIT's ffi that real scripts use (Percona's
// sysbench-tpcc): ffi.cdef is accepted and ignored; ffi.C has usleep (the
// runner's pause inside an event), gettimeofday and sb_counter_inc (ignored:
// the runner counts statements itself); anything else is an error naming
// the call.
func (t *thread) ffiModule() *lua.LTable {
	L := t.L
	m := L.NewTable()
	m.RawSetString("cdef", L.NewFunction(func(L *lua.LState) int { return 0 }))
	fns := map[string]lua.LGFunction{
		"usleep": func(L *lua.LState) int {
			t.pause(time.Duration(L.CheckNumber(1)) * time.Microsecond)
			L.Push(lua.LNumber(0))
			return 1
		},
		"sleep": func(L *lua.LState) int {
			t.pause(time.Duration(L.CheckNumber(1)) * time.Second)
			L.Push(lua.LNumber(0))
			return 1
		},
		"gettimeofday": func(L *lua.LState) int {
			if tv, ok := L.Get(1).(*lua.LTable); ok {
				now := time.Now()
				tv.RawSetString("tv_sec", lua.LNumber(now.Unix()))
				tv.RawSetString("tv_usec", lua.LNumber(now.Nanosecond()/1000))
			}
			L.Push(lua.LNumber(0))
			return 1
		},
		"sb_counter_inc": func(L *lua.LState) int { return 0 },
	}
	c := L.NewTable()
	for i, n := range counterTypes {
		c.RawSetString(n, lua.LNumber(i))
	}
	for n, fn := range fns {
		c.RawSetString(n, L.NewFunction(fn))
	}
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		name := L.CheckString(2)
		var known []string
		for n := range fns {
			known = append(known, n)
		}
		sort.Strings(known)
		L.RaiseError("ffi.C.%s is not available in dbgauge (its ffi offers %s)", name, strings.Join(known, ", "))
		return 0
	}))
	L.SetMetatable(c, mt)
	m.RawSetString("C", c)
	m.RawSetString("new", L.NewFunction(func(L *lua.LState) int {
		ct := strings.Join(strings.Fields(L.CheckString(1)), " ")
		switch ct {
		case "struct timeval", "struct timeval[1]":
			tv := L.NewTable()
			tv.RawSetString("tv_sec", lua.LNumber(0))
			tv.RawSetString("tv_usec", lua.LNumber(0))
			L.Push(tv)
			return 1
		}
		L.RaiseError("ffi.new(%q) is not available in dbgauge (only struct timeval)", ct)
		return 0
	}))
	m.RawSetString("string", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(L.ToStringMeta(L.Get(1)).String()))
		return 1
	}))
	for _, n := range []string{"typeof", "cast", "metatype", "gc", "load", "sizeof", "copy", "fill"} {
		name := n
		m.RawSetString(n, L.NewFunction(func(L *lua.LState) int {
			L.RaiseError("ffi.%s is not available in dbgauge (its ffi offers cdef, C.usleep, C.gettimeofday, C.sb_counter_inc and new(\"struct timeval\"))", name)
			return 0
		}))
	}
	return m
}

// pause is ffi.C.usleep: the runner's pause inside an event, holding the
// connection, kept out of the response time. Elsewhere (thread_init, a
// command) it does not wait: a workload never sleeps.
func (t *thread) pause(d time.Duration) {
	if t.db.tx != nil && d > 0 {
		t.db.tx.Pause(d)
	}
}
