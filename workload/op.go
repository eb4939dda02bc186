package workload

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

// Op is one measured operation: a statement, a command, a request.
type Op struct {
	Name  string
	Class Class
}

// OpID indexes Instance.Ops().
type OpID int

// Mark is the runner's clock reading when an operation began.
type Mark int64

// Meter is how a worker's operations are measured. The runner implements it;
// a workload calls Begin before an operation and End after it, and never reads
// a clock itself.
type Meter interface {
	Begin() Mark
	End(op OpID, m Mark, err error)
}
