-- A script with a syntax error on line 4.
function event()
   local x = 1
   if x then = 2 end
end
