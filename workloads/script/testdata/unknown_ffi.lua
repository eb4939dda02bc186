-- A script that calls a C function dbgauge's ffi does not have.
function event()
   ffi.C.sb_unknown_call(1)
end
