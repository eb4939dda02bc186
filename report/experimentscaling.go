package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// The scaling of an experiment: where runs of one step on one target
// differ only in their number of users (a matrix over users or threads, as
// the 2002 Nile study ramped its virtual users), the experiment report
// draws throughput and p90 against users, one curve per target (and other
// parameters), and says where each curve flattens. Over every run of a
// target with the server's and the client's memory, whatever the step, it
// fits the memory the server spends per connection and the client per user.

// minScalingPoints is the fewest user counts that make a curve.
const minScalingPoints = 3

// curve is one target's (and parameter set's) runs at growing user counts.
type curve struct {
	label  string
	points []scalePoint
}

// scalePoint is one user count of a curve (the median run of its repeats).
type scalePoint struct {
	users, conns int
	rate, p90    float64
	p95          float64 // p90 for TPC-W's limits, p95 for the cloud-host study
	serverMB     float64
	clientMB     float64
	errors       int64
	measure      string // what rate is: TPS, or the workload's throughput figure (WIPS)
	tps          float64
	host         *hostLoad // nil when the host was not sampled
}

// userKeys are the parameters that count users, left out of a curve's label.
var userKeys = []string{"users", "threads", "connections"}

// curves groups an experiment's runs into scaling curves, keeping those
// with at least minScalingPoints user counts. rate names the throughput:
// a workload's throughput figure when every point of the curves has the
// same (the bookstore's WIPS, a kv run's gets), else TPS.
func curves(x *results.Experiment, rs []*results.Result) (cs []curve, rate string) {
	byKey := map[string]map[int][]scalePoint{}
	steps := map[string]map[int]bool{}
	var order []string
	for i, r := range x.Runs {
		if i >= len(rs) || rs[i] == nil {
			continue
		}
		res := rs[i]
		key := strings.TrimSpace(r.Workload + " " + r.Target + " " + withoutUsers(r.Params))
		if steps[key] == nil {
			steps[key] = map[int]bool{}
		}
		steps[key][r.Step] = true
		key += "\x00" + strconv.Itoa(r.Step)
		if byKey[key] == nil {
			byKey[key] = map[int][]scalePoint{}
			order = append(order, key)
		}
		m := throughput(res)
		p := scalePoint{users: res.Run.Threads, conns: res.Run.Connections, rate: m.value, measure: m.name, tps: res.Totals.TPS, p90: res.Latency.P90, p95: res.Latency.P95, errors: res.Totals.Errors,
			host: hostOf(res)}
		if rc := res.Resources; rc != nil {
			p.serverMB, p.clientMB = rc.ServerMemPeakMB, rc.ProcRSSPeakMB
		}
		byKey[key][p.users] = append(byKey[key][p.users], p)
	}
	for _, key := range order {
		label, step, _ := strings.Cut(key, "\x00")
		if len(steps[label]) > 1 {
			label += " (step " + step + ")"
		}
		c := curve{label: label}
		for _, ps := range byKey[key] {
			slices.SortFunc(ps, func(a, b scalePoint) int { return cmpFloat(a.rate, b.rate) })
			c.points = append(c.points, ps[len(ps)/2])
		}
		if len(c.points) < minScalingPoints {
			continue
		}
		slices.SortFunc(c.points, func(a, b scalePoint) int { return a.users - b.users })
		cs = append(cs, c)
	}
	for _, c := range cs {
		for _, p := range c.points {
			switch {
			case rate == "":
				rate = p.measure
			case rate != p.measure:
				rate = "TPS"
			}
		}
	}
	if rate != "TPS" { // the curves' points all ranked by one figure
		return cs, rate
	}
	for ci := range cs { // mixed measures: every point in TPS
		for pi := range cs[ci].points {
			cs[ci].points[pi].rate = cs[ci].points[pi].tps
		}
	}
	return cs, rate
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// withoutUsers drops the user-count parameters from a run's "k=v k=v".
func withoutUsers(params string) string {
	var keep []string
	for _, kv := range strings.Fields(params) {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(userKeys, k) {
			keep = append(keep, kv)
		}
	}
	return strings.Join(keep, " ")
}

// scalingSection is the experiment's scaling: the table, the charts and
// the findings in words; nil when no curve has enough user counts.
func scalingSection(x *results.Experiment, rs []*results.Result) *Section {
	cs, rate := curves(x, rs)
	mem := memoryFindings(x, rs)
	if len(cs) == 0 && len(mem) == 0 {
		return nil
	}
	s := &Section{Title: "Scaling with users"}
	if len(cs) == 0 {
		s.list(mem)
		return s
	}
	t := &Table{Head: []string{"curve", "users", "connections", rate, "p90 ms", "p95 ms", "errors", "server memory MB", "client RSS MB"}, Align: "lrrrrrrrr"}
	host := anyHost(cs)
	if host {
		t.Head, t.Align = append(t.Head, saturationHead...), t.Align+"rrr"
	}
	var findings []string
	for _, c := range cs {
		for _, p := range c.points {
			row := []string{c.label, strconv.Itoa(p.users), strconv.Itoa(p.conns), fmtNum(p.rate), fmtMs(p.p90), fmtMs(p.p95),
				fmtCount(p.errors), mb(p.serverMB), mb(p.clientMB)}
			if host {
				row = append(row, saturationCells(p)...)
			}
			t.Rows = append(t.Rows, row)
		}
		findings = append(findings, curveFindings(c, rate)...)
		findings = append(findings, saturationFinding(c, rate))
	}
	s.table(t)
	s.list(append(findings, mem...))
	s.chart(scalingChart(cs, "scaling-rate", rate+" against users", rate, func(p scalePoint) float64 { return p.rate }))
	s.chart(scalingChart(cs, "scaling-p90", "p90 response time against users (ms)", "ms", func(p scalePoint) float64 { return p.p90 }))
	s.chart(scalingChart(cs, "scaling-p95", "p95 response time against users (ms)", "ms", func(p scalePoint) float64 { return p.p95 }))
	for _, ch := range saturationCharts(cs) {
		s.chart(ch)
	}
	return s
}

func mb(v float64) string {
	if v <= 0 {
		return "-"
	}
	return fmtNum(v)
}

// curveFindings say where c flattens and what it costs in response time.
func curveFindings(c curve, rate string) []string {
	k, best := curveKnee(c)
	kp, last := c.points[k], c.points[len(c.points)-1]
	var f []string
	if k == len(c.points)-1 {
		f = append(f, fmt.Sprintf("%s: %s still grows at %d users (%s); the knee is beyond the largest step.", c.label, rate, last.users, fmtNum(last.rate)))
	} else {
		s := fmt.Sprintf("%s: %s flattens at %d users (%s %s", c.label, rate, kp.users, fmtNum(kp.rate), rate)
		if best != k {
			s += fmt.Sprintf(", within 5%% of the best, %s at %d users", fmtNum(c.points[best].rate), c.points[best].users)
		}
		s += ")"
		if kp.p90 > 0 && last.p90 > 0 {
			s += fmt.Sprintf("; from there to %d users, %s changes by %s while p90 goes from %s ms to %s ms",
				last.users, rate, fmtSigned((last.rate/kp.rate-1)*100), fmtMs(kp.p90), fmtMs(last.p90))
		}
		f = append(f, s+".")
	}
	return f
}

// curveKnee is where c flattens, by the sweeps' rule (knee): the first
// user count within plateau of the best rate, and the best.
func curveKnee(c curve) (k, best int) {
	steps := make([]results.SweepStep, len(c.points))
	for i, p := range c.points {
		steps[i] = results.SweepStep{Value: strconv.Itoa(p.users), TPS: p.rate}
	}
	return knee(steps)
}

// memoryFindings fit, over every run of a workload on a target whatever
// its step (pooled or one connection per user), the server's memory peak
// against connections and the client's RSS peak against users.
func memoryFindings(x *results.Experiment, rs []*results.Result) []string {
	byTarget := map[string][]scalePoint{}
	var order []string
	for i, r := range x.Runs {
		if i >= len(rs) || rs[i] == nil || rs[i].Resources == nil {
			continue
		}
		key := r.Workload + " " + r.Target
		if byTarget[key] == nil {
			order = append(order, key)
		}
		rc := rs[i].Resources
		byTarget[key] = append(byTarget[key], scalePoint{users: rs[i].Run.Threads, conns: rs[i].Run.Connections,
			serverMB: rc.ServerMemPeakMB, clientMB: rc.ProcRSSPeakMB})
	}
	var f []string
	for _, key := range order {
		ps := byTarget[key]
		if kb, lo, hi, n, ok := slope(ps, func(p scalePoint) (float64, float64) { return float64(p.conns), p.serverMB }); ok {
			f = append(f, fmt.Sprintf("%s: the server's memory grows by about %s KB per connection (fit over %d runs, %d to %d connections).", key, fmtNum(kb), n, lo, hi))
		}
		if kb, lo, hi, n, ok := slope(ps, func(p scalePoint) (float64, float64) { return float64(p.users), p.clientMB }); ok {
			f = append(f, fmt.Sprintf("%s: the client's memory grows by about %s KB per user (fit over %d runs, %d to %d users).", key, fmtNum(kb), n, lo, hi))
		}
	}
	return f
}

// slope fits MB against a count over the points that have both, by least
// squares, and returns KB per unit with the count's range and the points
// fitted; ok is false with fewer than three distinct counts.
func slope(ps []scalePoint, xy func(scalePoint) (float64, float64)) (kb float64, lo, hi, n int, ok bool) {
	var xs, ys []float64
	for _, p := range ps {
		x, y := xy(p)
		if y > 0 {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	distinct := slices.Clone(xs)
	slices.Sort(distinct)
	if len(slices.Compact(distinct)) < minScalingPoints {
		return 0, 0, 0, 0, false
	}
	var mx, my float64
	for i := range xs {
		mx, my = mx+xs[i], my+ys[i]
	}
	mx, my = mx/float64(len(xs)), my/float64(len(xs))
	var sxy, sxx float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
	}
	return sxy / sxx * 1024, int(slices.Min(xs)), int(slices.Max(xs)), len(xs), true
}

// scalingChart draws one value of every curve against users (log scale).
func scalingChart(cs []curve, id, title, y string, v func(scalePoint) float64) *Chart {
	var xs []float64
	for _, c := range cs {
		for _, p := range c.points {
			if !slices.Contains(xs, float64(p.users)) {
				xs = append(xs, float64(p.users))
			}
		}
	}
	slices.Sort(xs)
	ch := &Chart{ID: id, Title: title, Kind: ChartLine, XLabel: "users", Y: y, LogX: true, LogBase: 10, X: xs}
	for _, c := range cs {
		vals := make([]*float64, len(xs))
		for _, p := range c.points {
			i := slices.Index(xs, float64(p.users))
			x := v(p)
			if !math.IsNaN(x) {
				vals[i] = &x
			}
		}
		ch.Series = append(ch.Series, Series{Label: c.label, Values: vals})
	}
	return ch
}
