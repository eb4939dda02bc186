package report

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/dbgauge/dbgauge/results"
)

// maxPoints bounds the points a report carries: a day of one-second
// intervals would make a 40 MB page; 2,000 points are more than a chart
// 1,000 pixels wide can show.
const maxPoints = 2000

// Point is one interval as the charts see it: rates per second, latencies
// in ms, CPU in percent. Host fields are missing without host sampling
// (--no-monitor); the charts skip what is missing.
type Point struct {
	T       float64 `json:"t"`
	Warmup  bool    `json:"warmup,omitempty"`
	Threads int     `json:"threads"`
	TPS     float64 `json:"tps"`
	QPS     float64 `json:"qps"`
	Reads   float64 `json:"reads"`
	Writes  float64 `json:"writes"`
	Other   float64 `json:"other"`
	Pct     float64 `json:"pct_ms"`
	P50     float64 `json:"p50_ms"`
	P99     float64 `json:"p99_ms"`
	Max     float64 `json:"max_ms"`
	Errors  float64 `json:"err_s"`
	Reconn  float64 `json:"reconn_s"`
	LagAvg  float64 `json:"lag_avg_ms"`
	LagMax  float64 `json:"lag_max_ms"`
	// Host: percent of all CPUs; dbgauge and the server in percent of one
	// core; the busiest disk's utilisation, all disks' IOPS and MB/s.
	CPUUser   *float64 `json:"cpu_user,omitempty"`
	CPUSystem *float64 `json:"cpu_system,omitempty"`
	CPUIowait *float64 `json:"cpu_iowait,omitempty"`
	CPUSteal  *float64 `json:"cpu_steal,omitempty"`
	ProcCPU   *float64 `json:"proc_cpu,omitempty"`
	ServerCPU *float64 `json:"server_cpu,omitempty"`
	DiskUtil  *float64 `json:"disk_util,omitempty"`
	DiskIOPS  *float64 `json:"disk_iops,omitempty"`
	DiskMBs   *float64 `json:"disk_mbs,omitempty"`
	NetMBs    *float64 `json:"net_mbs,omitempty"`
	// Figures are the workload's figures (tpmC), written as "fig_NAME"
	// fields so that a chart series can name them; Statements the
	// statements per second by verb, written as "stmt_VERB" fields.
	Figures    map[string]float64 `json:"-"`
	Statements map[string]float64 `json:"-"`
}

// FigureField is the point field of a workload figure.
func FigureField(name string) string { return "fig_" + name }

type pointFields Point

// MarshalJSON writes the point's fields, and its figures and statements
// beside them.
func (p Point) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(pointFields(p))
	if err != nil || len(p.Figures)+len(p.Statements) == 0 {
		return b, err
	}
	b = b[:len(b)-1]
	for _, extra := range []struct {
		m     map[string]float64
		field func(string) string
	}{{p.Figures, FigureField}, {p.Statements, StatementField}} {
		for _, name := range slices.Sorted(maps.Keys(extra.m)) {
			k, _ := json.Marshal(extra.field(name))
			v, err := json.Marshal(extra.m[name])
			if err != nil {
				return nil, err
			}
			b = append(append(append(append(b, ','), k...), ':'), v...)
		}
	}
	return append(b, '}'), nil
}

