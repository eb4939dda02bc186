package results

import (
	"strings"
	"unicode"
)

// ThroughputFigure is the figure r's workload marks as its throughput
// (Figure.Throughput), or nil: TPS is then its throughput. Results written
// before figures were marked have their WIPS taken as one.
func (r *Result) ThroughputFigure() *Figure {
	for i, f := range r.Figures {
		if f.Throughput || f.Name == "WIPS" {
			return &r.Figures[i]
		}
	}
	return nil
}

// SweepMeasure is what a sweep ranks its steps by, finds its knee and
// charts: the steps' throughput figure when every step has one of the same
// name, else TPS for every step (one measure across all steps, never a mix).
type SweepMeasure struct {
	Name, Unit string
	figure     bool
}

// MeasureOf is the measure steps share.
func MeasureOf(steps []SweepStep) SweepMeasure {
	if len(steps) == 0 || steps[0].Throughput == nil {
		return SweepMeasure{Name: "TPS", Unit: "transactions/s"}
	}
	f := steps[0].Throughput
	for _, s := range steps[1:] {
		if s.Throughput == nil || s.Throughput.Name != f.Name {
			return SweepMeasure{Name: "TPS", Unit: "transactions/s"}
		}
	}
	return SweepMeasure{Name: f.Name, Unit: f.Unit, figure: true}
}

// Of is step s's value of the measure.
func (m SweepMeasure) Of(s SweepStep) float64 {
	if m.figure {
		return s.Throughput.Value
	}
	return s.TPS
}

// IsTPS says whether the measure is TPS.
func (m SweepMeasure) IsTPS() bool { return !m.figure }

// Label names the measure in a sentence or a column: the name when it is
// an acronym (TPS, WIPS), else the unit (gets/s, records/s).
func (m SweepMeasure) Label() string {
	if m.Unit == "" || strings.IndexFunc(m.Name, unicode.IsLower) < 0 {
		return m.Name
	}
	return m.Unit
}
