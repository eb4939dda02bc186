package script

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// sysbenchVersion is the sysbench whose Lua API the module implements.
const sysbenchVersion = "1.0.20"

// restartEvent is sysbench.error.RESTART_EVENT.
const restartEvent = 1

// thread is one Lua state: a user of a run, a thread of a command, or the
// probe that reads a script. It is sysbench's per-thread Lua context.
type thread struct {
	sc      *Script
	in      *instance // nil in the probe
	command string
	tid     int
	rand    *randgen.Rand
	L       *lua.LState
	// driver is the dbgauge driver's name (drv:name() where no session is
	// at hand).
	driver string

	// reads, when set, records the options the script reads (a prepare
	// command: the stamp's shape); written are those it assigned first.
	reads, written map[string]bool

	db dbState
	// dists caches sysbench.rand's distributions by kind and range.
	dists   map[distKey]*randgen.Dist
	last    *randgen.Dist
	lastKey distKey
	// fmtBuf is string.format's buffer, reused call after call.
	fmtBuf []byte
}

// open makes the Lua state with the sysbench module and runs the script's
// main chunk. opt fills sysbench.opt (nil: empty, the probe).
func (t *thread) open(opt func(L *lua.LState) lua.LValue) error {
	L := lua.NewState(lua.Options{})
	t.L = L
	L.GetGlobal("string").(*lua.LTable).RawSetString("format", L.NewFunction(t.luaFormat))
	t.openLuaJIT()
	L.SetGlobal("print", L.NewFunction(t.print))
	// tostring as LuaJIT's: numbers as "%.14g" (gopher-lua writes Go's
	// shortest form, 0.30000000000000004 for 0.1+0.2 where LuaJIT has 0.3).
	L.SetGlobal("tostring", L.NewFunction(func(L *lua.LState) int {
		L.CheckAny(1)
		L.Push(lua.LString(t.objString(L, L.Get(1))))
		return 1
	}))
	L.SetGlobal("ffi", t.ffiModule())
	L.PreloadModule("ffi", func(L *lua.LState) int { L.Push(L.GetGlobal("ffi")); return 1 })

	sb := L.NewTable()
	sb.RawSetString("tid", lua.LNumber(t.tid))
	sb.RawSetString("version", lua.LString(sysbenchVersion))
	sb.RawSetString("version_string", lua.LString("sysbench "+sysbenchVersion+" (dbgauge)"))
	cmdline := L.NewTable()
	cmdline.RawSetString("argv", L.NewTable())
	cmdline.RawSetString("command", lua.LString(t.command))
	cmdline.RawSetString("script_path", lua.LString(t.sc.path))
	cmdline.RawSetString("PARALLEL_COMMAND", lua.LTrue)
	for i, n := range []string{"ARG_NULL", "ARG_BOOL", "ARG_INT", "ARG_SIZE", "ARG_DOUBLE", "ARG_STRING", "ARG_LIST", "ARG_FILE", "ARG_MAX"} {
		cmdline.RawSetString(n, lua.LNumber(i))
	}
	sb.RawSetString("cmdline", cmdline)
	sb.RawSetString("hooks", L.NewTable())
	errs := L.NewTable()
	errs.RawSetString("NONE", lua.LNumber(0))
	errs.RawSetString("RESTART_EVENT", lua.LNumber(restartEvent))
	sb.RawSetString("error", errs)
	if opt != nil {
		sb.RawSetString("opt", opt(L))
	} else {
		sb.RawSetString("opt", L.NewTable())
	}
	sb.RawSetString("rand", t.randModule())
	sb.RawSetString("sql", t.sqlModule())
	L.SetGlobal("sysbench", sb)
	t.compat(sb)

	// require("oltp_common") finds the file next to the script, compiled
	// once for every state.
	pkg := L.GetGlobal("package").(*lua.LTable)
	dir := filepath.Dir(t.sc.path)
	pkg.RawSetString("path", lua.LString(filepath.Join(dir, "?.lua")+";"+lua.LVAsString(pkg.RawGetString("path"))))
	if loaders, ok := pkg.RawGetString("loaders").(*lua.LTable); ok {
		loaders.Insert(2, L.NewFunction(t.loader))
	}
	proto, err := t.sc.protos.compile(t.sc.path)
	if err != nil {
		L.Close()
		return err
	}
	L.Push(L.NewFunctionFromProto(proto))
	if err := L.PCall(0, 0, nil); err != nil {
		L.Close()
		return fmt.Errorf("%s", luaMessage(err))
	}
	return nil
}

// loader is a package.loaders searcher over the script's directory that
// compiles each module once per script.
func (t *thread) loader(L *lua.LState) int {
	name := L.CheckString(1)
	path := filepath.Join(filepath.Dir(t.sc.path), strings.ReplaceAll(name, ".", string(filepath.Separator))+".lua")
	proto, err := t.sc.protos.compile(path)
	if err != nil {
		if strings.Contains(err.Error(), "no such file") {
			L.Push(lua.LString("\n\tno file '" + path + "'"))
			return 1
		}
		L.RaiseError("%s", err.Error())
	}
	L.Push(L.NewFunctionFromProto(proto))
	return 1
}

