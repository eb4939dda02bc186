package workload

import "errors"

// ErrNoMoreEvents is what Worker.Event returns, without doing anything, when
// the workload's own limit is reached (sysbench's SB_REQ_TYPE_NULL event,
// as the memory test's memory-total-size gives each thread): the runner
// counts nothing and stops that worker.
var ErrNoMoreEvents = errors.New("no more events")
