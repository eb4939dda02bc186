// Package yamlfile is what dbgauge's YAML files (experiments, declarative
// workloads) share: every problem reported at its line, all at once
// (Errors, printed FILE:LINE: message one a line), and reading yaml.v3
// nodes.
//
// yamlfile imports no other dbgauge package.
package yamlfile

import (
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Error is one problem in a file, at a line.
type Error struct {
	Line int
	Msg  string
}

// Errors are every problem found in a file.
type Errors struct {
	File string
	List []Error
}

func (e *Errors) Error() string { return strings.Join(e.Lines(), "\n") }

// Lines are the problems, one FILE:LINE: message each, for a command line
// that prints them one a line.
func (e *Errors) Lines() []string {
	out := make([]string, len(e.List))
	for i, x := range e.List {
		out[i] = fmt.Sprintf("%s:%d: %s", e.File, x.Line, x.Msg)
	}
	return out
}

// Add records a problem at line (the first line when the node has none);
// the same problem at the same line is kept once.
func (e *Errors) Add(line int, format string, args ...any) {
	line = max(line, 1)
	msg := fmt.Sprintf(format, args...)
	for _, x := range e.List {
		if x.Line == line && x.Msg == msg {
			return
		}
	}
	e.List = append(e.List, Error{Line: line, Msg: msg})
}

// Err returns e with its problems in line order if it holds any, else nil.
func (e *Errors) Err() error {
	if len(e.List) == 0 {
		return nil
	}
	sort.SliceStable(e.List, func(i, j int) bool { return e.List[i].Line < e.List[j].Line })
	return e
}

// EachPair calls f for every key and value of a mapping node.
func EachPair(m *yaml.Node, f func(k, v *yaml.Node)) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		f(m.Content[i], m.Content[i+1])
	}
}

// Scalar is v's value, or "" with a problem recorded when v is a list or a
// mapping; what names it.
func Scalar(errs *Errors, v *yaml.Node, what string) string {
	if v.Kind != yaml.ScalarNode {
		errs.Add(v.Line, "%s must be a single value", what)
		return ""
	}
	return v.Value
}
