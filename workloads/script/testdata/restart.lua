-- An event that fails on a duplicate key after its first run: sysbench
-- raises an ignorable error as the RESTART_EVENT error table, which the
-- script can catch, and calls before_restart_event before the event runs
-- again.
function thread_init()
   con = sysbench.sql.driver():connect()
   con:query("CREATE TABLE IF NOT EXISTS restart_t (id INTEGER PRIMARY KEY)")
end

function sysbench.hooks.before_restart_event(err)
   assert(err.errcode == sysbench.error.RESTART_EVENT)
   restarts = (restarts or 0) + 1
end

function event()
   local ok, err = pcall(con.query, con, "INSERT INTO restart_t VALUES (1)")
   if not ok then
      assert(type(err) == "table" and err.errcode == sysbench.error.RESTART_EVENT,
             "not a restart: " .. tostring(err))
      caught = (caught or 0) + 1
   end
   con:query("INSERT INTO restart_t VALUES (1)")
end
