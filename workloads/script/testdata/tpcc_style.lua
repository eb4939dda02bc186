-- A small order-entry script written for dbgauge's tests in the manner of
-- Percona's sysbench-tpcc: it declares C functions with ffi.cdef, pauses
-- with ffi.C.usleep, counts with ffi.C.sb_counter_inc (an error: a rollback
-- on purpose), reads the clock with
-- ffi.C.gettimeofday, formats with %u, and prepares in parallel.

local ffi = require("ffi")

ffi.cdef[[
int usleep(unsigned int);
void sb_counter_inc(int, sb_counter_type);
typedef long time_t;
struct timeval { time_t tv_sec; long tv_usec; };
int gettimeofday(struct timeval *tv, void *tz);
]]

sysbench.cmdline.options = {
   tables = {"Number of table sets", 1},
   warehouses = {"Number of warehouses", 1},
   districts = {"Districts per warehouse", 10},
   think_us = {"Pause inside each order, in microseconds", 500},
}

local function create_set(con, n)
   print(string.format("Creating table set %u", n))
   con:query(string.format([[
CREATE TABLE district%u (
  d_w_id INTEGER NOT NULL,
  d_id INTEGER NOT NULL,
  d_next_o_id INTEGER NOT NULL,
  d_name VARCHAR(20),
  PRIMARY KEY (d_w_id, d_id))]], n))
   con:query(string.format([[
CREATE TABLE orders%u (
  o_id INTEGER NOT NULL,
  o_w_id INTEGER NOT NULL,
  o_d_id INTEGER NOT NULL,
  o_entry_d VARCHAR(30),
  PRIMARY KEY (o_w_id, o_d_id, o_id))]], n))
   con:bulk_insert_init(string.format(
      "INSERT INTO district%u (d_w_id, d_id, d_next_o_id, d_name) VALUES", n))
   for w = 1, sysbench.opt.warehouses do
      for d = 1, sysbench.opt.districts do
         con:bulk_insert_next(string.format("(%u, %u, 1, '%s')", w, d,
                                            sysbench.rand.string("dist-@@@@@@")))
      end
   end
   con:bulk_insert_done()
end

function cmd_prepare()
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   for i = sysbench.tid % sysbench.opt.threads + 1, sysbench.opt.tables,
      sysbench.opt.threads do
      create_set(con, i)
   end
end

sysbench.cmdline.commands = {
   prepare = {cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND}
}

function cleanup()
   local con = sysbench.sql.driver():connect()
   for i = 1, sysbench.opt.tables do
      con:query(string.format("DROP TABLE IF EXISTS district%u", i))
      con:query(string.format("DROP TABLE IF EXISTS orders%u", i))
   end
end

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
end

function thread_done()
   con:disconnect()
end

function event()
   local t = sysbench.rand.uniform(1, sysbench.opt.tables)
   local w = sysbench.rand.uniform(1, sysbench.opt.warehouses)
   local d = sysbench.rand.uniform(1, sysbench.opt.districts)
   con:query("BEGIN")
   local next_o_id = con:query_row(string.format(
      "SELECT d_next_o_id FROM district%u WHERE d_w_id = %u AND d_id = %u", t, w, d))
   if sysbench.rand.uniform(1, 4) == 1 then
      -- An order that rolls back on purpose, counted as sysbench-tpcc
      -- counts its New-Orders with an unused item.
      ffi.C.sb_counter_inc(sysbench.tid, ffi.C.SB_CNT_ERROR)
      con:query("ROLLBACK")
      return
   end
   con:query(string.format(
      "UPDATE district%u SET d_next_o_id = %u WHERE d_w_id = %u AND d_id = %u",
      t, next_o_id + 1, w, d))
   local tv = ffi.new("struct timeval")
   ffi.C.gettimeofday(tv, nil)
   ffi.C.usleep(sysbench.opt.think_us)
   con:query(string.format(
      "INSERT INTO orders%u (o_id, o_w_id, o_d_id, o_entry_d) VALUES (%u, %u, %u, '%u.%06u')",
      t, next_o_id, w, d, tv.tv_sec, tv.tv_usec))
   con:query("COMMIT")
   ffi.C.sb_counter_inc(sysbench.tid, ffi.C.SB_CNT_TRX)
end
