package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// Thresholds of the findings, each with its reason.
const (
	// steadyCV and unstableCV bound the coefficient of variation of
	// interval TPS: under 5% is measurement noise on a quiet host; over 15%
	// means stalls or background work (checkpoints, vacuum, compaction).
	steadyCV   = 0.05
	unstableCV = 0.15
	// trendDrift: a last third of the run 15% slower (or faster) than the
	// first third is a trend, not noise.
	trendDrift = 0.15
	// outlierRatio: a max over 5× p95 is a stall, not the tail of the
	// distribution.
	outlierRatio = 5
	// longTail: p99 over 5× p50 is a long tail; under 2× a tight one.
	longTail  = 5
	tightTail = 2
	// cpuBound: 90% busy over all CPUs leaves no headroom; ioBound: 20% of
	// the CPUs' time waiting on IO means the storage sets the pace.
	cpuBound = 90
	ioBound  = 20
	// stealHigh: 10% steal means a noisy neighbour on a virtual machine.
	stealHigh = 10
	// clientHeavy: dbgauge using 30% of the busy CPU competes with the
	// database it measures.
	clientHeavy = 0.30
	// diskSaturated: a device busy 90% of the time queues requests.
	diskSaturated = 90
	// cacheGood: a hit ratio of 99% means the working set is in memory.
	cacheGood = 99
	// rateShortfall: an open loop that reaches less than 95% of its
	// target rate could not keep up.
	rateShortfall = 0.95
)

// Findings are what a performance engineer would point out in a run, in
// plain words with the numbers. They are a pure function of the result.
func Findings(r *results.Result) []string {
	var f []string
	add := func(s string) {
		if s != "" {
			f = append(f, s)
		}
	}
	if r.Interrupted {
		add("The run was interrupted: the numbers cover only the time until the interrupt.")
	}
	if r.Aborted != "" {
		add(fmt.Sprintf("The run was aborted on errors (%s): the numbers cover only the time until then.", oneLine(r.Aborted)))
	}
	add(overrun(r))
	add(stability(r))
	add(trend(r))
	add(drift(r))
	add(littles(r))
	add(limitsFinding(r))
	add(steadyFinding(r))
	add(stalls(r))
	add(tail(r))
	add(outliers(r))
	add(errorsFinding(r))
	if r.Totals.Reconnects > 0 {
		add(fmt.Sprintf("%s: connections were lost and reopened during the run.", fmtPlural(r.Totals.Reconnects, "reconnect")))
	}
	add(schedule(r))
	for _, s := range resourceFindings(r) {
		add(s)
	}
	add(cache(r))
	return f
}

// measured is the TPS of the measured full intervals: warmup and a short
// last interval (whose rate is noise) are left out.
func measured(r *results.Result) []float64 {
	var nominal float64
	for _, iv := range r.Intervals {
		nominal = max(nominal, iv.DurS)
	}
	var tps []float64
	for _, iv := range r.Intervals {
		if !iv.Warmup && iv.DurS >= nominal/2 {
			tps = append(tps, iv.TPS)
		}
	}
	return tps
}

