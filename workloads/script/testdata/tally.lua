-- Tallies, in the manner of sysbench's own example script, written for
-- dbgauge's tests. Every callback and command prints the driver name it
-- gets and fails unless it is --expect-driver; init() and done() print
-- what they do, as the example's "Initializing counter(s)..." and
-- "Counter values:"; each event adds a value from -100 to 100 to a tally
-- (one statement, whatever the sign); the total command reads the tallies
-- with query_row and adds them up from their text.

sysbench.cmdline.options = {
   tallies = {"Number of tally tables", 2},
   expect_driver = {"The drv:name() every callback and command must see", "pgsql"},
}

local function driver(where)
   local name = sysbench.sql.driver():name()
   if name ~= sysbench.opt.expect_driver then
      error(string.format("%s got driver %s, want %s", where, name, sysbench.opt.expect_driver))
   end
   return name
end

local function prepare()
   print("prepare: driver " .. driver("prepare"))
   local c = sysbench.sql.driver():connect()
   for i = sysbench.tid % sysbench.opt.threads + 1, sysbench.opt.tallies, sysbench.opt.threads do
      c:query(string.format("CREATE TABLE tally%d (value INTEGER)", i))
   end
end

local function cleanup()
   print("cleanup: driver " .. driver("cleanup"))
   local c = sysbench.sql.driver():connect()
   for i = 1, sysbench.opt.tallies do
      c:query(string.format("DROP TABLE IF EXISTS tally%d", i))
   end
end

local function total()
   print("total: driver " .. driver("total"))
   local c = sysbench.sql.driver():connect()
   local sum = 0
   for i = 1, sysbench.opt.tallies do
      sum = sum + c:query_row(string.format("SELECT value FROM tally%d", i))
   end
   print(string.format("Sum of all tallies: %d", sum))
end

sysbench.cmdline.commands = {
   prepare = {prepare, sysbench.cmdline.PARALLEL_COMMAND},
   cleanup = {cleanup},
   total = {total},
}

function init()
   print("Initializing tallies... (driver " .. driver("init") .. ")")
   local c = sysbench.sql.driver():connect()
   for i = 1, sysbench.opt.tallies do
      c:query(string.format("DELETE FROM tally%d", i))
      c:query(string.format("INSERT INTO tally%d VALUES (0)", i))
   end
end

function thread_init()
   print(string.format("thread_init %d: driver %s", sysbench.tid, driver("thread_init")))
   con = sysbench.sql.driver():connect()
   events = 0
end

function event()
   if events == 0 then
      print(string.format("first event of thread %d: driver %s", sysbench.tid, driver("event")))
   end
   events = events + 1
   con:query(string.format("UPDATE tally%d SET value = value + %d",
      sysbench.rand.uniform(1, sysbench.opt.tallies), sysbench.rand.uniform(0, 200) - 100))
end

function thread_done()
   print(string.format("thread_done %d: driver %s after %d events", sysbench.tid, driver("thread_done"), events))
end

function done()
   print("Tally values: (driver " .. driver("done") .. ")")
   local c = sysbench.sql.driver():connect()
   for i = 1, sysbench.opt.tallies do
      print(string.format("%5d: %d", i, c:query_row(string.format("SELECT value FROM tally%d", i))))
   end
end
