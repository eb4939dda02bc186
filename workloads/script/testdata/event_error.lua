-- A script whose event always fails.
function event()
   error("always fails")
end
