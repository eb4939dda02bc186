package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// Host saturation against users: beside each scaling curve's throughput,
// the host's CPU busy, CPU iowait and the busiest disk's IOPS at every
// user count, and a sentence saying what on the host ran out where the
// curve flattens (or, while it still rises, what is closest to running
// out). The words are decided by the same thresholds as a run's findings
// (cpuBound, ioBound, diskSaturated), applied to the figures as the table
// prints them, so the words and the numbers agree.
//
// Host figures describe the machine dbgauge sampled. They say what
// saturated the database only when the database ran there: a local server
// (its process was sampled, or the connection was local) or an embedded
// file database. Otherwise they are the client's, and the sentence says
// so.

// hostLoad is what the sampled host did during one run, averaged over its
// measured intervals.
type hostLoad struct {
	// cpuBusy and iowait are percent of all CPUs (busy: neither idle nor
	// waiting on IO).
	cpuBusy, iowait float64
	// iops and diskUtil are the busiest disk's (most reads and writes)
	// average IOPS and utilisation; disk is its name, "" when no disk
	// did any IO.
	iops, diskUtil float64
	disk           string
	// serverHere: the database ran on the sampled host.
	serverHere bool
}

// hostOf is r's host load, nil when the host was not sampled.
func hostOf(r *results.Result) *hostLoad {
	rs := r.Resources
	if rs == nil || rs.Samples == 0 {
		return nil
	}
	return &hostLoad{cpuBusy: cpuBusy(rs), iowait: rs.CPUIowaitAvg, iops: rs.DiskIOPSAvg, diskUtil: rs.DiskUtilAvg,
		disk: rs.DiskBusiest, serverHere: databaseHere(r)}
}

// databaseHere says whether r's database ran on the host dbgauge sampled:
// its server's process was sampled there, the server was reached through
// a local connection, or its data is a path on this host (a SQLite file,
// or a local server's data directory).
func databaseHere(r *results.Result) bool {
	if rs := r.Resources; rs != nil && (rs.ServerCPUPeak > 0 || rs.ServerMemPeakMB > 0) {
		return true
	}
	e := r.Environment
	switch {
	case e == nil:
		return false
	case e.ServerData != nil:
		return e.ServerData.Local
	}
	return e.DataPath != ""
}

// cpuSaturated and diskSaturatedAt judge one run's host load. The disk
// counts as saturated when iowait reaches ioBound, or when its busiest
// device was busy diskSaturated percent of the time on average: a device
// with a request in flight 90% of the time queues the next ones (on SSDs,
// which serve many requests at once, a sign rather than proof; iowait is
// the first test).
func (h *hostLoad) cpuSaturated() bool { return shown(h.cpuBusy) >= cpuBound }
func (h *hostLoad) diskSaturatedAt() bool {
	return shown(h.iowait) >= ioBound || (h.disk != "" && shown(h.diskUtil) >= diskSaturated)
}

// cpuNear: a CPU busy 75% or more on average over a run is short of
// cycles at its peaks (interval averages hide bursts, and a busy host
// schedules worse): where a curve flattens there, the CPU is the likely
// limit, though not a proven one.
const cpuNear = 75

// shown is a percentage as fmtPct prints it above 10%: the thresholds are
// applied to it, so that 89.6% printed as "90%" counts as 90%.
func shown(pct float64) float64 { return math.Round(pct) }

// anyHost says whether any point of the curves has host figures.
func anyHost(cs []curve) bool {
	for _, c := range cs {
		for _, p := range c.points {
			if p.host != nil {
				return true
			}
		}
	}
	return false
}

// saturationHead are the scaling table's host columns.
var saturationHead = []string{"CPU busy %", "iowait %", "disk IOPS"}

// saturationCells are p's host columns: "-" where the host was not
// sampled.
func saturationCells(p scalePoint) []string {
	h := p.host
	if h == nil {
		return []string{"-", "-", "-"}
	}
	iops := "-"
	if h.disk != "" {
		iops = fmtNum(h.iops) + " (" + h.disk + ")"
	}
	return []string{fmtPct(h.cpuBusy), fmtPct(h.iowait), iops}
}

