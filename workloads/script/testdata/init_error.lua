-- init() fails: the run does not start (exit 2), naming the file and line.
function init()
   error("init fails on purpose")
end

function event()
end
