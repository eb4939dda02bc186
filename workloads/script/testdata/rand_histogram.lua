-- Histograms of sysbench.rand's distributions, for the test that compares
-- dbgauge with sysbench 1.0.20 (cmd/dbgauge/randdist_test.go). No database:
-- one event draws --draws values with each sysbench.rand function of --fns
-- over each range of --ranges, and writes "fn a b value count" lines, one
-- per value drawn, to --histfile (a file rather than print, so that the
-- histograms do not depend on how a run shows a script's prints). Run it
-- with --events=1 and one thread.

sysbench.cmdline.options = {
   histfile = {"File the histograms are written to", ""},
   fns = {"sysbench.rand functions to draw with, comma separated", "default"},
   draws = {"Draws per function and range", 100000},
   ranges = {"Ranges a:b, comma separated", "1:4,1:10,1000:1099,1:10000,1:1000000"},
}

function event()
   local f = assert(io.open(sysbench.opt.histfile, "w"))
   for fn in string.gmatch(sysbench.opt.fns, "[^,]+") do
      local draw = sysbench.rand[fn]
      for a, b in string.gmatch(sysbench.opt.ranges, "(%d+):(%d+)") do
         a, b = tonumber(a), tonumber(b)
         local counts, values = {}, {}
         for _ = 1, sysbench.opt.draws do
            local v = tonumber(draw(a, b))
            if counts[v] == nil then
               counts[v] = 0
               values[#values + 1] = v
            end
            counts[v] = counts[v] + 1
         end
         table.sort(values)
         for _, v in ipairs(values) do
            f:write(string.format("%s %d %d %d %d\n", fn, a, b, v, counts[v]))
         end
      end
   end
   f:close()
end