// saturationCharts draw CPU busy, iowait and the busiest disk's IOPS
// against users, one series per curve; none when no run has host figures.
func saturationCharts(cs []curve) []*Chart {
	if !anyHost(cs) {
		return nil
	}
	of := func(get func(h *hostLoad) float64) func(p scalePoint) float64 {
		return func(p scalePoint) float64 {
			if p.host == nil {
				return math.NaN()
			}
			return get(p.host)
		}
	}
	return []*Chart{
		scalingChart(cs, "scaling-cpu", "Host CPU busy against users (%)", "%", of(func(h *hostLoad) float64 { return h.cpuBusy })),
		scalingChart(cs, "scaling-iowait", "CPU iowait against users (%)", "%", of(func(h *hostLoad) float64 { return h.iowait })),
		scalingChart(cs, "scaling-iops", "Disk IOPS against users (reads + writes of the busiest device)", "IOPS",
			of(func(h *hostLoad) float64 {
				if h.disk == "" {
					return math.NaN()
				}
				return h.iops
			})),
	}
}

// saturationFinding says what on the host ran out as c's users grew: at
// the knee (where the rate stops rising) or, when the rate still rises at
// the largest user count, there.
func saturationFinding(c curve, rate string) string {
	k, _ := curveKnee(c)
	flat := k < len(c.points)-1
	at := c.points[k]
	var sampled []string
	for _, p := range c.points {
		if p.host != nil {
			sampled = append(sampled, strconv.Itoa(p.users))
		}
	}
	h := at.host
	switch {
	case len(sampled) == 0:
		return fmt.Sprintf("%s: the host was not sampled (runs with --no-monitor, or merged from several machines), so what ran out as users grew is not known.", c.label)
	case h == nil:
		return fmt.Sprintf("%s: the host was not sampled at %d users, %s, so what ran out is not known (host figures exist at %s users).",
			c.label, at.users, where(flat, rate), strings.Join(sampled, ", "))
	case !h.serverHere:
		s := fmt.Sprintf("%s: the database did not run on the sampled host (no server process was found there), so the host figures are the client machine's and cannot say what saturated the server.", c.label)
		if h.cpuSaturated() {
			s += fmt.Sprintf(" The client machine's CPU was %s busy at %d users: the load generator itself may be the limit.", fmtPct(h.cpuBusy), at.users)
		}
		return s
	}
	cpu, disk := h.cpuSaturated(), h.diskSaturatedAt()
	switch {
	case flat && cpu && disk:
		return fmt.Sprintf("%s: at %d users the host's CPU was %s busy and iowait %s (%s), and %s stopped rising: both the CPU and the disk are saturated.",
			c.label, at.users, fmtPct(h.cpuBusy), fmtPct(h.iowait), diskFigures(h), rate)
	case flat && cpu:
		return fmt.Sprintf("%s: at %d users the host's CPU was %s busy and %s stopped rising: the CPU is what saturates.",
			c.label, at.users, fmtPct(h.cpuBusy), rate)
	case flat && disk:
		return fmt.Sprintf("%s: %s while CPU was %s busy, and %s stopped rising there (%s): the disk saturates first.",
			c.label, diskRise(c, k), fmtPct(h.cpuBusy), rate, diskFigures(h))
	case flat && shown(h.cpuBusy) >= cpuNear:
		return fmt.Sprintf("%s: at %d users, where %s stopped rising, the host's CPU was %s busy, close to saturation, with iowait %s (%s): the CPU is probably the limit, though it was not saturated on average.",
			c.label, at.users, rate, fmtPct(h.cpuBusy), fmtPct(h.iowait), diskFigures(h))
	case flat:
		s := fmt.Sprintf("%s: at %d users, where %s stopped rising, nothing on the host saturated (CPU %s busy, iowait %s, %s): the limit is elsewhere, such as locks or the server's configuration.",
			c.label, at.users, rate, fmtPct(h.cpuBusy), fmtPct(h.iowait), diskFigures(h))
		if later := laterSaturation(c, k); later != "" {
			s += " " + later
		}
		return s
	case cpu:
		return fmt.Sprintf("%s: %s still rises at %d users, though the host's CPU is already %s busy there: of the host's resources, the CPU is the one at its limit.",
			c.label, rate, at.users, fmtPct(h.cpuBusy))
	case disk:
		return fmt.Sprintf("%s: %s still rises at %d users, though iowait is already %s there (%s) while CPU is %s busy: of the host's resources, the disk is the one at its limit.",
			c.label, rate, at.users, fmtPct(h.iowait), diskFigures(h), fmtPct(h.cpuBusy))
	case shown(h.cpuBusy) >= cpuNear:
		return fmt.Sprintf("%s: %s still rises at %d users; the host's CPU is %s busy there, close to saturation (iowait %s, %s).",
			c.label, rate, at.users, fmtPct(h.cpuBusy), fmtPct(h.iowait), diskFigures(h))
	}
	return fmt.Sprintf("%s: %s still rises at %d users and nothing on the host is saturated yet (CPU %s busy, iowait %s, %s).",
		c.label, rate, at.users, fmtPct(h.cpuBusy), fmtPct(h.iowait), diskFigures(h))
}

