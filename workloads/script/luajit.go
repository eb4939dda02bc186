package script

import (
	"math"
	"math/bits"
	"os"
	"runtime"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// sysbench runs on LuaJIT 2.1, and scripts written for it use LuaJIT's
// extensions to Lua 5.1 freely: Percona's sysbench-tpcc computes TPC-C's
// NURand with bit.bor. This file gives gopher-lua (Lua 5.1) what LuaJIT
// 2.1.0-beta3 (the LuaJIT of sysbench 1.0.20's packages) has and it lacks:
// the bit library (http://bitop.luajit.org/api.html), the jit module,
// table.new and table.clear (require "table.new" / "table.clear"), and
// LuaJIT's string-to-number coercion for them. string.format is format.go,
// ffi is ffi.go. Every result was checked against sysbench 1.0.20 itself
// (testdata/luajit_compat.lua and its .out).

// luajitVersion is what jit.version says: the LuaJIT whose behaviour is
// reproduced, with the honest note that nothing is compiled.
const (
	luajitVersion    = "LuaJIT 2.1.0-beta3 (dbgauge: gopher-lua, no JIT)"
	luajitVersionNum = 20100
)

// openLuaJIT adds LuaJIT's extensions to L.
func (t *thread) openLuaJIT() {
	L := t.L
	bitlib := L.SetFuncs(L.NewTable(), map[string]lua.LGFunction{
		"tobit": func(L *lua.LState) int { return pushBit(L, checkBit(L, 1, "tobit")) },
		"bnot":  func(L *lua.LState) int { return pushBit(L, ^checkBit(L, 1, "bnot")) },
		"bswap": func(L *lua.LState) int {
			return pushBit(L, int32(bits.ReverseBytes32(uint32(checkBit(L, 1, "bswap")))))
		},
		"band":   func(L *lua.LState) int { return bitFold(L, "band", func(a, b int32) int32 { return a & b }) },
		"bor":    func(L *lua.LState) int { return bitFold(L, "bor", func(a, b int32) int32 { return a | b }) },
		"bxor":   func(L *lua.LState) int { return bitFold(L, "bxor", func(a, b int32) int32 { return a ^ b }) },
		"lshift": func(L *lua.LState) int { return bitShift(L, "lshift", func(x uint32, n int) uint32 { return x << n }) },
		"rshift": func(L *lua.LState) int { return bitShift(L, "rshift", func(x uint32, n int) uint32 { return x >> n }) },
		"arshift": func(L *lua.LState) int {
			return bitShift(L, "arshift", func(x uint32, n int) uint32 { return uint32(int32(x) >> n) })
		},
		"rol": func(L *lua.LState) int {
			return bitShift(L, "rol", func(x uint32, n int) uint32 { return bits.RotateLeft32(x, n) })
		},
		"ror": func(L *lua.LState) int {
			return bitShift(L, "ror", func(x uint32, n int) uint32 { return bits.RotateLeft32(x, -n) })
		},
		"tohex": bitToHex,
	})
	L.SetGlobal("bit", bitlib)

	jit := L.NewTable()
	jit.RawSetString("version", lua.LString(luajitVersion))
	jit.RawSetString("version_num", lua.LNumber(luajitVersionNum))
	jit.RawSetString("os", lua.LString(luajitOS()))
	jit.RawSetString("arch", lua.LString(luajitArch()))
	// The JIT compiler's switches are accepted and change nothing: the
	// code is interpreted, so status() says so, whatever on() was told.
	noop := func(L *lua.LState) int {
		if v := L.Get(1); v != lua.LNil && v.Type() != lua.LTFunction && v.Type() != lua.LTBool {
			L.RaiseError("bad argument #1 to 'jit' (function expected, got %s)", v.Type())
		}
		return 0
	}
	for _, n := range []string{"on", "off", "flush"} {
		jit.RawSetString(n, L.NewFunction(noop))
	}
	jit.RawSetString("status", L.NewFunction(func(L *lua.LState) int { L.Push(lua.LFalse); return 1 }))
	opt := L.NewTable()
	opt.RawSetString("start", L.NewFunction(func(L *lua.LState) int { return 0 }))
	jit.RawSetString("opt", opt)
	L.SetGlobal("jit", jit)

	loaded := L.GetField(L.GetGlobal("package"), "loaded").(*lua.LTable)
	loaded.RawSetString("bit", bitlib)
	loaded.RawSetString("jit", jit)
	loaded.RawSetString("jit.opt", opt)

	// LuaJIT 2.1 sets table.new and table.clear when they are required,
	// not before (lib_table.c's luaopen_table_new and _clear).
	tablelib := L.GetGlobal("table").(*lua.LTable)
	for name, fn := range map[string]lua.LGFunction{"new": tableNew, "clear": tableClear} {
		L.PreloadModule("table."+name, func(L *lua.LState) int {
			f := L.NewFunction(fn)
			tablelib.RawSetString(name, f)
			L.Push(f)
			return 1
		})
	}
	t.openLua51()
	t.openLua52()
}

// openLua52 is what LuaJIT 2.1 takes from Lua 5.2 and 5.3 unconditionally
// and gopher-lua lacks (http://luajit.org/extensions.html): table.move,
// math.log's base, string.rep's separator.
func (t *thread) openLua52() {
	L := t.L
	tablelib := L.GetGlobal("table").(*lua.LTable)
	if tablelib.RawGetString("move") == lua.LNil {
		tablelib.RawSetString("move", L.NewFunction(tableMove))
	}
	mathlib := L.GetGlobal("math").(*lua.LTable)
	if log, ok := mathlib.RawGetString("log").(*lua.LFunction); ok {
		mathlib.RawSetString("log", L.NewFunction(func(L *lua.LState) int {
			if L.GetTop() < 2 || L.Get(2) == lua.LNil {
				L.Push(log)
				L.Push(L.Get(1))
				L.Call(1, 1)
				return 1
			}
			x, b := float64(L.CheckNumber(1)), float64(L.CheckNumber(2))
			switch b {
			case 2:
				L.Push(lua.LNumber(math.Log2(x)))
			case 10:
				L.Push(lua.LNumber(math.Log10(x)))
			default:
				L.Push(lua.LNumber(math.Log(x) / math.Log(b)))
			}
			return 1
		}))
	}
	strlib := L.GetGlobal("string").(*lua.LTable)
	if rep, ok := strlib.RawGetString("rep").(*lua.LFunction); ok {
		strlib.RawSetString("rep", L.NewFunction(func(L *lua.LState) int {
			if L.GetTop() < 3 || L.Get(3) == lua.LNil {
				L.Push(rep)
				L.Push(L.Get(1))
				L.Push(L.Get(2))
				L.Call(2, 1)
				return 1
			}
			s, n, sep := L.CheckString(1), L.CheckInt(2), L.CheckString(3)
			if n <= 0 {
				L.Push(lua.LString(""))
				return 1
			}
			var b strings.Builder
			b.Grow(n*len(s) + (n-1)*len(sep))
			for i := range n {
				if i > 0 {
					b.WriteString(sep)
				}
				b.WriteString(s)
			}
			L.Push(lua.LString(b.String()))
			return 1
		}))
	}
}

// openLua51 is what LuaJIT keeps of Lua 5.0 and 5.1 that gopher-lua
// lacks (table.foreach, table.foreachi, gcinfo, package.searchpath,
// coroutine.isyieldable), and named errors for the debug functions it
// cannot have: a script that calls one gets FILE:LINE: debug.sethook is
// not available in dbgauge's Lua (…), not "attempt to call a nil value".
func (t *thread) openLua51() {
	L := t.L
	tablelib := L.GetGlobal("table").(*lua.LTable)
	tablelib.RawSetString("foreach", L.NewFunction(func(L *lua.LState) int {
		tbl, fn := L.CheckTable(1), L.CheckFunction(2)
		for k, v := tbl.Next(lua.LNil); k != lua.LNil; k, v = tbl.Next(k) {
			L.Push(fn)
			L.Push(k)
			L.Push(v)
			L.Call(2, 1)
			if ret := L.Get(-1); ret != lua.LNil {
				return 1
			}
			L.Pop(1)
		}
		return 0
	}))
	tablelib.RawSetString("foreachi", L.NewFunction(func(L *lua.LState) int {
		tbl, fn := L.CheckTable(1), L.CheckFunction(2)
		for i := 1; i <= tbl.Len(); i++ {
			L.Push(fn)
			L.Push(lua.LNumber(i))
			L.Push(tbl.RawGetInt(i))
			L.Call(2, 1)
			if ret := L.Get(-1); ret != lua.LNil {
				return 1
			}
			L.Pop(1)
		}
		return 0
	}))
	L.SetGlobal("gcinfo", L.NewFunction(func(L *lua.LState) int {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		L.Push(lua.LNumber(ms.HeapAlloc / 1024))
		return 1
	}))
	if pkg, ok := L.GetGlobal("package").(*lua.LTable); ok {
		pkg.RawSetString("searchpath", L.NewFunction(searchPath))
	}
	if co, ok := L.GetGlobal("coroutine").(*lua.LTable); ok {
		co.RawSetString("isyieldable", L.NewFunction(func(L *lua.LState) int {
			L.Push(lua.LBool(L.Parent != nil))
			return 1
		}))
	}
	if dbg, ok := L.GetGlobal("debug").(*lua.LTable); ok {
		for _, n := range []string{"debug", "gethook", "sethook", "getregistry", "upvalueid", "upvaluejoin"} {
			name := "debug." + n
			dbg.RawSetString(n, L.NewFunction(func(L *lua.LState) int {
				notAvailable(L, name, "gopher-lua, the Lua dbgauge runs scripts in, has no hooks or registry")
				return 0
			}))
		}
	}
}

// searchPath is package.searchpath(name, path [, sep [, rep]]): the first
// file of path's templates that can be opened, or nil and the files tried.
func searchPath(L *lua.LState) int {
	name, path := L.CheckString(1), L.CheckString(2)
	sep, rep := L.OptString(3, "."), L.OptString(4, string(os.PathSeparator))
	if sep != "" {
		name = strings.ReplaceAll(name, sep, rep)
	}
	var tried strings.Builder
	for _, tmpl := range strings.Split(path, ";") {
		file := strings.ReplaceAll(tmpl, "?", name)
		if f, err := os.Open(file); err == nil {
			f.Close()
			L.Push(lua.LString(file))
			return 1
		}
		tried.WriteString("\n\tno file '" + file + "'")
	}
	L.Push(lua.LNil)
	L.Push(lua.LString(tried.String()))
	return 2
}

// luajitOS and luajitArch are jit.os and jit.arch in LuaJIT's words.
func luajitOS() string {
	switch runtime.GOOS {
	case "linux":
		return "Linux"
	case "darwin":
		return "OSX"
	case "windows":
		return "Windows"
	case "freebsd", "netbsd", "openbsd", "dragonfly":
		return "BSD"
	}
	return "Other"
}

func luajitArch() string {
	switch runtime.GOARCH {
	case "amd64":
		return "x64"
	case "386":
		return "x86"
	case "arm64":
		return "arm64"
	case "arm":
		return "arm"
	case "ppc64", "ppc64le":
		return "ppc"
	case "mips64", "mips64le":
		return "mips64"
	}
	return runtime.GOARCH
}

// toNumber is a value as LuaJIT's library functions read a number: a
// number, or a string that lj_strscan reads as one ("0x1f", " 42 ",
// "1e3"); ok is false for anything else.
func toNumber(v lua.LValue) (float64, bool) {
	switch x := v.(type) {
	case lua.LNumber:
		return float64(x), true
	case lua.LString:
		return scanNumber(string(x))
	}
	return 0, false
}

// checkNumber is argument n as a number (toNumber), or LuaJIT's error.
func checkNumber(L *lua.LState, n int, fn string) float64 {
	v := L.Get(n)
	f, ok := toNumber(v)
	if !ok {
		argTypeError(L, n, fn, "number", v)
	}
	return f
}

// argTypeError raises LuaJIT's "bad argument" message.
func argTypeError(L *lua.LState, n int, fn, want string, v lua.LValue) {
	got := v.Type().String()
	if n > L.GetTop() {
		got = "no value"
	}
	L.RaiseError("bad argument #%d to '%s' (%s expected, got %s)", n, fn, want, got)
}

// scanNumber reads s as lj_strscan does for tonumber: blanks around it, a
// sign, "inf", "infinity" or "nan", a decimal number with an optional
// fraction and exponent, or a hexadecimal one with an optional fraction
// and binary exponent.
func scanNumber(s string) (float64, bool) {
	s = strings.Trim(s, " \t\n\v\f\r")
	neg := false
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg, body = body[0] == '-', body[1:]
	}
	if body == "" {
		return 0, false
	}
	var f float64
	switch lower := strings.ToLower(body); {
	case lower == "inf" || lower == "infinity":
		f = math.Inf(1)
	case lower == "nan":
		f = math.NaN()
	case len(body) > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X'):
		mant, exp, hasExp := strings.Cut(body[2:], "p")
		if !hasExp {
			mant, exp, hasExp = strings.Cut(body[2:], "P")
		}
		if !digits(mant, true) || hasExp && !exponent(exp) {
			return 0, false
		}
		if !hasExp {
			exp = "0"
		}
		if mant[0] == '.' {
			mant = "0" + mant
		}
		v, err := strconv.ParseFloat("0x"+mant+"p"+exp, 64)
		if err != nil && !isRange(err) {
			return 0, false
		}
		f = v
	default:
		mant := body
		if i := strings.IndexAny(body, "eE"); i >= 0 {
			if !exponent(body[i+1:]) {
				return 0, false
			}
			mant = body[:i]
		}
		if !digits(mant, false) {
			return 0, false
		}
		v, err := strconv.ParseFloat(body, 64)
		if err != nil && !isRange(err) {
			return 0, false
		}
		f = v
	}
	if neg {
		f = -f
	}
	return f, true
}

