-- Tables joined by foreign keys, made as Percona's sysbench-tpcc makes
-- them, written for dbgauge's tests: created in one order, their foreign
-- keys added afterwards (ALTER TABLE) so that dropping them in reverse
-- creation order fails, two of them referring to each other. On SQLite,
-- which has no ALTER TABLE ... ADD CONSTRAINT, --keys=create declares
-- the same keys in CREATE TABLE. --fail-at stops prepare halfway: after
-- the rows ("rows"), after the keys ("keys"), or there on a LuaJIT ffi call
-- dbgauge cannot honour ("ffi"). The script has no cleanup command:
-- dbgauge's cleanup drops what the stamp lists.

local ffi = require("ffi")

sysbench.cmdline.options = {
   rows = {"Rows per table", 20},
   keys = {"Where the foreign keys are declared: alter or create", "alter"},
   fail_at = {"Where prepare stops on purpose: nowhere, rows, keys or ffi", "nowhere"},
}

local inline = {
   fk_order = ", FOREIGN KEY (o_stock) REFERENCES fk_stock (s_id)",
   fk_stock = ", FOREIGN KEY (s_item) REFERENCES fk_item (i_id)",
   fk_item = ", FOREIGN KEY (i_stock) REFERENCES fk_stock (s_id)",
}

local function create(con, name, columns)
   local keys = sysbench.opt.keys == "create" and inline[name] or ""
   con:query(string.format("CREATE TABLE %s (%s%s)", name, columns, keys))
end

function cmd_prepare()
   local con = sysbench.sql.driver():connect()
   create(con, "fk_order", "o_id INTEGER NOT NULL PRIMARY KEY, o_stock INTEGER NOT NULL")
   create(con, "fk_stock", "s_id INTEGER NOT NULL PRIMARY KEY, s_item INTEGER NOT NULL")
   create(con, "fk_item", "i_id INTEGER NOT NULL PRIMARY KEY, i_stock INTEGER")
   for _, t in ipairs({{"fk_item", "(%d, NULL)"}, {"fk_stock", "(%d, %d)"}, {"fk_order", "(%d, %d)"}}) do
      con:bulk_insert_init("INSERT INTO " .. t[1] .. " VALUES")
      for i = 1, sysbench.opt.rows do
         con:bulk_insert_next(string.format(t[2], i, i))
      end
      con:bulk_insert_done()
   end
   con:query("UPDATE fk_item SET i_stock = i_id")
   if sysbench.opt.fail_at == "rows" then
      error("prepare stops after the rows on purpose")
   end
   if sysbench.opt.keys == "alter" then
      con:query("ALTER TABLE fk_order ADD CONSTRAINT fk_order_stock FOREIGN KEY (o_stock) REFERENCES fk_stock (s_id)")
      con:query("ALTER TABLE fk_stock ADD CONSTRAINT fk_stock_item FOREIGN KEY (s_item) REFERENCES fk_item (i_id)")
      con:query("ALTER TABLE fk_item ADD CONSTRAINT fk_item_stock FOREIGN KEY (i_stock) REFERENCES fk_stock (s_id)")
   end
   if sysbench.opt.fail_at == "keys" then
      error("prepare stops after the keys on purpose")
   end
   if sysbench.opt.fail_at == "ffi" then
      ffi.C.sb_rand_str("###", nil)
   end
end

sysbench.cmdline.commands = {prepare = {cmd_prepare}}

function thread_init()
   con = sysbench.sql.driver():connect()
end

function event()
   con:query_row(string.format("SELECT o_stock FROM fk_order WHERE o_id = %d",
      sysbench.rand.uniform(1, sysbench.opt.rows)))
end
