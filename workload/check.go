package workload

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db"
)

// Checker is an Instance that can check the consistency of its data: the
// conditions a correct implementation keeps true however long the load
// runs (TPC-C's clause 3.3.2: W_YTD = sum(D_YTD), ...). `dbgauge check W`
// runs them on prepared data, and `prepare` runs them, with All, right
// after loading. It is an optional ability, found by type assertion on the
// Instance; a workload without it has nothing to check.
//
// Check reads the data on conn, a control connection outside any run, and
// returns every condition in order, each passed, failed (with its
// failures) or skipped (with why). The error is for what kept the check
// from running (a query the database refused), never for a condition that
// does not hold. Check must not change the data.
type Checker interface {
	Check(ctx context.Context, conn db.Conn, opt CheckOptions) ([]Condition, error)
}

// CheckOptions say which conditions to check.
type CheckOptions struct {
	// All also checks the conditions that hold only right after a load
	// (TPC-C's 3.3.2.11: a run's New-Orders and Deliveries change the
	// count it compares); without it they are skipped.
	All bool
}

// Condition is one consistency condition and what checking it found.
type Condition struct {
	// Clause is where the condition is defined ("3.3.2.1"), Name its
	// formula as the spec writes it ("W_YTD = sum(D_YTD)"), Description a
	// sentence for a reader without the spec.
	Clause, Name, Description string
	// Passed is true when the condition holds; Skipped, when set, says why
	// it was not checked (Passed is then false and Failures empty).
	Passed  bool
	Skipped string
	// Failures name what breaks the condition, one line each, with the
	// warehouse, district or row and the values compared ("warehouse 3:
	// w_ytd 300123.45, sum(d_ytd) 300100.00"), at most MaxFailures of them
	// and then a line "and N more".
	Failures []string
}

// Failed is true when the condition was checked and does not hold.
func (c *Condition) Failed() bool { return !c.Passed && c.Skipped == "" }

// MaxFailures is how many failure lines a condition keeps: enough to see
// the pattern (one warehouse, every district, ...), few enough to read.
const MaxFailures = 10

// CapFailures keeps the first MaxFailures lines of failures and, when
// there were more, a last line saying how many were left out.
func CapFailures(failures []string) []string {
	if len(failures) <= MaxFailures {
		return failures
	}
	out := append([]string(nil), failures[:MaxFailures]...)
	return append(out, fmt.Sprintf("and %d more", len(failures)-MaxFailures))
}

// Conclude sets c's outcome from its failures: passed when there are
// none, failed with at most MaxFailures lines otherwise.
func (c *Condition) Conclude(failures []string) {
	c.Failures = CapFailures(failures)
	c.Passed = len(failures) == 0
}

// CountFailed is how many of conds were checked and do not hold.
func CountFailed(conds []Condition) int {
	n := 0
	for i := range conds {
		if conds[i].Failed() {
			n++
		}
	}
	return n
}
