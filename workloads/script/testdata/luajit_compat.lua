-- LuaJIT 2.1 extensions that sysbench scripts use, with edge values: the
-- bit library (32-bit semantics) and string.format's coercions and flags.
-- `selftest` prints one line per case; dbgauge's output must equal
-- sysbench 1.0.20's (LuaJIT 2.1.0-beta3), kept in luajit_compat.out
-- (sysbench luajit_compat.lua selftest, its first two lines left out).

local function show(label, ok, ...)
   if ok then
      local parts = {}
      for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
      print(label .. " = " .. table.concat(parts, " "))
   else
      print(label .. " = error")
   end
end

local function try(label, f, ...) show(label, pcall(f, ...)) end

local edges = {0, 1, -1, 1.5, 2.5, -1.5, -2.5, 0.49, 2147483647, 2147483648, -2147483648, -2147483649,
   4294967295, 4294967296, 4294967297, 2^52, 2^52 + 1, 2^53, -2^53, 1e15, "12", " 0x10 ", "1e3"}

local function bits()
   for i, x in ipairs(edges) do
      local n = "edge " .. i
      try("tobit(" .. n .. ")", bit.tobit, x)
      try("bnot(" .. n .. ")", bit.bnot, x)
      try("bswap(" .. n .. ")", bit.bswap, x)
      try("tohex(" .. n .. ")", bit.tohex, x)
   end
   for _, n in ipairs({0, 1, 2, 4, 7, 8, 9, 16, -1, -4, -8, -9}) do
      try("tohex(0x1234abcd, " .. n .. ")", bit.tohex, 0x1234abcd, n)
      try("tohex(-1, " .. n .. ")", bit.tohex, -1, n)
   end
   for _, s in ipairs({0, 1, 4, 31, 32, 33, 63, 64, -1, -31, 1.5, "3"}) do
      for _, x in ipairs({1, -1, 0x80000000, 0x12345678, -256}) do
         local l = string.format("%d, %s", x, type(s) == "string" and "'" .. s .. "'" or s == 1.5 and "1.5" or string.format("%d", s))
         try("lshift(" .. l .. ")", bit.lshift, x, s)
         try("rshift(" .. l .. ")", bit.rshift, x, s)
         try("arshift(" .. l .. ")", bit.arshift, x, s)
         try("rol(" .. l .. ")", bit.rol, x, s)
         try("ror(" .. l .. ")", bit.ror, x, s)
      end
   end
   try("band(0xff00ff00, 0x0ff00ff0, 0xffff)", bit.band, 0xff00ff00, 0x0ff00ff0, 0xffff)
   try("bor(1, 2, 4, 8, 2^31)", bit.bor, 1, 2, 4, 8, 2^31)
   try("bxor(-1, 0x0f0f0f0f, 3)", bit.bxor, -1, 0x0f0f0f0f, 3)
   try("band(-1)", bit.band, -1)
   try("bor(4294967295, 0)", bit.bor, 4294967295, 0)
   try("bor('7', 8)", bit.bor, "7", 8)
   try("bor(1023, 2999)", bit.bor, 1023, 2999)
   try("band()", bit.band)
   try("bor('x', 1)", bit.bor, "x", 1)
   try("tobit(nil)", bit.tobit, nil)
   try("tobit({})", bit.tobit, {})
end

