package spec

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Error is one problem in a workload file, at a line.
type Error struct {
	Line int
	Msg  string
}

// Errors are every problem found in a file, in line order: each prints as
// FILE:LINE: message, one a line.
type Errors struct {
	File string
	List []Error
}

func (e *Errors) Error() string {
	var b strings.Builder
	for i, x := range e.List {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s:%d: %s", e.File, x.Line, x.Msg)
	}
	return b.String()
}

// add records a problem at line.
func (e *Errors) add(line int, format string, args ...any) {
	if line < 1 {
		line = 1
	}
	for _, a := range args {
		if err, ok := a.(error); ok && errors.Is(err, errUnresolved) {
			return // reported where the ${} is
		}
	}
	msg := fmt.Sprintf(format, args...)
	for _, x := range e.List {
		if x.Line == line && x.Msg == msg {
			return
		}
	}
	e.List = append(e.List, Error{Line: line, Msg: msg})
}

// err returns e sorted by line if it holds any problem, else nil.
func (e *Errors) err() error {
	if len(e.List) == 0 {
		return nil
	}
	sort.SliceStable(e.List, func(i, j int) bool { return e.List[i].Line < e.List[j].Line })
	return e
}

// Lines are the problems, one FILE:LINE: message each, for a command
// line that prints them one a line.
func (e *Errors) Lines() []string { return strings.Split(e.Error(), "\n") }
