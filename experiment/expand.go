package experiment

import "strings"

// Run is one run of an experiment: a workload on a target with settings.
type Run struct {
	// Step is the step's index, Line its line in the file.
	Step int
	Line int
	// Workload and Target are what runs where.
	Workload string
	Target   Target
	// Settings are the defaults, then the step's set, then its matrix
	// values: a later setting of the same key wins.
	Settings []Setting
	// Params are the matrix values of this run, in matrix order: what
	// tells it from the step's other runs.
	Params []Setting
	// Repeat is the repetition, from 1.
	Repeat  int
	Prepare string
}

// Label is the run's parameters as key=value, for tables.
func (r Run) Label() string {
	var parts []string
	for _, p := range r.Params {
		parts = append(parts, p.Key+"="+p.Value)
	}
	return strings.Join(parts, " ")
}

// Runs expands the file into its runs, in order: step by step; within a
// step, repetition by repetition (each repetition goes over every target and
// matrix point, so a slow drift of the machine spreads over all points
// instead of biasing one), target by target, then the matrix points with
// the last axis varying fastest.
func (f *File) Runs() []Run {
	var out []Run
	for i, s := range f.Steps {
		repeat := f.Repeat
		if s.Repeat > 0 {
			repeat = s.Repeat
		}
		prepare := f.Prepare
		if s.Prepare != "" {
			prepare = s.Prepare
		}
		tgs := f.Targets
		if len(s.Targets) > 0 {
			tgs = nil
			for _, name := range s.Targets {
				for _, t := range f.Targets {
					if t.Name == name {
						tgs = append(tgs, t)
					}
				}
			}
		}
		points := product(s.Matrix)
		for rep := 1; rep <= repeat; rep++ {
			for _, t := range tgs {
				for _, p := range points {
					settings := append(append(append([]Setting{}, f.Defaults...), s.Set...), p...)
					out = append(out, Run{Step: i, Line: s.Line, Workload: s.Workload, Target: t,
						Settings: settings, Params: p, Repeat: rep, Prepare: prepare})
				}
			}
		}
	}
	return out
}

// product is every combination of the axes' values; one empty point when
// there is no axis.
func product(axes []Axis) [][]Setting {
	points := [][]Setting{nil}
	for _, a := range axes {
		var next [][]Setting
		for _, p := range points {
			for _, v := range a.Values {
				next = append(next, append(append([]Setting{}, p...), v))
			}
		}
		points = next
	}
	return points
}