func meanStd(v []float64) (mean, std float64) {
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	for _, x := range v {
		std += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(std / float64(len(v)))
}

func stability(r *results.Result) string {
	tps := measured(r)
	if len(tps) < 3 {
		return ""
	}
	mean, std := meanStd(tps)
	if mean <= 0 {
		return ""
	}
	cv := std / mean
	lo, hi := slices.Min(tps), slices.Max(tps)
	span := fmt.Sprintf("%s over %d intervals, from %s to %s TPS", fmtPct(cv*100), len(tps), fmtNum(lo), fmtNum(hi))
	switch {
	case cv <= steadyCV:
		return "Throughput is steady: interval TPS varies by " + span + " (coefficient of variation)."
	case cv <= unstableCV:
		return "Throughput varies moderately: interval TPS varies by " + span + " (coefficient of variation)."
	default:
		return "Throughput is unstable: interval TPS varies by " + span +
			" (coefficient of variation); look for stalls, checkpoints or background work in the charts."
	}
}

func trend(r *results.Result) string {
	tps := measured(r)
	if len(tps) < 6 {
		return ""
	}
	third := len(tps) / 3
	first, _ := meanStd(tps[:third])
	last, _ := meanStd(tps[len(tps)-third:])
	if first <= 0 {
		return ""
	}
	d := last/first - 1
	switch {
	case d <= -trendDrift:
		return fmt.Sprintf("Throughput declines during the run: the last third averages %s TPS, %s against the first third (%s): the database slows as it runs (growing data, checkpoints, cache eviction).",
			fmtNum(last), fmtSigned(d*100), fmtNum(first))
	case d >= trendDrift:
		return fmt.Sprintf("Throughput rises during the run: the last third averages %s TPS, %s against the first third (%s): caches were still warming; --warmup keeps that out of the numbers.",
			fmtNum(last), fmtSigned(d*100), fmtNum(first))
	}
	return ""
}

func stalls(r *results.Result) string {
	tps := measured(r)
	zero := 0
	for _, v := range tps {
		if v == 0 {
			zero++
		}
	}
	if zero == 0 || len(tps) < 2 {
		return ""
	}
	return fmt.Sprintf("Throughput dropped to zero in %d of %d intervals: the database stalled (locks, a full log, a lost connection).", zero, len(tps))
}

func tail(r *results.Result) string {
	l := r.Latency
	if l.P50 <= 0 || l.P99 <= 0 || l.Count == 0 && r.Totals.Transactions == 0 {
		return ""
	}
	k := l.P99 / l.P50
	switch {
	case k >= longTail:
		return fmt.Sprintf("The latency tail is long: p99 is %s p50 (%s ms against %s ms); a minority of transactions waits far longer than the typical one.", fmtTimes(k), fmtMs(l.P99), fmtMs(l.P50))
	case k < tightTail:
		return fmt.Sprintf("Latency is tight: p99 is %s p50 (%s ms against %s ms).", fmtTimes(k), fmtMs(l.P99), fmtMs(l.P50))
	}
	return fmt.Sprintf("p99 is %s p50 (%s ms against %s ms).", fmtTimes(k), fmtMs(l.P99), fmtMs(l.P50))
}

func outliers(r *results.Result) string {
	l := r.Latency
	if l.P95 <= 0 || l.Max < outlierRatio*l.P95 {
		return ""
	}
	return fmt.Sprintf("Max latency is %s p95 (%s ms against %s ms): some transactions stalled far beyond the rest.", fmtTimes(l.Max/l.P95), fmtMs(l.Max), fmtMs(l.P95))
}

func errorsFinding(r *results.Result) string {
	t := r.Totals
	if t.Errors+t.IgnoredErrors == 0 {
		return ""
	}
	names := map[string]bool{}
	for k := range t.ErrorsByClass {
		names[k] = true
	}
	for k := range t.IgnoredByClass {
		names[k] = true
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(names)) {
		if n := t.IgnoredByClass[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %s retried", fmtCount(n), k))
		}
		if n := t.ErrorsByClass[k]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %s failed", fmtCount(n), k))
		}
	}
	share := float64(t.Errors+t.IgnoredErrors) / float64(max(t.Transactions+t.Errors, 1)) * 100
	s := fmt.Sprintf("Errors: %s for %s transactions (%s)", fmtCount(t.Errors+t.IgnoredErrors), fmtCount(t.Transactions), fmtPct(share))
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	if t.Errors == 0 {
		return s + "; none failed."
	}
	return s + "."
}

func schedule(r *results.Result) string {
	sc := r.Totals.Schedule
	if sc == nil || sc.TargetRate <= 0 {
		return ""
	}
	got := r.Totals.TPS / sc.TargetRate
	s := fmt.Sprintf("Open loop at %s txn/s (%s arrivals): achieved %s TPS (%s of the target); %s of %s starts were late (>1 ms), %s dropped, schedule lag avg %s ms, max %s ms.",
		fmtNum(sc.TargetRate), sc.Arrival, fmtNum(r.Totals.TPS), fmtPct(got*100), fmtCount(sc.Late), fmtCount(sc.Starts), fmtCount(sc.Dropped), fmtMs(sc.LagAvgMs), fmtMs(sc.LagMaxMs))
	if got < rateShortfall {
		s += " The database could not keep up with the target rate: latency includes the queueing."
	}
	return s
}

// cpuBusy is the average share of all CPUs that was neither idle nor waiting
// on IO.
func cpuBusy(rs *results.Resources) float64 { return max(0, 100-rs.CPUIdleAvg-rs.CPUIowaitAvg) }