// compat is sysbench 1.0's compatibility globals (sysbench.compat.lua's
// names): thread_id, sb_rand and friends.
func (t *thread) compat(sb *lua.LTable) {
	L := t.L
	rnd := sb.RawGetString("rand").(*lua.LTable)
	L.SetGlobal("thread_id", lua.LNumber(t.tid))
	L.SetGlobal("test", lua.LString(t.sc.path))
	for global, fn := range map[string]string{"sb_rand": "default", "sb_rand_str": "string", "sb_rand_uniform": "uniform",
		"sb_rand_gaussian": "gaussian", "sb_rand_special": "special"} {
		L.SetGlobal(global, rnd.RawGetString(fn))
	}
	L.SetGlobal("sb_rnd", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LNumber(t.rand.Uint64() % (1 << 32)))
		return 1
	}))
	L.SetGlobal("sb_rand_uniq", L.NewFunction(func(L *lua.LState) int {
		a, b := int64(L.OptNumber(1, 0)), int64(L.OptNumber(2, 4294967295))
		for range 1 << 20 {
			if v := int64(t.unique()); v >= a && v <= b {
				L.Push(lua.LNumber(v))
				return 1
			}
		}
		L.RaiseError("sb_rand_uniq(%d, %d): no unique value in range", a, b)
		return 0
	}))
}

// print is Lua's print: the values, tab-separated, as one line of the
// workload's output (workload.Params.Print: stdout, as under sysbench),
// from every callback and command; the probe that reads a script prints
// nothing.
func (t *thread) print(L *lua.LState) int {
	if t.in == nil || t.in.p.Print == nil {
		return 0
	}
	var b strings.Builder
	for i := 1; i <= L.GetTop(); i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(t.objString(L, L.Get(i)))
	}
	t.in.p.Print(b.String())
	return 0
}

// optTable makes sysbench.opt from the option values: the script's own, the
// --rand-* ones and the built-ins scripts read (threads, rand_seed...).
// With track, reads are recorded (a prepare's shape) through a proxy.
func (t *thread) optTable(v workload.Values, p workload.Params, driver string) func(L *lua.LState) lua.LValue {
	return func(L *lua.LState) lua.LValue {
		opt := L.NewTable()
		for _, o := range t.sc.opts {
			name := t.sc.luaName[o.Name]
			var lv lua.LValue
			switch {
			case t.sc.list[o.Name]:
				tbl := L.NewTable()
				if s := v.String(o.Name); s != "" {
					for _, item := range strings.Split(s, ",") {
						tbl.Append(lua.LString(item))
					}
				}
				lv = tbl
			case o.Kind == workload.Int:
				lv = lua.LNumber(v.Int(o.Name))
			case o.Kind == workload.Bool:
				lv = lua.LBool(v.Bool(o.Name))
			case o.Kind == workload.Float:
				lv = lua.LNumber(v.Float(o.Name))
			default:
				lv = lua.LString(v.String(o.Name))
			}
			opt.RawSetString(name, lv)
		}
		builtin := map[string]lua.LValue{
			"threads": lua.LNumber(max(p.Users, 1)), "rand_seed": lua.LNumber(p.Seed), "time": lua.LNumber(p.TimeS),
			"events": lua.LNumber(p.Events), "rate": lua.LNumber(p.Rate), "percentile": lua.LNumber(p.Percentile),
			"report_interval": lua.LNumber(p.ReportIntervalS), "histogram": lua.LFalse, "warmup_time": lua.LNumber(p.WarmupS),
			"db_driver": lua.LString(driver), "db_ps_mode": lua.LString("auto"),
		}
		for k, lv := range builtin {
			if opt.RawGetString(k) == lua.LNil {
				opt.RawSetString(k, lv)
			}
		}
		if t.reads == nil {
			return opt
		}
		proxy, mt := L.NewTable(), L.NewTable()
		mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
			k := L.CheckString(2)
			if !t.written[k] {
				t.reads[k] = true
			}
			L.Push(opt.RawGetString(k))
			return 1
		}))
		mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
			k := L.CheckString(2)
			t.written[k] = true
			opt.RawSetString(k, L.Get(3))
			return 0
		}))
		L.SetMetatable(proxy, mt)
		return proxy
	}
}

// command returns the function of a script command (sysbench.cmdline.
// commands[name], else the global function name) and whether it may run
// on several threads.
func (t *thread) cmdFunc(name string) (*lua.LFunction, bool) {
	L := t.L
	if cmds, ok := L.GetField(L.GetField(L.GetGlobal("sysbench"), "cmdline"), "commands").(*lua.LTable); ok {
		if c, ok := cmds.RawGetString(name).(*lua.LTable); ok {
			if fn, ok := c.RawGetInt(1).(*lua.LFunction); ok {
				return fn, lua.LVAsBool(c.RawGetInt(2))
			}
		}
	}
	fn, _ := L.GetGlobal(name).(*lua.LFunction)
	return fn, false
}

// call calls fn with args and returns its first result; a Lua error is
// returned as an error with the script's file and line.
func (t *thread) call(fn *lua.LFunction, args ...lua.LValue) (lua.LValue, error) {
	L := t.L
	if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, args...); err != nil {
		return lua.LNil, err
	}
	ret := L.Get(-1)
	L.Pop(1)
	return ret, nil
}

// luaMessage is a Lua error's message without gopher-lua's stack trace.
func luaMessage(err error) string {
	var ae *lua.ApiError
	if errors.As(err, &ae) {
		if tbl, ok := ae.Object.(*lua.LTable); ok {
			if msg := tbl.RawGetString("sql_errmsg"); msg != lua.LNil {
				return lua.LVAsString(msg)
			}
			return "a Lua error with a table value"
		}
		return ae.Object.String()
	}
	return err.Error()
}