// PointOf is an interval as a chart point.
func PointOf(iv results.Interval) Point {
	p := Point{T: iv.T, Warmup: iv.Warmup, Threads: iv.Threads, TPS: iv.TPS, QPS: iv.QPS,
		Reads: iv.Reads, Writes: iv.Writes, Other: iv.Other, Pct: iv.PctMs, P50: iv.P50Ms, P99: iv.P99Ms, Max: iv.MaxMs,
		Errors: iv.ErrPerSec, Reconn: iv.ReconnPerSec, LagAvg: iv.LagAvgMs, LagMax: iv.LagMaxMs, Figures: iv.Figures,
		Statements: iv.Statements}
	h := iv.Host
	if h == nil {
		return p
	}
	f := func(v float64) *float64 { return &v }
	p.CPUUser, p.CPUSystem, p.CPUIowait, p.CPUSteal = f(h.CPUUserPct), f(h.CPUSystemPct), f(h.CPUIowaitPct), f(h.CPUStealPct)
	p.ProcCPU = f(h.ProcCPUPct)
	if h.ServerCPUPct > 0 || h.ServerMemMB > 0 {
		p.ServerCPU = f(h.ServerCPUPct)
	}
	p.NetMBs = f(h.NetRxMBs + h.NetTxMBs)
	if len(h.Disks) > 0 {
		var util, iops, mbs float64
		for _, name := range slices.Sorted(maps.Keys(h.Disks)) {
			d := h.Disks[name]
			util = max(util, d.UtilPct)
			iops += d.ReadIOPS + d.WriteIOPS
			mbs += d.ReadMBs + d.WriteMBs
		}
		p.DiskUtil, p.DiskIOPS, p.DiskMBs = f(util), f(iops), f(mbs)
	}
	return p
}

// Points converts the measured intervals into at most maxPoints chart
// points. Warmup is left out, and so is a last interval shorter than half
// the others: its rate over a few milliseconds is noise (the interval lines
// skip it too).
func Points(ivs []results.Interval) []Point {
	var nominal float64
	for _, iv := range ivs {
		nominal = max(nominal, iv.DurS)
	}
	var ps []Point
	for _, iv := range ivs {
		if !iv.Warmup && iv.DurS >= nominal/2 {
			ps = append(ps, PointOf(iv))
		}
	}
	return Downsample(ps, maxPoints)
}

// Downsample merges runs of consecutive points so that at most limit
// remain: rates and CPU are averaged, latencies keep the worst value of the
// merged intervals (a spike never disappears), T is the last one's.
func Downsample(ps []Point, limit int) []Point {
	if limit <= 0 || len(ps) <= limit {
		return ps
	}
	k := (len(ps) + limit - 1) / limit
	out := make([]Point, 0, limit)
	for i := 0; i < len(ps); i += k {
		out = append(out, merge(ps[i:min(i+k, len(ps))]))
	}
	return out
}

func merge(g []Point) Point {
	last := g[len(g)-1]
	m := Point{T: last.T, Warmup: last.Warmup, Threads: last.Threads}
	n := float64(len(g))
	for _, p := range g {
		m.TPS += p.TPS / n
		m.QPS += p.QPS / n
		m.Reads += p.Reads / n
		m.Writes += p.Writes / n
		m.Other += p.Other / n
		m.Errors += p.Errors / n
		m.Reconn += p.Reconn / n
		m.LagAvg += p.LagAvg / n
		m.Pct, m.P50, m.P99, m.Max = max(m.Pct, p.Pct), max(m.P50, p.P50), max(m.P99, p.P99), max(m.Max, p.Max)
		m.LagMax = max(m.LagMax, p.LagMax)
		for k, v := range p.Figures {
			if m.Figures == nil {
				m.Figures = map[string]float64{}
			}
			m.Figures[k] += v / n
		}
		for k, v := range p.Statements {
			if m.Statements == nil {
				m.Statements = map[string]float64{}
			}
			m.Statements[k] += v / n
		}
	}
	avg := func(get func(Point) *float64) *float64 {
		var sum float64
		var c int
		for _, p := range g {
			if v := get(p); v != nil {
				sum += *v
				c++
			}
		}
		if c == 0 {
			return nil
		}
		sum /= float64(c)
		return &sum
	}
	m.CPUUser = avg(func(p Point) *float64 { return p.CPUUser })
	m.CPUSystem = avg(func(p Point) *float64 { return p.CPUSystem })
	m.CPUIowait = avg(func(p Point) *float64 { return p.CPUIowait })
	m.CPUSteal = avg(func(p Point) *float64 { return p.CPUSteal })
	m.ProcCPU = avg(func(p Point) *float64 { return p.ProcCPU })
	m.ServerCPU = avg(func(p Point) *float64 { return p.ServerCPU })
	m.DiskUtil = avg(func(p Point) *float64 { return p.DiskUtil })
	m.DiskIOPS = avg(func(p Point) *float64 { return p.DiskIOPS })
	m.DiskMBs = avg(func(p Point) *float64 { return p.DiskMBs })
	m.NetMBs = avg(func(p Point) *float64 { return p.NetMBs })
	return m
}

