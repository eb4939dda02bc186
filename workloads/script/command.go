package script

import (
	"context"
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// A script's own commands are the entries of sysbench.cmdline.commands
// other than prepare and cleanup, which have verbs of their own that stamp
// the data: oltp_common's prewarm, or a script's. `dbgauge command SCRIPT
// NAME` runs one as `sysbench SCRIPT NAME` does: once, or on --threads Lua
// states (sysbench.tid 0..threads-1) for a PARALLEL_COMMAND. Its
// statements are neither timed nor held to the stamp's tables.

var _ workload.Commander = (*instance)(nil)

// ownCommands lists, in the probe state, the script's own commands: the
// names sysbench's command_defined accepts (a table entry whose first
// element is set), less prepare and cleanup; parallel are those marked
// sysbench.cmdline.PARALLEL_COMMAND.
func ownCommands(L *lua.LState) (names []string, parallel map[string]bool) {
	parallel = map[string]bool{}
	cmds, ok := L.GetField(L.GetField(L.GetGlobal("sysbench"), "cmdline"), "commands").(*lua.LTable)
	if !ok {
		return nil, parallel
	}
	cmds.ForEach(func(k, v lua.LValue) {
		name, ok := k.(lua.LString)
		def, isTable := v.(*lua.LTable)
		if !ok || !isTable || def.RawGetInt(1) == lua.LNil || name == "prepare" || name == "cleanup" {
			return
		}
		names = append(names, string(name))
		parallel[string(name)] = def.RawGetInt(2) == lua.LTrue
	})
	slices.Sort(names)
	return names, parallel
}

// Commands implements workload.Commander.
func (in *instance) Commands() []string { return slices.Clone(in.sc.commands) }

// Command implements workload.Commander: the command in a Lua state of its
// own per thread, each on its own connection.
func (in *instance) Command(ctx context.Context, name string, env workload.CommandEnv) error {
	run := func(ctx context.Context, conn db.Conn, tid int) error {
		_, err := in.ds.command(ctx, conn, env.Driver, name, tid, nil, env.Seed)
		return err
	}
	threads := 1
	if in.sc.parallel[name] {
		threads = max(in.p.Users, 1)
	}
	return runThreads(ctx, threads, env.Parallel, env.SingleWriter, env.Conn, env.Open, in.sc.name, run)
}
