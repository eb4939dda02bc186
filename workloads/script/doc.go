// Package script runs sysbench 1.0 Lua scripts unmodified: `dbgauge run
// path/to/script.lua`. It implements the `sysbench` module in Go over
// github.com/yuin/gopher-lua (one Lua state per user): sysbench.opt from the
// script's sysbench.cmdline.options (they become the workload's options),
// sysbench.rand.* with randgen's generators of sysbench's distributions,
// sysbench.sql.driver() over dbgauge's SQL connections, the hooks, the
// thread_init/event/thread_done callbacks, init() and done() in a main
// state of their own (main.go), the prepare and cleanup commands and the
// script's own ones (command.go: `dbgauge command`), LuaJIT 2.1's
// extensions that sysbench scripts use (luajit.go: bit, jit, table.new;
// format.go: string.format; ffi.go: the ffi calls real scripts make, and a
// named error for the others). A script's print is a line of the
// workload's output (workload.Params.Print), and every command sees the
// run's driver name.
//
// Each distinct statement a script runs (literal values normalised to ?) is
// one operation of a workload.OpTable, timed through the runner's Tx; an
// event is one transaction, named after the script. Data a script's prepare
// creates is stamped with the script and the options its prepare read, so
// that run refuses data prepared otherwise and cleanup drops only what
// prepare made.
//
// A prepared SELECT's rows are decoded only for a script that reads
// values (fetch.go); sysbench's own scripts do not, and theirs cost what
// the built-in workloads' statements do.
//
// script imports workload, db, db/sqldb, dataset/sqlstore, load and randgen.
// sysbench's own Lua files (GPL-2.0) are neither copied nor needed.
package script
