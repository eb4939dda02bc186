package report

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// measure is what a report ranks and charts runs by: the workload's
// throughput figure when it has one (the bookstore's WIPS, a kv run's gets
// or records a second, where one transaction pipelines or inserts many),
// else TPS.
type measure struct {
	name, unit string
	value      float64
}

// throughput is r's measure. Results written before figures were marked
// rank by WIPS, as the reports did then.
func throughput(r *results.Result) measure {
	if f := r.ThroughputFigure(); f != nil {
		return measure{f.Name, f.Unit, f.Value}
	}
	return measure{name: "TPS", value: r.Totals.TPS}
}

// String is the value with its unit: "1,234 TPS", "143,258 gets/s",
// "512 interactions/s (WIPS)".
func (m measure) String() string {
	switch {
	case m.unit == "":
		return fmtNum(m.value) + " " + m.name
	case strings.HasPrefix(m.unit, m.name):
		return fmtNum(m.value) + " " + m.unit
	}
	return fmt.Sprintf("%s %s (%s)", fmtNum(m.value), m.unit, m.name)
}

// rankGroup is the runs of one workload that share a measure, with the
// one of most throughput: a TPS of one workload is no measure of
// another's, and a workload's runs rank by their shared measure (TPS, or
// the figure that counts the records a pipelined or batched transaction
// moves).
type rankGroup struct {
	workload string
	runs     []int
	best     int
}

// rankGroups are rs's groups in the order of their first run.
func rankGroups(rs []*results.Result) []*rankGroup {
	var groups []*rankGroup
	byKey := map[string]*rankGroup{}
	ms := make([]measure, len(rs))
	for i, r := range rs {
		ms[i] = throughput(r)
		key := r.Workload.Name + "\x00" + ms[i].name
		g := byKey[key]
		if g == nil {
			g = &rankGroup{workload: r.Workload.Name, best: i}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.runs = append(g.runs, i)
		if ms[i].value > ms[g.best].value {
			g.best = i
		}
	}
	return groups
}

// bestHeadline names the run of most throughput among rs, workload by
// workload.
func bestHeadline(rs []*results.Result, labels []string) string {
	groups := rankGroups(rs)
	var parts []string
	for _, g := range groups {
		r := rs[g.best]
		s := fmt.Sprintf("%s, %s at p95 %s ms", labels[g.best], throughput(r), fmtMs(r.Latency.P95))
		if len(groups) > 1 {
			s = g.workload + ": " + s
		}
		parts = append(parts, s)
	}
	return "Most throughput: " + strings.Join(parts, "; ")
}

// throughputCharts are bars of the runs' throughput figures, one chart a
// figure (gets, inserts), each over the runs that have it: beside the TPS
// bars, which undercount what pipelined or batched transactions moved.
func throughputCharts(rs []*results.Result, labels []string) []*Chart {
	var charts []*Chart
	byName := map[string]*Chart{}
	for i, r := range rs {
		m := throughput(r)
		if m.name == "TPS" {
			continue
		}
		c := byName[m.name]
		if c == nil {
			id := "compare-" + strings.Map(func(r rune) rune {
				if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
					return r
				}
				return '-'
			}, m.name)
			c = &Chart{ID: id, Title: m.name + " by run (" + m.unit + ")", Kind: ChartBars, Y: m.unit, Series: []Series{{Label: m.name}}}
			byName[m.name] = c
			charts = append(charts, c)
		}
		c.Categories = append(c.Categories, labels[i])
		v := m.value
		c.Series[0].Values = append(c.Series[0].Values, &v)
	}
	return charts
}
