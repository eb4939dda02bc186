package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// load is one run of a saturation fixture: users, throughput and the
// host's averages; cpu < 0 is a run without host samples (--no-monitor).
type load struct {
	users             int
	tps, cpu, iowait  float64
	iops, util        float64
	disk              string
	remote, noMonitor bool
}

// saturationExperiment is an experiment of one curve per target over the
// given runs, each a fixedRun with its resources replaced.
func saturationExperiment(curves map[string][]load) (*results.Experiment, []*results.Result) {
	x := &results.Experiment{Name: "saturation"}
	var rs []*results.Result
	for _, target := range []string{"cpu", "disk", "locks", "blind", "remote", "rising", "gap"} {
		for _, l := range curves[target] {
			x.Runs = append(x.Runs, results.ExperimentRun{Workload: "oltp_read_write", Target: target, Params: fmt.Sprintf("users=%d", l.users)})
			r := fixedRun("postgres", l.users, l.tps)
			r.Resources = &results.Resources{Samples: 30, CPUIowaitAvg: l.iowait, CPUIdleAvg: 100 - l.cpu - l.iowait,
				DiskIOPSAvg: l.iops, DiskUtilAvg: l.util, DiskBusiest: l.disk}
			if l.noMonitor {
				r.Resources = nil
			}
			if l.remote {
				// A server elsewhere: nothing of it was found on this host.
				r.Environment.DataPath = ""
				r.Environment.ServerData = &results.StoragePlace{Path: "/var/lib/postgresql/15/main", Unknown: "the server is on another host"}
			}
			rs = append(rs, r)
		}
	}
	return x, rs
}

// TestSaturation: the words follow from the numbers. A curve whose CPU is
// 97% busy where TPS stops rising is CPU-bound; one whose iowait passes
// 20% from 100 users while CPU stays at 60% is disk-bound; one that
// flattens at 40% CPU and 2% iowait saturates nothing on the host; a
// curve without host samples, one against a remote server, one still
// rising with a busy CPU, and one unsampled at its knee say so.
func TestSaturation(t *testing.T) {
	t.Parallel()
	users := []int{50, 100, 200, 300, 400}
	curve := func(tps, cpu, iowait, iops, util []float64) []load {
		var ls []load
		for i, u := range users {
			ls = append(ls, load{users: u, tps: tps[i], cpu: cpu[i], iowait: iowait[i], iops: iops[i], util: util[i], disk: "sda"})
		}
		return ls
	}
	flat := []float64{100, 200, 380, 400, 405} // the knee is at 300 users (400 ≥ 95% of 405)
	cpuBound := curve(flat, []float64{30, 55, 85, 97, 98}, []float64{1, 1, 1, 1, 1}, []float64{50, 90, 160, 170, 170}, []float64{5, 8, 12, 13, 13})
	diskBound := curve([]float64{100, 190, 300, 310, 312}, // the knee is at 200 users
		[]float64{20, 40, 60, 60, 61}, []float64{2, 22, 35, 40, 42}, []float64{400, 800, 1850, 1900, 1900}, []float64{30, 70, 97, 99, 99})
	locks := curve([]float64{100, 195, 200, 201, 199}, // the knee is at 100 users
		[]float64{20, 38, 40, 40, 41}, []float64{2, 2, 2, 2, 2}, []float64{30, 60, 60, 60, 60}, []float64{3, 5, 5, 5, 5})
	blind := curve(flat, make([]float64, 5), make([]float64, 5), make([]float64, 5), make([]float64, 5))
	for i := range blind {
		blind[i].noMonitor = true
	}
	remote := curve(flat, []float64{20, 40, 60, 93, 95}, make([]float64, 5), make([]float64, 5), make([]float64, 5))
	for i := range remote {
		remote[i].remote = true
	}
	rising := curve([]float64{100, 200, 300, 400, 500}, []float64{20, 40, 60, 80, 92}, []float64{1, 1, 1, 1, 1}, make([]float64, 5), make([]float64, 5))
	gap := curve(flat, []float64{30, 55, 85, 97, 98}, make([]float64, 5), make([]float64, 5), make([]float64, 5))
	gap[3].noMonitor = true
	x, rs := saturationExperiment(map[string][]load{"cpu": cpuBound, "disk": diskBound, "locks": locks, "blind": blind,
		"remote": remote, "rising": rising, "gap": gap})

	s := scalingSection(x, rs)
	if s == nil {
		t.Fatal("no scaling section")
	}
	var text []string
	var table *Table
	charts := map[string]*Chart{}
	for _, b := range s.Blocks {
		text = append(text, b.List...)
		if b.Table != nil {
			table = b.Table
		}
		if b.Chart != nil {
			charts[b.Chart.ID] = b.Chart
		}
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{
		"oltp_read_write cpu: at 300 users the host's CPU was 97% busy and TPS stopped rising: the CPU is what saturates.",
		"oltp_read_write disk: iowait rose to 35% at 200 users (over 20% from 100 users) while CPU was 60% busy, and TPS stopped rising there (busiest disk sda at 1,850 IOPS, 97% busy): the disk saturates first.",
		"oltp_read_write locks: at 100 users, where TPS stopped rising, nothing on the host saturated (CPU 38% busy, iowait 2.0%, busiest disk sda at 60.0 IOPS, 5.0% busy): the limit is elsewhere, such as locks or the server's configuration.",
		"oltp_read_write blind: the host was not sampled (runs with --no-monitor, or merged from several machines), so what ran out as users grew is not known.",
		"oltp_read_write remote: the database did not run on the sampled host (no server process was found there), so the host figures are the client machine's and cannot say what saturated the server. The client machine's CPU was 93% busy at 300 users: the load generator itself may be the limit.",
		"oltp_read_write rising: TPS still rises at 400 users, though the host's CPU is already 92% busy there: of the host's resources, the CPU is the one at its limit.",
		"oltp_read_write gap: the host was not sampled at 300 users, where TPS stops rising, so what ran out is not known (host figures exist at 50, 100, 200, 400 users).",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("findings lack\n%s\nin\n%s", want, all)
		}
	}
	if strings.Contains(all, "disk: at 200 users the host's CPU") || strings.Contains(all, "locks: at 100 users the host's CPU") {
		t.Errorf("a curve that is not CPU-bound is called CPU-bound:\n%s", all)
	}

	if table == nil || len(table.Head) != 12 || table.Head[9] != "CPU busy %" || table.Head[11] != "disk IOPS" {
		t.Fatalf("table head %v, want the host columns", table.Head)
	}
	for _, row := range table.Rows {
		switch {
		case row[0] == "oltp_read_write disk" && row[1] == "200":
			if row[9] != "60%" || row[10] != "35%" || row[11] != "1,850 (sda)" {
				t.Errorf("disk-bound row %v", row)
			}
		case row[0] == "oltp_read_write blind":
			if row[9] != "-" || row[10] != "-" || row[11] != "-" {
				t.Errorf("a run without host samples shows %v", row)
			}
		}
	}
	for _, id := range []string{"scaling-cpu", "scaling-iowait", "scaling-iops"} {
		ch := charts[id]
		if ch == nil || len(ch.Series) != 7 || len(ch.X) != 5 {
			t.Fatalf("chart %s: %+v", id, ch)
		}
	}
	cpu := charts["scaling-cpu"]
	if v := cpu.Series[0].Values[3]; v == nil || *v != 97 {
		t.Errorf("CPU chart at 300 users of the CPU-bound curve: %v", v)
	}
	if cpu.Series[3].Values[0] != nil || cpu.Series[6].Values[3] != nil {
		t.Error("an unsampled run is drawn")
	}
}

