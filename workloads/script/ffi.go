package script

import (
	"math"
	"runtime"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/randgen"
)

// ffi is the part of LuaJIT's ffi that sysbench scripts use, done in Go:
// gopher-lua cannot call C. What real scripts call works (Percona's
// sysbench-tpcc, sysbench's own sysbench.*.lua cdefs, the scripts found in
// public repositories): ffi.cdef is accepted and ignored; ffi.C has the C
// library's usleep, sleep, gettimeofday, clock_gettime (realtime and
// monotonic) and time, sysbench's sb_counter_inc (an error counted in an
// event makes it an expected rollback; the statement counters are the
// runner's own) and its generators sb_rand_* (the user's
// stream, as sysbench.rand); ffi.new makes struct timeval and timespec;
// ffi.string, ffi.sizeof of C's scalar types, ffi.os, ffi.arch and
// ffi.abi answer as LuaJIT does on this machine; ffi.gc returns its object
// (the finalizer never runs, as __gc never does here). Anything else is an
// error that names it, never a silent zero:
//
//	FILE:LINE: ffi.C.sb_rand_str is not available in dbgauge's Lua (…)

// counterTypes are sysbench's sb_counter_type values, which scripts pass to
// sb_counter_inc.
var counterTypes = []string{"SB_CNT_OTHER", "SB_CNT_READ", "SB_CNT_WRITE", "SB_CNT_TRX", "SB_CNT_ERROR", "SB_CNT_RECONNECT"}

// cntError is SB_CNT_ERROR.
const cntError = 4

// argTypes are sysbench's sb_arg_type_t values (sysbench.cmdline.lua).
var argTypes = []string{"SB_ARG_TYPE_NULL", "SB_ARG_TYPE_BOOL", "SB_ARG_TYPE_INT", "SB_ARG_TYPE_SIZE", "SB_ARG_TYPE_DOUBLE",
	"SB_ARG_TYPE_STRING", "SB_ARG_TYPE_LIST", "SB_ARG_TYPE_FILE", "SB_ARG_TYPE_MAX"}

// cSizes are ffi.sizeof's answers for C's scalar types on a 64-bit
// little-endian machine (LP64), the only kind dbgauge is built for.
var cSizes = map[string]int{
	"char": 1, "signed char": 1, "unsigned char": 1, "bool": 1, "int8_t": 1, "uint8_t": 1,
	"short": 2, "unsigned short": 2, "int16_t": 2, "uint16_t": 2,
	"int": 4, "unsigned int": 4, "unsigned": 4, "int32_t": 4, "uint32_t": 4, "float": 4,
	"long": 8, "unsigned long": 8, "long long": 8, "unsigned long long": 8, "int64_t": 8, "uint64_t": 8,
	"size_t": 8, "ssize_t": 8, "intptr_t": 8, "uintptr_t": 8, "ptrdiff_t": 8, "double": 8, "time_t": 8,
	"useconds_t": 4, "void *": 8, "char *": 8, "const char *": 8,
	"struct timeval": 16, "struct timespec": 16,
}

// notAvailable raises the one-line error for what dbgauge's Lua lacks;
// RaiseError puts the script's FILE:LINE in front.
func notAvailable(L *lua.LState, name, why string) {
	L.RaiseError("%s is not available in dbgauge's Lua (%s)", name, why)
}

// ffiCOffers is what ffi.C has, for the error that names what it lacks.
const ffiCOffers = "its ffi.C has usleep, sleep, gettimeofday, clock_gettime, time, sb_counter_inc and sb_rand_*; " +
	"gopher-lua cannot call C"

