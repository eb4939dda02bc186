-- A script without an event function.
function thread_init()
end
