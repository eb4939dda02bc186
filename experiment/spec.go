// Package experiment reads experiment files: a YAML matrix of targets ×
// workloads × parameters with shared defaults, repetitions and a prepare
// policy, and expands it into the list of runs to make. It checks the
// file's structure and reports every error at once with its line; what the
// settings mean (flags, workload options) is checked by the command line,
// which knows the workloads.
//
// experiment imports no other dbgauge package.
package experiment

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/dbgauge/dbgauge/yamlfile"
)

// Prepare policies (the command line implements them).
var Policies = []string{"missing", "replace", "fresh", "never"}

// File is an experiment file.
type File struct {
	Name        string
	Description string
	Targets     []Target
	Defaults    []Setting
	Repeat      int
	Prepare     string
	Cleanup     bool
	Steps       []Step
}

// Target is a named database URL, environment variables expanded.
type Target struct {
	Name, URL string
	Line      int
}

// Setting is one flag or workload option, as on the command line.
type Setting struct {
	Key, Value string
	Line       int
}

// Axis is one matrix dimension: every value is run.
type Axis struct {
	Key    string
	Values []Setting
	Line   int
}

// Step is one workload with its settings and matrix.
type Step struct {
	Workload string
	Line     int
	Targets  []string
	Set      []Setting
	Matrix   []Axis
	Prepare  string
	Repeat   int
}

// Error and Errors are every problem found in the file, at their lines
// (package yamlfile, shared with declarative workloads).
type (
	Error  = yamlfile.Error
	Errors = yamlfile.Errors
)

// Load reads and parses path.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read experiment file: %w", err)
	}
	return Parse(path, data, os.LookupEnv)
}

var envRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// Parse parses an experiment file. lookup resolves $VAR and ${VAR} in
// target URLs. The error, if any, is an *Errors listing every problem.
func Parse(name string, data []byte, lookup func(string) (string, bool)) (*File, error) {
	errs := &Errors{File: name}
	root := yamlfile.Root(errs, data, "the file is empty", "an experiment is a mapping with name, targets, defaults and steps")
	if root == nil {
		return nil, errs
	}
	f := &File{Repeat: 1, Prepare: "replace"}
	seenSteps := false
	yamlfile.Fields(root, []yamlfile.Field{
		{Key: "name", Read: func(_, v *yaml.Node) { f.Name = yamlfile.Scalar(errs, v, "name") }},
		{Key: "description", Read: func(_, v *yaml.Node) { f.Description = yamlfile.Scalar(errs, v, "description") }},
		{Key: "targets", Read: func(_, v *yaml.Node) { f.Targets = targets(errs, v, lookup) }},
		{Key: "defaults", Read: func(_, v *yaml.Node) { f.Defaults = settings(errs, v, "defaults") }},
		{Key: "repeat", Read: func(_, v *yaml.Node) { f.Repeat = positive(errs, v, "repeat") }},
		{Key: "prepare", Read: func(_, v *yaml.Node) { f.Prepare = policy(errs, v) }},
		{Key: "cleanup", Read: func(_, v *yaml.Node) { f.Cleanup = yamlfile.Bool(errs, v, "cleanup") }},
		{Key: "steps", Read: func(_, v *yaml.Node) { seenSteps, f.Steps = true, steps(errs, v, f) }},
	}, func(k *yaml.Node, keys string) { errs.Add(k.Line, "unknown key %q (keys: %s)", k.Value, keys) })
	if len(f.Targets) == 0 {
		errs.Add(root.Line, "no targets: add `targets:` with at least one name: URL")
	}
	if !seenSteps {
		errs.Add(root.Line, "no steps: add `steps:` with at least one workload")
	}
	if f.Name == "" {
		f.Name = strings.TrimSuffix(strings.TrimSuffix(baseName(name), ".yaml"), ".yml")
	}
	sortErrors(errs)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

func sortErrors(e *Errors) {
	for i := 1; i < len(e.List); i++ {
		for j := i; j > 0 && e.List[j].Line < e.List[j-1].Line; j-- {
			e.List[j], e.List[j-1] = e.List[j-1], e.List[j]
		}
	}
}

func positive(errs *Errors, v *yaml.Node, what string) int {
	n, err := strconv.Atoi(yamlfile.Scalar(errs, v, what))
	if v.Kind == yaml.ScalarNode && (err != nil || n < 1) {
		errs.Add(v.Line, "%s must be a whole number of 1 or more, got %q", what, v.Value)
		return 1
	}
	return n
}

func policy(errs *Errors, v *yaml.Node) string {
	s := yamlfile.Scalar(errs, v, "prepare")
	for _, p := range Policies {
		if s == p {
			return s
		}
	}
	if v.Kind == yaml.ScalarNode {
		errs.Add(v.Line, "prepare must be one of %s, got %q", strings.Join(Policies, ", "), s)
	}
	return "replace"
}

func targets(errs *Errors, v *yaml.Node, lookup func(string) (string, bool)) []Target {
	if v.Kind != yaml.MappingNode {
		errs.Add(v.Line, "targets is a mapping of names to database URLs (sqlite: sqlite:bench.db)")
		return nil
	}
	var out []Target
	yamlfile.EachPair(v, func(k, u *yaml.Node) {
		raw := yamlfile.Scalar(errs, u, "target "+k.Value)
		url := envRef.ReplaceAllStringFunc(raw, func(ref string) string {
			m := envRef.FindStringSubmatch(ref)
			name := m[1] + m[2]
			val, ok := lookup(name)
			if !ok || val == "" {
				errs.Add(u.Line, "target %s: environment variable %s is not set", k.Value, name)
			}
			return val
		})
		if u.Kind == yaml.ScalarNode && strings.TrimSpace(raw) == "" {
			errs.Add(u.Line, "target %s has no URL", k.Value)
		}
		for _, t := range out {
			if t.Name == k.Value {
				errs.Add(k.Line, "target %s is defined twice", k.Value)
			}
		}
		out = append(out, Target{Name: k.Value, URL: url, Line: u.Line})
	})
	return out
}

// settings reads a mapping of flag or option names to single values.
func settings(errs *Errors, v *yaml.Node, what string) []Setting {
	if v.Kind != yaml.MappingNode {
		errs.Add(v.Line, "%s is a mapping of options to values (threads: 4)", what)
		return nil
	}
	var out []Setting
	yamlfile.EachPair(v, func(k, val *yaml.Node) {
		if val.Kind != yaml.ScalarNode {
			errs.Add(val.Line, "%s: %s must be a single value (lists go in a step's matrix)", what, k.Value)
			return
		}
		out = append(out, Setting{Key: k.Value, Value: val.Value, Line: val.Line})
	})
	return out
}

func steps(errs *Errors, v *yaml.Node, f *File) []Step {
	const notList = "steps is a list of at least one step (- workload: oltp_read_write)"
	if v.Kind == yaml.SequenceNode && len(v.Content) == 0 {
		errs.Add(v.Line, notList)
		return nil
	}
	var out []Step
	yamlfile.Items(errs, v, notList, func(n *yaml.Node) {
		if n.Kind != yaml.MappingNode {
			errs.Add(n.Line, "a step is a mapping with workload, and optionally targets, set, matrix, prepare, repeat")
			return
		}
		s := Step{Line: n.Line}
		yamlfile.Fields(n, []yamlfile.Field{
			{Key: "workload", Read: func(_, val *yaml.Node) { s.Workload = yamlfile.Scalar(errs, val, "workload") }},
			{Key: "targets", Read: func(_, val *yaml.Node) { s.Targets = stepTargets(errs, val, f) }},
			{Key: "set", Read: func(_, val *yaml.Node) { s.Set = settings(errs, val, "set") }},
			{Key: "matrix", Read: func(_, val *yaml.Node) { s.Matrix = matrix(errs, val) }},
			{Key: "prepare", Read: func(_, val *yaml.Node) { s.Prepare = policy(errs, val) }},
			{Key: "repeat", Read: func(_, val *yaml.Node) { s.Repeat = positive(errs, val, "repeat") }},
		}, func(k *yaml.Node, keys string) { errs.Add(k.Line, "unknown step key %q (keys: %s)", k.Value, keys) })
		if s.Workload == "" {
			errs.Add(n.Line, "a step needs a workload")
		}
		out = append(out, s)
	})
	return out
}

// stepTargets reads a step's list of target names.
func stepTargets(errs *Errors, val *yaml.Node, f *File) []string {
	if val.Kind != yaml.SequenceNode {
		errs.Add(val.Line, "a step's targets is a list of target names ([sqlite, postgres])")
		return nil
	}
	var out []string
	for _, t := range val.Content {
		name := yamlfile.Scalar(errs, t, "a target name")
		if !hasTarget(f, name) {
			errs.Add(t.Line, "unknown target %q (targets: %s)", name, targetNames(f))
		}
		out = append(out, name)
	}
	return out
}

func matrix(errs *Errors, v *yaml.Node) []Axis {
	if v.Kind != yaml.MappingNode {
		errs.Add(v.Line, "matrix is a mapping of options to lists (threads: [1, 2, 4])")
		return nil
	}
	var out []Axis
	yamlfile.EachPair(v, func(k, val *yaml.Node) {
		if val.Kind != yaml.SequenceNode || len(val.Content) == 0 {
			errs.Add(val.Line, "matrix: %s must be a list of at least one value", k.Value)
			return
		}
		a := Axis{Key: k.Value, Line: k.Line}
		for _, x := range val.Content {
			a.Values = append(a.Values, Setting{Key: k.Value, Value: yamlfile.Scalar(errs, x, "a matrix value"), Line: x.Line})
		}
		out = append(out, a)
	})
	return out
}

func hasTarget(f *File, name string) bool {
	for _, t := range f.Targets {
		if t.Name == name {
			return true
		}
	}
	return false
}

func targetNames(f *File) string {
	var names []string
	for _, t := range f.Targets {
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}