// digits says s is digits with at most one '.', and at least one digit.
func digits(s string, hex bool) bool {
	n, dot := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'):
			n++
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return n > 0
}

// exponent says s is an exponent's signed digits.
func exponent(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// toBit is LuaJIT's lj_num2bit: the number rounded to an integer (half to
// even) and wrapped to 32 bits, by adding 2^52+2^51 and keeping the low
// word of the double, as LuaJIT does (so huge numbers give what it gives).
func toBit(f float64) int32 {
	if f != f {
		return 0 // x86's default NaN, whose low word is 0
	}
	return int32(uint32(math.Float64bits(f + 6755399441055744.0)))
}

// checkBit is argument n as a 32-bit integer.
func checkBit(L *lua.LState, n int, fn string) int32 {
	return toBit(checkNumber(L, n, fn))
}

func pushBit(L *lua.LState, v int32) int {
	L.Push(lua.LNumber(v))
	return 1
}

// bitFold is band, bor and bxor: one argument at least, any number more.
func bitFold(L *lua.LState, fn string, op func(a, b int32) int32) int {
	acc := checkBit(L, 1, fn)
	for i := 2; i <= L.GetTop(); i++ {
		acc = op(acc, checkBit(L, i, fn))
	}
	return pushBit(L, acc)
}

// bitShift is the shifts and rotations: the count is taken modulo 32, as
// the x86 shift instructions LuaJIT uses do.
func bitShift(L *lua.LState, fn string, op func(x uint32, n int) uint32) int {
	x := uint32(checkBit(L, 1, fn))
	n := int(checkBit(L, 2, fn) & 31)
	return pushBit(L, int32(op(x, n)))
}

// bitToHex is bit.tohex(x [,n]): n hexadecimal digits (8 by default),
// upper case when n is negative; more than 8 digits are zeros in front.
func bitToHex(L *lua.LState) int {
	x := uint32(checkBit(L, 1, "tohex"))
	n := int32(8)
	if L.GetTop() >= 2 {
		n = checkBit(L, 2, "tohex")
	}
	digits := "0123456789abcdef"
	if n < 0 {
		n, digits = -n, "0123456789ABCDEF"
	}
	n = min(n, 254)
	if n < 8 {
		x &= 1<<(4*uint(n)) - 1
	}
	buf := make([]byte, max(n, 0))
	for i := len(buf) - 1; i >= 0; i-- {
		buf[i] = digits[x&15]
		x >>= 4
	}
	L.Push(lua.LString(buf))
	return 1
}

// tableNew is table.new(narray, nhash): an empty table sized for them.
func tableNew(L *lua.LState) int {
	narr := int(checkNumber(L, 1, "new"))
	nhash := int(checkNumber(L, 2, "new"))
	L.Push(L.CreateTable(max(min(narr, 1<<24), 0), max(min(nhash, 1<<24), 0)))
	return 1
}

// tableClear is table.clear(t): every key removed, the table kept.
func tableClear(L *lua.LState) int {
	t := L.CheckTable(1)
	var keys []lua.LValue
	t.ForEach(func(k, _ lua.LValue) { keys = append(keys, k) })
	for _, k := range keys {
		t.RawSet(k, lua.LNil)
	}
	return 0
}

// tableMove is Lua 5.3's table.move(a1, f, e, t [,a2]), which LuaJIT 2.1
// has.
func tableMove(L *lua.LState) int {
	a1 := L.CheckTable(1)
	f, e, t := L.CheckInt(2), L.CheckInt(3), L.CheckInt(4)
	a2 := a1
	if L.GetTop() >= 5 && L.Get(5) != lua.LNil {
		a2 = L.CheckTable(5)
	}
	if e >= f {
		if t > e || t <= f || a1 != a2 {
			for i := 0; i <= e-f; i++ {
				a2.RawSetInt(t+i, a1.RawGetInt(f+i))
			}
		} else {
			for i := e - f; i >= 0; i-- {
				a2.RawSetInt(t+i, a1.RawGetInt(f+i))
			}
		}
	}
	L.Push(a2)
	return 1
}
