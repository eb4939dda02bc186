package script

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// runChunk runs code as a script's main chunk and returns what it printed.
func runChunk(t *testing.T, code string) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "chunk.lua")
	if err := os.WriteFile(path, []byte(code+"\nfunction event() end\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := workload.ParseValues(w.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	inst, err := w.Configure(v, workload.Params{Users: 1, Print: func(s string) { lines = append(lines, s) }})
	if err != nil {
		t.Fatal(err)
	}
	th := &thread{sc: w.(*Script), in: inst.(*instance), command: "run", rand: randgen.New(1)}
	if err := th.open(nil); err != nil {
		t.Fatal(err)
	}
	th.L.Close()
	return lines
}

// TestLuaJITErrors: what LuaJIT raises, dbgauge raises, with the script's
// FILE:LINE; what dbgauge's Lua lacks is named, never a nil call or a
// silent zero.
func TestLuaJITErrors(t *testing.T) {
	cases := map[string]string{
		`bit.tobit("x")`:                       "chunk.lua:1: bad argument #1 to 'tobit' (number expected, got string)",
		`bit.lshift(1)`:                        "bad argument #2 to 'lshift' (number expected, got no value)",
		`bit.band()`:                           "bad argument #1 to 'band' (number expected, got no value)",
		`string.format("%d", "abc")`:           "bad argument #2 to 'format' (number expected, got string)",
		`string.format("%d %s", 1)`:            "bad argument #3 to 'format' (value expected)",
		`string.format("%y", 1)`:               "invalid option '%y' to 'format'",
		`string.format("%123d", 1)`:            "invalid option '%123' to 'format'",
		`table.new(1, 2)`:                      "attempt to call a non-function object",
		`ffi.C.sb_event_start(0)`:              "chunk.lua:1: ffi.C.sb_event_start is not available in dbgauge's Lua (its ffi.C has usleep",
		`ffi.typeof("int")`:                    "ffi.typeof is not available in dbgauge's Lua (",
		`ffi.cast("int", 1)`:                   "ffi.cast is not available in dbgauge's Lua (",
		`ffi.new("int[3]")`:                    `ffi.new("int[3]") is not available in dbgauge's Lua (it makes struct timeval and struct timespec`,
		`ffi.sizeof("struct foo")`:             `ffi.sizeof("struct foo") is not available in dbgauge's Lua (`,
		`ffi.C.clock_gettime(2, {})`:           "ffi.C.clock_gettime of clock 2 is not available in dbgauge's Lua (",
		`ffi.C.sb_rand_str("@@", nil)`:         "ffi.C.sb_rand_str is not available in dbgauge's Lua (",
		`debug.sethook(print, "l")`:            "debug.sethook is not available in dbgauge's Lua (",
		`jit.off(1)`:                           "bad argument #1 to 'jit' (function expected, got number)",
		`require("table.clear"); table.new()`:  "attempt to call a non-function object",
		`require("table.new"); table.new("x")`: "bad argument #1 to 'new' (number expected, got string)",
	}
	for code, want := range cases {
		lines := runChunk(t, `print(select(2, pcall(function() `+code+` end)))`)
		if len(lines) != 1 || !strings.Contains(lines[0], want) {
			t.Errorf("%s: %q, want %q", code, lines, want)
		}
	}
}

// TestLuaJITLibraries: the rest of what LuaJIT 2.1 has and scripts use,
// beyond what luajit_compat.lua compares with sysbench.
func TestLuaJITLibraries(t *testing.T) {
	lines := runChunk(t, `
local ok = {}
local function check(name, cond) if not cond then print("FAILED " .. name) end end
check("jit", jit.status() == false and jit.on() == nil and jit.off() == nil and jit.flush() == nil and jit.status() == false)
check("jit.version", jit.version:find("^LuaJIT 2%.1") and jit.version_num == 20100 and jit.os == "Linux" and jit.arch ~= nil)
check("jit.opt", jit.opt.start("hotloop=10") == nil and require("jit") == jit and require("jit.opt") == jit.opt)
check("require bit", require("bit") == bit)
check("no table.new before require", table.new == nil and table.clear == nil)
local new = require("table.new")
check("table.new", new == table.new and type(table.new(100, 10)) == "table" and next(table.new(4, 4)) == nil)
local clear = require("table.clear")
local t = {1, 2, x = 3}
clear(t)
check("table.clear", clear == table.clear and next(t) == nil)
check("table.move", table.concat(table.move({1, 2, 3}, 1, 3, 2), ",") == "1,1,2,3")
check("table.foreachi", table.foreachi({5, 6}, function(i, v) if v == 6 then return i end end) == 2)
check("math.log base", math.log(8, 2) == 3 and math.log(100, 10) == 2 and math.abs(math.log(math.exp(1)) - 1) < 1e-15)
check("string.rep sep", string.rep("ab", 3, ",") == "ab,ab,ab" and string.rep("x", 2) == "xx" and string.rep("x", 0, ",") == "")
check("tostring", tostring(0.1 + 0.2) == "0.3" and tostring(1e15) == "1e+15" and tostring(2^53) == "9.007199254741e+15" and tostring(12) == "12")
check("package.searchpath", package.searchpath("nosuchmodule", "./?.lua") == nil)
check("coroutine.isyieldable", coroutine.isyieldable() == false and coroutine.wrap(function() return coroutine.isyieldable() end)() == true)
local tv = ffi.new("struct timeval[1]")
check("gettimeofday", ffi.C.gettimeofday(tv, nil) == 0 and tv[0].tv_sec > 1.7e9 and tv[0].tv_usec < 1e6)
local ts = ffi.new("struct timespec")
check("clock_gettime", ffi.C.clock_gettime(1, ts) == 0 and ts.tv_sec >= 0 and ts.tv_nsec < 1e9)
check("ffi", ffi.sizeof("int") == 4 and ffi.sizeof("uint64_t") == 8 and ffi.string("abcdef", 3) == "abc" and ffi.abi("64bit") and ffi.os == jit.os)
check("ffi.C constants", ffi.C.SB_CNT_READ == 1 and ffi.C.SB_CNT_ERROR == 4 and ffi.C.SB_ARG_TYPE_STRING == 5)
local r = ffi.C.sb_rand_uniform(5, 7)
check("sb_rand_uniform", r >= 5 and r <= 7 and r == math.floor(r))
check("ffi.gc", ffi.gc(tv, function() end) == tv)
print(0.1 + 0.2, 1/3, 100)
`)
	want := []string{"0.3\t0.33333333333333\t100"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("printed %q, want %q", lines, want)
	}
}