// TestSaturationNotSampled: an experiment without any host samples has
// no host columns and no host charts, and says why for each curve.
func TestSaturationNotSampled(t *testing.T) {
	t.Parallel()
	var blind []load
	for i, u := range []int{10, 20, 40} {
		blind = append(blind, load{users: u, tps: float64(100 * (i + 1)), noMonitor: true})
	}
	x, rs := saturationExperiment(map[string][]load{"blind": blind})
	s := scalingSection(x, rs)
	if s == nil {
		t.Fatal("no scaling section")
	}
	var all []string
	for _, b := range s.Blocks {
		all = append(all, b.List...)
		if b.Table != nil && len(b.Table.Head) != 9 {
			t.Errorf("host columns without host samples: %v", b.Table.Head)
		}
		if b.Chart != nil && strings.HasPrefix(b.Chart.ID, "scaling-") && b.Chart.ID != "scaling-rate" && b.Chart.ID != "scaling-p90" && b.Chart.ID != "scaling-p95" {
			t.Errorf("chart %s without host samples", b.Chart.ID)
		}
	}
	if !strings.Contains(strings.Join(all, "\n"), "oltp_read_write blind: the host was not sampled") {
		t.Errorf("findings do not say the host was not sampled:\n%s", strings.Join(all, "\n"))
	}
}

