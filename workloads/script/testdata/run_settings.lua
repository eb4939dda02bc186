-- The run's settings, as sysbench shows them to a script: the event
-- fails (and the run exits 4) unless they are what the command line said.
function event()
  assert(sysbench.opt.time == 3, "time " .. tostring(sysbench.opt.time))
  assert(sysbench.opt.events == 40, "events " .. tostring(sysbench.opt.events))
  assert(sysbench.opt.warmup_time == 0, "warmup " .. tostring(sysbench.opt.warmup_time))
  assert(sysbench.opt.threads == 2, "threads " .. tostring(sysbench.opt.threads))
end
