package declarative

import (
	"errors"

	"github.com/dbgauge/dbgauge/yamlfile"
)

// Errors are every problem found in a workload file, in line order: each
// prints as FILE:LINE: message, one a line (yamlfile.Errors, as an
// experiment file's).
type Errors struct{ yamlfile.Errors }

// newErrors collects the problems of the file at path.
func newErrors(path string) *Errors { return &Errors{yamlfile.Errors{File: path}} }

// add records a problem at line, unless one of its arguments is an option
// reference that did not resolve: that is reported where the ${} is.
func (e *Errors) add(line int, format string, args ...any) {
	for _, a := range args {
		if err, ok := a.(error); ok && errors.Is(err, errUnresolved) {
			return
		}
	}
	e.Add(line, format, args...)
}

// err returns e sorted by line if it holds any problem, else nil.
func (e *Errors) err() error {
	if e.Errors.Err() == nil {
		return nil
	}
	return e
}