func resourceFindings(r *results.Result) []string {
	rs := r.Resources
	if rs == nil || rs.Samples == 0 {
		return nil
	}
	var f []string
	cpus := 0
	if r.Environment != nil {
		cpus = r.Environment.CPUs
	}
	on := ""
	if cpus > 0 {
		on = fmt.Sprintf(" of %s", fmtPlural(int64(cpus), "CPU"))
	}
	b := cpuBusy(rs)
	if b >= cpuBound {
		f = append(f, fmt.Sprintf("Host CPU is %s busy on average%s (peak %s): the run is CPU-bound.", fmtPct(b), on, fmtPct(rs.CPUBusyPeak)))
	}
	if rs.CPUIowaitAvg >= ioBound {
		f = append(f, fmt.Sprintf("IO wait averages %s (peak %s): the run is IO-bound.", fmtPct(rs.CPUIowaitAvg), fmtPct(rs.CPUIowaitPeak)))
	}
	if rs.DiskUtilPeak >= diskSaturated && rs.DiskPeakName != "" {
		f = append(f, fmt.Sprintf("Disk %s is %s busy at its peak: requests queue on the device.", rs.DiskPeakName, fmtPct(rs.DiskUtilPeak)))
	}
	if rs.CPUStealAvg >= stealHigh {
		f = append(f, fmt.Sprintf("The hypervisor steals %s of the CPU: numbers on this virtual machine vary with its neighbours.", fmtPct(rs.CPUStealAvg)))
	}
	if cpus > 0 && b > 0 {
		client := rs.ProcCPUAvg / 100
		used := b / 100 * float64(cpus)
		share := client / used
		switch {
		case share >= clientHeavy:
			f = append(f, fmt.Sprintf("dbgauge itself uses %s cores, %s of the CPU in use: client and database compete for this host; run the database on another machine for its full speed.",
				fmtNum(client), fmtPct(share*100)))
		default:
			f = append(f, fmt.Sprintf("dbgauge itself uses %s cores (%s of the CPU in use): the client is not the bottleneck.", fmtNum(client), fmtPct(share*100)))
		}
	}
	if rs.ServerCPUPeak > 0 {
		f = append(f, fmt.Sprintf("The database server uses %s cores on average (peak %s).", fmtNum(rs.ServerCPUAvg/100), fmtNum(rs.ServerCPUPeak/100)))
	}
	return f
}

func cache(r *results.Result) string {
	if r.Server == nil {
		return ""
	}
	for _, k := range slices.Sorted(maps.Keys(r.Server.Ratios)) {
		v := r.Server.Ratios[k]
		if v < 0 || !strings.Contains(k, "hit") {
			continue
		}
		name := strings.ReplaceAll(strings.TrimSuffix(k, "_pct"), "_", " ")
		if v >= cacheGood {
			return fmt.Sprintf("The server's %s ratio is %.1f%%: the working set is in memory.", name, v)
		}
		return fmt.Sprintf("The server's %s ratio is %.1f%%: %.1f%% of reads miss the cache and go to storage.", name, v, 100-v)
	}
	return ""
}

// Conclusion sums a run up in one paragraph: what ran where, what it
// sustained, and what limited it.
func Conclusion(r *results.Result) string {
	t := r.Totals
	where := r.Target.Driver
	if r.Target.ServerVersion != "" {
		where += " " + r.Target.ServerVersion
	}
	host := ""
	if e := r.Environment; e != nil && e.CPUs > 0 {
		host = fmt.Sprintf(" on %s", fmtPlural(int64(e.CPUs), "CPU"))
		if e.CPUModel != "" {
			host += " (" + e.CPUModel + ")"
		}
	}
	who := fmtPlural(int64(r.Run.Threads), "thread")
	if c := r.Run.Connections; c > 0 && c < r.Run.Threads {
		who = fmt.Sprintf("%s over %s", fmtPlural(int64(r.Run.Threads), "user"), fmtPlural(int64(c), "connection"))
	}
	s := fmt.Sprintf("%s against %s%s with %s sustained %s TPS (%s QPS) over %s, with p95 latency %s ms and p99 %s ms.",
		r.Workload.Name, where, host, who, fmtNum(t.TPS), fmtNum(t.QPS), fmtSeconds(t.DurationS), fmtMs(r.Latency.P95), fmtMs(r.Latency.P99))
	if rs := r.Resources; rs != nil && rs.Samples > 0 {
		b := cpuBusy(rs)
		want, waitMs, paced := thinkPaced(r)
		switch {
		case b < cpuBound && paced:
			s += fmt.Sprintf(" The users' waits set the pace, not the database: %s users waiting %s ms between transactions ask for %s/s (Little's law); more users, or shorter waits, load it more.",
				fmtCount(int64(r.Run.Threads)), fmtMs(waitMs), fmtNum(want))
		case b >= cpuBound:
			s += fmt.Sprintf(" The host's CPU was saturated (%s busy): on this machine, more threads will not raise throughput.", fmtPct(b))
		case rs.CPUIowaitAvg >= ioBound:
			s += fmt.Sprintf(" Storage set the pace (IO wait %s): faster storage or more memory for the cache would help more than threads.", fmtPct(rs.CPUIowaitAvg))
		default:
			s += fmt.Sprintf(" Neither CPU (%s busy) nor IO (%s wait) was saturated: the limit lies elsewhere (locks, round trips, or too few threads); a threads sweep finds where throughput stops growing.",
				fmtPct(b), fmtPct(rs.CPUIowaitAvg))
		}
	} else {
		s += " The host was not sampled (--no-monitor), so what limited the run is not known."
	}
	if tps := measured(r); len(tps) >= 3 {
		if mean, std := meanStd(tps); mean > 0 && std/mean > unstableCV {
			s += " Throughput was unstable, so repeat the run before drawing conclusions from small differences."
		}
	}
	if t.Errors+t.IgnoredErrors > 0 {
		s += fmt.Sprintf(" %s errors occurred.", fmtCount(t.Errors+t.IgnoredErrors))
	}
	return s
}