func (t *thread) ffiModule() *lua.LTable {
	L := t.L
	m := L.NewTable()
	m.RawSetString("cdef", L.NewFunction(func(L *lua.LState) int { return 0 }))
	c := L.NewTable()
	for i, n := range counterTypes {
		c.RawSetString(n, lua.LNumber(i))
	}
	for i, n := range argTypes {
		c.RawSetString(n, lua.LNumber(i))
	}
	for n, fn := range t.ffiC() {
		c.RawSetString(n, L.NewFunction(fn))
	}
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		notAvailable(L, "ffi.C."+L.CheckString(2), ffiCOffers)
		return 0
	}))
	L.SetMetatable(c, mt)
	m.RawSetString("C", c)
	m.RawSetString("new", L.NewFunction(ffiNew))
	m.RawSetString("string", L.NewFunction(func(L *lua.LState) int {
		s := L.ToStringMeta(L.Get(1)).String()
		if L.GetTop() >= 2 {
			if n := int(checkNumber(L, 2, "string")); n >= 0 && n < len(s) {
				s = s[:n]
			}
		}
		L.Push(lua.LString(s))
		return 1
	}))
	m.RawSetString("sizeof", L.NewFunction(func(L *lua.LState) int {
		ct := ctype(L.CheckString(1))
		n, ok := cSizes[ct]
		if !ok {
			notAvailable(L, "ffi.sizeof(\""+ct+"\")", "it knows C's scalar types, struct timeval and struct timespec")
		}
		L.Push(lua.LNumber(n))
		return 1
	}))
	m.RawSetString("gc", L.NewFunction(func(L *lua.LState) int { L.Push(L.Get(1)); return 1 }))
	m.RawSetString("os", lua.LString(luajitOS()))
	m.RawSetString("arch", lua.LString(luajitArch()))
	m.RawSetString("abi", L.NewFunction(func(L *lua.LState) int {
		switch L.CheckString(1) {
		case "64bit", "le", "fpu", "hardfp", "gc64":
			L.Push(lua.LTrue)
		case "win":
			L.Push(lua.LBool(runtime.GOOS == "windows"))
		default:
			L.Push(lua.LFalse)
		}
		return 1
	}))
	for _, n := range []string{"typeof", "cast", "metatype", "load", "copy", "fill", "istype", "errno", "offsetof", "alignof", "tonumber"} {
		name := n
		m.RawSetString(n, L.NewFunction(func(L *lua.LState) int {
			notAvailable(L, "ffi."+name, "its ffi has cdef, C, new(\"struct timeval\"/\"struct timespec\"), string, sizeof, gc, os, arch and abi; gopher-lua has no C types")
			return 0
		}))
	}
	return m
}

// ffiC are ffi.C's functions.
func (t *thread) ffiC() map[string]lua.LGFunction {
	start := time.Now()
	return map[string]lua.LGFunction{
		"usleep": func(L *lua.LState) int {
			t.pause(time.Duration(checkNumber(L, 1, "usleep")) * time.Microsecond)
			L.Push(lua.LNumber(0))
			return 1
		},
		"sleep": func(L *lua.LState) int {
			t.pause(time.Duration(checkNumber(L, 1, "sleep")) * time.Second)
			L.Push(lua.LNumber(0))
			return 1
		},
		"gettimeofday": func(L *lua.LState) int {
			now := time.Now()
			setTime(L.Get(1), "tv_usec", now.Unix(), int64(now.Nanosecond()/1000))
			L.Push(lua.LNumber(0))
			return 1
		},
		"clock_gettime": func(L *lua.LState) int {
			var sec, nsec int64
			switch clock := int(checkNumber(L, 1, "clock_gettime")); clock {
			case 0, 5, 8: // CLOCK_REALTIME, _COARSE, _ALARM
				now := time.Now()
				sec, nsec = now.Unix(), int64(now.Nanosecond())
			case 1, 4, 6, 7, 9: // CLOCK_MONOTONIC, _RAW, _COARSE, CLOCK_BOOTTIME, _ALARM
				d := time.Since(start)
				sec, nsec = int64(d/time.Second), int64(d%time.Second)
			default:
				notAvailable(L, "ffi.C.clock_gettime of clock "+lua.LNumber(clock).String(), "it reads the realtime and monotonic clocks, not CPU time")
			}
			setTime(L.Get(2), "tv_nsec", sec, nsec)
			L.Push(lua.LNumber(0))
			return 1
		},
		"time": func(L *lua.LState) int {
			now := time.Now().Unix()
			if tbl, ok := L.Get(1).(*lua.LTable); ok {
				tbl.RawSet(lua.LNumber(0), lua.LNumber(now))
			}
			L.Push(lua.LNumber(now))
			return 1
		},
		// The statement counters are the runner's own; an event that counts
		// an error is one the script rolled back on purpose (sysbench-tpcc's
		// New-Order with an unused item, TPC-C's 1%): an expected rollback.
		"sb_counter_inc": func(L *lua.LState) int {
			if int(checkNumber(L, 2, "sb_counter_inc")) == cntError && t.db.tx != nil {
				t.db.rollback = true
			}
			return 0
		},
		"sb_rand_default":        t.cRand(func(a, b int64) float64 { return float64(t.draw("", a, b)) }),
		"sb_rand_uniform":        t.cRand(func(a, b int64) float64 { return float64(t.rand.Uniform(a, b)) }),
		"sb_rand_gaussian":       t.cRand(func(a, b int64) float64 { return float64(t.draw(randgen.Gaussian, a, b)) }),
		"sb_rand_special":        t.cRand(func(a, b int64) float64 { return float64(t.draw(randgen.Special, a, b)) }),
		"sb_rand_pareto":         t.cRand(func(a, b int64) float64 { return float64(t.draw(randgen.Pareto, a, b)) }),
		"sb_rand_unique":         func(L *lua.LState) int { L.Push(lua.LNumber(t.unique())); return 1 },
		"sb_rand_uniform_double": func(L *lua.LState) int { L.Push(lua.LNumber(t.rand.Float64())); return 1 },
		"sb_rand_uniform_uint64": func(L *lua.LState) int { L.Push(lua.LNumber(float64(t.rand.Uint64()))); return 1 },
		"sb_rand_str": func(L *lua.LState) int {
			notAvailable(L, "ffi.C.sb_rand_str", "it writes into a C buffer; use sysbench.rand.string")
			return 0
		},
	}
}

