-- A script written for dbgauge's tests of the main state and of a
-- script's own commands: init() and done() log themselves into the data,
-- once each per run; done() sees the global init() set, the users do not;
-- mark, refuse and broken are commands of its own.

sysbench.cmdline.options = {
   fail_done = {"Make done() fail", false},
   tag = {"A value init() and done() record", "t1"},
}

local function log(what, n)
   local con = sysbench.sql.driver():connect()
   con:query(string.format("INSERT INTO lifecycle_log (what, n, tag) VALUES ('%s', %d, '%s')",
                           what, n, sysbench.opt.tag))
end

function cmd_prepare()
   local con = sysbench.sql.driver():connect()
   con:query("CREATE TABLE lifecycle_log (what VARCHAR(20), n INTEGER, tag VARCHAR(20))")
end

-- mark runs on every thread: one row per sysbench.tid.
function cmd_mark()
   log("mark", sysbench.tid)
   print("marked " .. sysbench.tid)
end

function cmd_refuse()
   return false
end

function cmd_broken()
   error("broken on purpose")
end

sysbench.cmdline.commands = {
   prepare = {cmd_prepare},
   mark = {cmd_mark, sysbench.cmdline.PARALLEL_COMMAND},
   refuse = {cmd_refuse},
   broken = {cmd_broken},
}

function init()
   started = sysbench.opt.tag -- a global of the main state only
   log("init", 0)
end

function event()
   assert(started == nil, "init() ran in a user's state")
end

function done()
   assert(started == sysbench.opt.tag, "done() does not run in init()'s state")
   if sysbench.opt.fail_done then
      error("done failed on purpose")
   end
   log("done", sysbench.opt.threads)
end
