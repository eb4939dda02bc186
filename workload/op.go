package workload

import "time"

// Class is sysbench's classification of a query.
type Class uint8

// Query classes.
const (
	Read Class = iota
	Write
	Other
)

func (c Class) String() string {
	switch c {
	case Read:
		return "read"
	case Write:
		return "write"
	default:
		return "other"
	}
}

// Verb is what a statement does, as charbench counts DML: selects,
// inserts, updates, deletes, commits and rollbacks. NoVerb is a statement
// the workload does not sort (a BEGIN, a key-value command).
type Verb uint8

// Statement verbs.
const (
	NoVerb Verb = iota
	Select
	Insert
	Update
	Delete
	Commit
	Rollback
	numVerbs
)

// Verbs lists the verbs, NoVerb first; a Verb indexes it.
var Verbs = [numVerbs]string{"", "select", "insert", "update", "delete", "commit", "rollback"}

func (v Verb) String() string {
	if v < numVerbs {
		return Verbs[v]
	}
	return ""
}

// Op is one measured statement (a query, a command, a request): only
// statements count as queries. Verb, if set, counts it among the
// statements by verb the run reports over time.
type Op struct {
	Name  string
	Class Class
	Verb  Verb
}

// OpID indexes Instance.Ops().
type OpID int

// Mark is the runner's clock reading when a statement began.
type Mark int64

// Txn is a transaction type: new_order, payment, oltp_read_write's one
// event. Each type has its own histogram, counts, errors, retries and
// expected rollbacks.
type Txn struct {
	Name string
	// Keying is the wait before a transaction of this type (TPC-C's keying
	// time), Think the wait after it (think time). The runner waits, off
	// the connection and outside the response time, in closed-loop runs
	// only: under --rate the schedule decides when transactions start.
	Keying, Think Wait
	// Limit is the 90th-percentile response time the workload's spec allows
	// this type (TPC-C clause 5.2.5.3, TPC-W clause 5.1.3): the run reports
	// each type's p90 against it. 0: none.
	Limit time.Duration
}

// TxnID indexes Instance.Transactions().
type TxnID int