// TimeCharts are the charts of one run over time; pct is the run's
// percentile (95 by default), rate whether it was open-loop.
func TimeCharts(pct float64, rate bool) []*Chart {
	pl := pctLabel(pct)
	cs := []*Chart{
		{ID: "throughput", Title: "Transactions per second over time", Kind: ChartTime, XLabel: "seconds", Y: "transactions/s",
			Series: []Series{{Label: "TPS", Field: "tps"}}},
		{ID: "queries", Title: "Queries per second over time", Kind: ChartTime, XLabel: "seconds", Y: "queries/s",
			Series: []Series{{Label: "QPS", Field: "qps"}, {Label: "read", Field: "reads"}, {Label: "write", Field: "writes"}, {Label: "other", Field: "other"}}},
		{ID: "latency", Title: "Latency percentiles over time (ms, log scale)", Kind: ChartTime, XLabel: "seconds", Y: "ms", LogY: true,
			Series: []Series{{Label: "p50", Field: "p50_ms"}, {Label: pl, Field: "pct_ms"}, {Label: "p99", Field: "p99_ms"}, {Label: "max", Field: "max_ms"}}},
		{ID: "errors", Title: "Errors and reconnects over time", Kind: ChartTime, XLabel: "seconds", Y: "per second", Optional: true,
			Series: []Series{{Label: "errors/s", Field: "err_s"}, {Label: "reconnects/s", Field: "reconn_s"}}},
		{ID: "cpu", Title: "Host CPU over time (% of all CPUs)", Kind: ChartTime, XLabel: "seconds", Y: "%",
			Series: []Series{{Label: "user", Field: "cpu_user"}, {Label: "system", Field: "cpu_system"}, {Label: "iowait", Field: "cpu_iowait"}, {Label: "steal", Field: "cpu_steal"}}},
		{ID: "procs", Title: "dbgauge and server CPU over time (% of one core)", Kind: ChartTime, XLabel: "seconds", Y: "% of one core",
			Series: []Series{{Label: "dbgauge", Field: "proc_cpu"}, {Label: "server", Field: "server_cpu"}}},
		{ID: "io", Title: "Disk and network over time", Kind: ChartTime, XLabel: "seconds", Y: "%", Y2: "IOPS, MB/s",
			Series: []Series{{Label: "busiest disk util %", Field: "disk_util"}, {Label: "disk IOPS", Field: "disk_iops", Axis: 1},
				{Label: "disk MB/s", Field: "disk_mbs", Axis: 1}, {Label: "network MB/s", Field: "net_mbs", Axis: 1}}},
	}
	if rate {
		cs = append(cs, &Chart{ID: "lag", Title: "Open-loop schedule lag over time (ms)", Kind: ChartTime, XLabel: "seconds", Y: "ms", Optional: true,
			Series: []Series{{Label: "lag avg", Field: "lag_avg_ms"}, {Label: "lag max", Field: "lag_max_ms"}}})
	}
	return cs
}

// FigureCharts are a chart of each workload figure over time (TPC-C's
// tpmC), in the order of the result's figures.
func FigureCharts(r *results.Result) []*Chart {
	var cs []*Chart
	for _, f := range r.Figures {
		if !hasFigure(r.Intervals, f.Name) {
			continue
		}
		y := f.Unit
		if y == "" {
			y = f.Name
		}
		cs = append(cs, &Chart{ID: "figure-" + f.Name, Title: f.Name + " over time", Kind: ChartTime, XLabel: "seconds", Y: y,
			Series: []Series{{Label: f.Name, Field: FigureField(f.Name)}}})
	}
	return cs
}

func hasFigure(ivs []results.Interval, name string) bool {
	for _, iv := range ivs {
		if _, ok := iv.Figures[name]; ok {
			return true
		}
	}
	return false
}
