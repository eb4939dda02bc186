package workload

import "sync"

// OpTable is the operations of a workload that learns its statements as it
// runs (a sysbench Lua script: each distinct statement is measured on its
// own): a fixed number of slots, named on first use. Its Instance returns
// Slots() as Ops (the runner sizes its histograms by it) and implements
// OpLister with Current, which the runner reads at each interval and at
// the end; a slot never named is never recorded.
type OpTable struct {
	mu     sync.Mutex
	ops    []Op
	byName map[string]OpID
	cap    int
}

// OpLister is an Instance whose operations grow during the run.
type OpLister interface {
	// CurrentOps are the operations named so far, a prefix of Ops.
	CurrentOps() []Op
}

// NewOpTable makes a table of n slots.
func NewOpTable(n int) *OpTable {
	return &OpTable{byName: map[string]OpID{}, cap: n}
}

// Slots is the table's full length: Ops of the Instance.
func (t *OpTable) Slots() []Op { return make([]Op, t.cap) }

// Current is a copy of the operations named so far.
func (t *OpTable) Current() []Op {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Op(nil), t.ops...)
}

// ID is the operation named name, made on first use with class and verb;
// false when every slot is taken (the caller measures it under a catch-all
// it named first).
func (t *OpTable) ID(name string, class Class, verb Verb) (OpID, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if id, ok := t.byName[name]; ok {
		return id, true
	}
	if len(t.ops) == t.cap {
		return 0, false
	}
	id := OpID(len(t.ops))
	t.ops = append(t.ops, Op{Name: name, Class: class, Verb: verb})
	t.byName[name] = id
	return id, true
}
