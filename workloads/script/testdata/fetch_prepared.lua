-- A script written for dbgauge's tests that reads the values of prepared
-- SELECTs with rs:fetch_row(), as it reads those of con:query: the event
-- fails (and the run exits 4) unless they are the table's.

function cmd_prepare()
   local con = sysbench.sql.driver():connect()
   con:query("CREATE TABLE fetch_t (id INTEGER PRIMARY KEY, name VARCHAR(20), note VARCHAR(20))")
   for i = 1, 5 do
      con:query(string.format("INSERT INTO fetch_t (id, name, note) VALUES (%d, 'n%d', %s)",
                              i, i, i % 2 == 0 and "NULL" or "'odd'"))
   end
end

sysbench.cmdline.commands = {prepare = {cmd_prepare}}

function thread_init()
   con = sysbench.sql.driver():connect()
   range = con:prepare("SELECT id, name, note FROM fetch_t WHERE id BETWEEN ? AND ? ORDER BY id")
   lo = range:bind_create(sysbench.sql.type.INT)
   hi = range:bind_create(sysbench.sql.type.INT)
   range:bind_param(lo, hi)
   star = con:prepare("SELECT * FROM fetch_t WHERE id = ?")
   id = star:bind_create(sysbench.sql.type.INT)
   star:bind_param(id)
   count = con:prepare("SELECT COUNT(*), MAX(name) FROM fetch_t")
end

local function same(got, want, what)
   for i = 1, #want do
      assert(got[i] == want[i], string.format("%s: column %d is %s, want %s", what, i, tostring(got[i]), want[i]))
   end
end

function event()
   local first = sysbench.rand.uniform(1, 3)
   lo:set(first)
   hi:set(first + 2)
   local rs = range:execute()
   assert(rs.nrows == 3 and rs.nfields == 3, string.format("nrows %d, nfields %d", rs.nrows, rs.nfields))
   local text = con:query(string.format("SELECT id, name, note FROM fetch_t WHERE id BETWEEN %d AND %d ORDER BY id",
                                        first, first + 2))
   for i = first, first + 2 do
      local row, want = rs:fetch_row(), text:fetch_row()
      same(row, want, "row " .. i)
      same(row, {tostring(i), "n" .. i, i % 2 == 0 and "" or "odd"}, "row " .. i)
   end
   assert(rs:fetch_row() == nil, "a fourth row")
   rs:free()

   id:set(5)
   same(star:execute():fetch_row(), {"5", "n5", "odd"}, "SELECT *")
   local c = count:execute()
   assert(c.nrows == 1, "count: nrows " .. c.nrows)
   same(c:fetch_row(), {"5", "n5"}, "COUNT(*), MAX(name)")
end