// TestSaturationWords: the rarer sentences, from hand-made curves: a disk
// busy 95% of the time with little iowait, both CPU and disk saturated at
// the knee, a busy disk with the CPU at 72%, a CPU that saturates only after the knee, a rising curve with
// room on the host, a CPU close to saturation at the knee and at the
// largest count, and 89.6% CPU, printed as 90%, counting as saturated.
func TestSaturationWords(t *testing.T) {
	t.Parallel()
	pts := func(tps []float64, hosts ...hostLoad) curve {
		c := curve{label: "c"}
		for i, h := range hosts {
			h.serverHere, h.disk = true, "nvme0n1"
			c.points = append(c.points, scalePoint{users: 10 << i, rate: tps[i], host: &h})
		}
		return c
	}
	flat := []float64{100, 200, 300, 300} // the knee is at 40 users
	for _, tc := range []struct {
		c    curve
		want string
	}{
		{pts(flat, hostLoad{cpuBusy: 30, diskUtil: 40}, hostLoad{cpuBusy: 40, diskUtil: 92, iops: 3000}, hostLoad{cpuBusy: 45, iowait: 8, diskUtil: 95, iops: 4100}, hostLoad{cpuBusy: 45, diskUtil: 96}),
			"c: the busiest disk, nvme0n1, was 95% busy at 40 users with iowait 8.0% (over 90% busy from 20 users) while CPU was 45% busy, and TPS stopped rising there (busiest disk nvme0n1 at 4,100 IOPS, 95% busy): the disk saturates first."},
		{pts(flat, hostLoad{cpuBusy: 30}, hostLoad{cpuBusy: 50}, hostLoad{cpuBusy: 91, iowait: 5, diskUtil: 99, iops: 900}, hostLoad{cpuBusy: 92, iowait: 5}),
			"c: at 40 users the host's CPU was 91% busy and iowait 5.0% (busiest disk nvme0n1 at 900 IOPS, 99% busy), and TPS stopped rising: both the CPU and the disk are saturated."},
		{pts(flat, hostLoad{cpuBusy: 30}, hostLoad{cpuBusy: 50}, hostLoad{cpuBusy: 72, iowait: 25, diskUtil: 99, iops: 900}, hostLoad{cpuBusy: 72, iowait: 26}),
			"c: iowait rose to 25% at 40 users while CPU was 72% busy, and TPS stopped rising there (busiest disk nvme0n1 at 900 IOPS, 99% busy): the disk saturates first."},
		{pts(flat, hostLoad{cpuBusy: 30}, hostLoad{cpuBusy: 50}, hostLoad{cpuBusy: 60, iops: 300, diskUtil: 20}, hostLoad{cpuBusy: 95}),
			"c: at 40 users, where TPS stopped rising, nothing on the host saturated (CPU 60% busy, iowait 0.0%, busiest disk nvme0n1 at 300 IOPS, 20% busy): the limit is elsewhere, such as locks or the server's configuration. The CPU reached 95% busy only at 80 users, after the knee."},
		{pts([]float64{100, 200, 300, 400}, hostLoad{cpuBusy: 10}, hostLoad{cpuBusy: 20}, hostLoad{cpuBusy: 30}, hostLoad{cpuBusy: 40, iowait: 1.5, iops: 120, diskUtil: 9}),
			"c: TPS still rises at 80 users and nothing on the host is saturated yet (CPU 40% busy, iowait 1.5%, busiest disk nvme0n1 at 120 IOPS, 9.0% busy)."},
		{pts([]float64{100, 200, 300, 400}, hostLoad{cpuBusy: 10}, hostLoad{cpuBusy: 20}, hostLoad{cpuBusy: 30}, hostLoad{cpuBusy: 88, iowait: 0.76, iops: 1988, diskUtil: 16}),
			"c: TPS still rises at 80 users; the host's CPU is 88% busy there, close to saturation (iowait 0.76%, busiest disk nvme0n1 at 1,988 IOPS, 16% busy)."},
		{pts(flat, hostLoad{cpuBusy: 30}, hostLoad{cpuBusy: 60}, hostLoad{cpuBusy: 84, iowait: 2, iops: 500, diskUtil: 30}, hostLoad{cpuBusy: 88}),
			"c: at 40 users, where TPS stopped rising, the host's CPU was 84% busy, close to saturation, with iowait 2.0% (busiest disk nvme0n1 at 500 IOPS, 30% busy): the CPU is probably the limit, though it was not saturated on average."},
		{pts(flat, hostLoad{cpuBusy: 30}, hostLoad{cpuBusy: 50}, hostLoad{cpuBusy: 89.6}, hostLoad{cpuBusy: 90}),
			"c: at 40 users the host's CPU was 90% busy and TPS stopped rising: the CPU is what saturates."},
	} {
		if got := saturationFinding(tc.c, "TPS"); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
	rising := pts([]float64{100, 200, 300, 400}, hostLoad{}, hostLoad{}, hostLoad{}, hostLoad{})
	rising.points[3].host = nil
	if got, want := saturationFinding(rising, "WIPS"), "c: the host was not sampled at 80 users, the largest step, where WIPS still rises, so what ran out is not known (host figures exist at 10, 20, 40 users)."; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