// cRand is one of sysbench's uint32_t sb_rand_*(uint32_t, uint32_t).
func (t *thread) cRand(draw func(a, b int64) float64) lua.LGFunction {
	return func(L *lua.LState) int {
		a := int64(uint32(num2i64(checkNumber(L, 1, "sb_rand"))))
		b := int64(uint32(num2i64(checkNumber(L, 2, "sb_rand"))))
		L.Push(lua.LNumber(draw(a, b)))
		return 1
	}
}

// ctype is a C type's name with its blanks normalised.
func ctype(s string) string { return strings.Join(strings.Fields(s), " ") }

// timeTypes are the structs ffi.new makes, by their names with or without
// "struct", and the name of their sub-second field.
var timeTypes = map[string]string{"struct timeval": "tv_usec", "timeval": "tv_usec", "struct timespec": "tv_nsec", "timespec": "tv_nsec"}

// ffiNew is ffi.new of a struct timeval or timespec, or an array of them
// ("struct timeval[1]", "struct timespec[?]" with its length): a table
// with the fields, or a table of such tables from index 0.
func ffiNew(L *lua.LState) int {
	ct := ctype(L.CheckString(1))
	base, n := ct, -1
	if i := strings.IndexByte(ct, '['); i > 0 && strings.HasSuffix(ct, "]") {
		base = strings.TrimSpace(ct[:i])
		dim := ct[i+1 : len(ct)-1]
		if dim == "?" {
			n = int(checkNumber(L, 2, "new"))
		} else if f, ok := scanNumber(dim); ok && f == math.Trunc(f) && f >= 0 {
			n = int(f)
		} else {
			n = -2
		}
	}
	sub, ok := timeTypes[base]
	if !ok || n == -2 || n > 1<<16 {
		notAvailable(L, "ffi.new(\""+ct+"\")", "it makes struct timeval and struct timespec, and arrays of them")
	}
	one := func() *lua.LTable {
		tv := L.NewTable()
		tv.RawSetString("tv_sec", lua.LNumber(0))
		tv.RawSetString(sub, lua.LNumber(0))
		return tv
	}
	if n < 0 {
		L.Push(one())
		return 1
	}
	arr := L.NewTable()
	for i := range n {
		arr.RawSet(lua.LNumber(i), one())
	}
	L.Push(arr)
	return 1
}

// setTime fills a struct ffi.new made, or the first of an array of them
// (a pointer to it, in C).
func setTime(v lua.LValue, sub string, sec, frac int64) {
	tv, ok := v.(*lua.LTable)
	if !ok {
		return
	}
	if first, ok := tv.RawGet(lua.LNumber(0)).(*lua.LTable); ok {
		tv = first
	}
	tv.RawSetString("tv_sec", lua.LNumber(sec))
	tv.RawSetString(sub, lua.LNumber(frac))
}

// pause is ffi.C.usleep: the runner's pause inside an event, holding the
// connection, kept out of the response time. Elsewhere (thread_init, a
// command) it does not wait: a workload never sleeps.
func (t *thread) pause(d time.Duration) {
	if t.db.tx != nil && d > 0 {
		t.db.tx.Pause(d)
	}
}