local function formats()
   local values = {0, 1, -1, 7, 1.5, -1.5, 2.5, 0.1, 255, 65, 2147483648, -2147483649, 2^53, -2^53, 2^63, -2^63, 2^64,
      1e20, -1e20, 123456.789, 1/0, -1/0, "12", "1.5", "-3", " 42 ", "0x1f", "1e3", "255", "3.14159", "7"}
   local specs = {"%d", "%i", "%u", "%x", "%X", "%o", "%f", "%e", "%E", "%g", "%G", "%a", "%c",
      "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d", "%8.3d", "%-+8.3d|", "%#x", "%#X", "%#o", "%08x",
      "%5.2f", "%-10.3f|", "%+.1f", "% .0f", "%#.0f", "%010.4f", "%.0f", "%.10f", "%20.12e", "%.3g", "%#.3g", "%10.4g",
      "%.2a", "%s", "%5s", "%-5s|", "%.2s", "%5.1s", "%q"}
   for _, spec in ipairs(specs) do
      for j, v in ipairs(values) do
         local shown = type(v) == "string" and ("'" .. v .. "'") or ("value " .. j)
         try("format(\"" .. spec .. "\", " .. shown .. ")", string.format, spec, v)
      end
   end
   try("format('%s %s %s', nil, true, false)", string.format, "%s %s %s", nil, true, false)
   try("format('%q', 'a\\nb\"c\\0d\\r\\1279')", string.format, "%q", "a\nb\"c\0d\r\1279")
   try("format('%5.2f%%|%d', 3.14159, 42)", string.format, "%5.2f%%|%d", 3.14159, 42)
   try("format('%s', 'no args')", string.format, "plain")
   try("format('%d')", string.format, "%d")
   try("format('%d', 'abc')", string.format, "%d", "abc")
   try("format('%d', {})", string.format, "%d", {})
   try("format('%y', 1)", string.format, "%y", 1)
   try("format('%123d', 1)", string.format, "%123d", 1)
   try("('%u-%5.1f'):format('8', '2.25')", function() return ("%u-%5.1f"):format("8", "2.25") end)
   try("format('%d', 0/0)", string.format, "%d", 0/0)
   try("format('%x', 0/0)", string.format, "%x", 0/0)
   try("format('%.3f', 0/0)", string.format, "%.3f", 0/0)
   try("format('%5.1f|%-6f|', 1/0, -1/0)", string.format, "%5.1f|%-6f|", 1/0, -1/0)
   try("format('%f', -(0/0))", string.format, "%f", -(0/0))
   try("format('%c%c%c', 72, '105', 33.7)", string.format, "%c%c%c", 72, "105", 33.7)
   try("format('%5c|%-3c|', 65, 66)", string.format, "%5c|%-3c|", 65, 66)
   try("format('%s|%10.3s|', 0.1, 1/3)", string.format, "%s|%10.3s|", 0.1, 1/3)
   local zero = 0 -- gopher-lua folds the literal -0.0 to 0; a computed -0 keeps its sign
   try("format('%s %s %s', 1e15, 1e16, -zero)", string.format, "%s %s %s", 1e15, 1e16, -zero)
   try("format('%.0f|%.1f|%.2f|%.0e|%.1e|%.13g', 2.5, 0.25, 0.125, 9.5, 9.95, 123456789012345)", string.format,
      "%.0f|%.1f|%.2f|%.0e|%.1e|%.13g", 2.5, 0.25, 0.125, 9.5, 9.95, 123456789012345)
   try("format('%s %s', 2^63, 123456789012345)", string.format, "%s %s", 2^63, 123456789012345)
   try("format('%-#12x|%#5o|%+5u|% u', 255, 0, 7, 7)", string.format, "%-#12x|%#5o|%+5u|% u", 255, 0, 7, 7)
   try("format('%.0d|%.0x|%#.0o|%5.0d|', 0, 0, 0, 0)", string.format, "%.0d|%.0x|%#.0o|%5.0d|", 0, 0, 0, 0)
   try("format('%.99f', 1)", function() return #string.format("%.99f", 1) end)
   try("format('%99.2f', 1)", function() return #string.format("%99.2f", 1) end)
   for _, s in ipairs({"inf", "-inf", "nan", "0x1p4", "0x1.8", "", "  ", "1e", "0x", ".5", "5.", "+7", "- 7", "1_000", "1e+2 ", "\t12\n", "0X1F", "1e400", "-0"}) do
      try("format('%f', '" .. s .. "')", string.format, "%f", (s:gsub("\\t", "\t"):gsub("\\n", "\n")))
      try("tobit('" .. s .. "')", bit.tobit, (s:gsub("\\t", "\t"):gsub("\\n", "\n")))
   end
end

function cmd_selftest()
   bits()
   formats()
end

sysbench.cmdline.commands = {selftest = {cmd_selftest}}

function event()
end