// where names the point a sentence looks at: the knee or the largest
// user count.
func where(flat bool, rate string) string {
	if flat {
		return "where " + rate + " stops rising"
	}
	return "the largest step, where " + rate + " still rises"
}

// diskFigures are the busiest disk's figures in a sentence.
func diskFigures(h *hostLoad) string {
	if h.disk == "" {
		return "no disk IO"
	}
	return fmt.Sprintf("busiest disk %s at %s IOPS, %s busy", h.disk, fmtNum(h.iops), fmtPct(h.diskUtil))
}

// diskRise says how the disk came to saturate by the knee k: "iowait
// rose to 35% at 200 users (over 20% from 100 users)", or by the busiest
// device's utilisation when iowait stayed under ioBound.
func diskRise(c curve, k int) string {
	h := c.points[k].host
	byIowait := shown(h.iowait) >= ioBound
	from := c.points[k].users
	for _, p := range c.points[:k+1] {
		if p.host == nil {
			continue
		}
		if (byIowait && shown(p.host.iowait) >= ioBound) || (!byIowait && p.host.diskSaturatedAt()) {
			from = p.users
			break
		}
	}
	var s, since string
	if byIowait {
		s = fmt.Sprintf("iowait rose to %s at %d users", fmtPct(h.iowait), c.points[k].users)
		since = fmt.Sprintf(" (over %s from %d users)", fmtPct(ioBound), from)
	} else {
		s = fmt.Sprintf("the busiest disk, %s, was %s busy at %d users with iowait %s", h.disk, fmtPct(h.diskUtil), c.points[k].users, fmtPct(h.iowait))
		since = fmt.Sprintf(" (over %s busy from %d users)", fmtPct(diskSaturated), from)
	}
	if from < c.points[k].users {
		s += since
	}
	return s
}

// laterSaturation names what saturated only after the knee k, "" when
// nothing did: it came with the extra users, after the rate had stopped
// rising, so it is not what flattened the curve.
func laterSaturation(c curve, k int) string {
	for _, p := range c.points[k+1:] {
		h := p.host
		if h == nil || !h.serverHere {
			continue
		}
		switch {
		case h.cpuSaturated():
			return fmt.Sprintf("The CPU reached %s busy only at %d users, after the knee.", fmtPct(h.cpuBusy), p.users)
		case h.diskSaturatedAt():
			return fmt.Sprintf("The disk saturated only at %d users (iowait %s, %s), after the knee.", p.users, fmtPct(h.iowait), diskFigures(h))
		}
	}
	return ""
}
