package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// intervals makes one-second intervals with the given TPS.
func intervals(tps ...float64) []results.Interval {
	ivs := make([]results.Interval, len(tps))
	for i, v := range tps {
		ivs[i] = results.Interval{T: float64(i + 1), DurS: 1, TPS: v}
	}
	return ivs
}

func has(f []string, want string) bool {
	for _, s := range f {
		if strings.Contains(s, want) {
			return true
		}
	}
	return false
}

func TestFindings(t *testing.T) {
	base := func() *results.Result {
		return &results.Result{Workload: results.Workload{Name: "oltp_read_write"}, Target: results.Target{Driver: "sqlite"},
			Run: results.Run{Threads: 4, Percentile: 95}, Totals: results.Totals{Transactions: 10000, TPS: 1000, DurationS: 10},
			Latency: results.Latency{Count: 10000, P50: 2, P95: 4, P99: 5, Max: 6}}
	}
	cases := []struct {
		name   string
		change func(r *results.Result)
		want   []string
		absent []string
	}{
		{"steady", func(r *results.Result) { r.Intervals = intervals(1000, 1010, 990, 1000, 1005, 995) },
			[]string{"Throughput is steady: interval TPS varies by 0.65% over 6 intervals, from 990 to 1,010 TPS"}, []string{"unstable"}},
		{"unstable", func(r *results.Result) { r.Intervals = intervals(1000, 400, 1600, 1000, 300, 1700) },
			[]string{"Throughput is unstable: interval TPS varies by 53%"}, nil},
		{"short last interval is left out", func(r *results.Result) {
			r.Intervals = append(intervals(1000, 1000, 1000), results.Interval{T: 3.01, DurS: 0.01, TPS: 100})
		}, []string{"varies by 0.0% over 3 intervals"}, nil},
		{"warmup is left out", func(r *results.Result) {
			r.Intervals = append([]results.Interval{{T: -1, DurS: 1, TPS: 5, Warmup: true}}, intervals(1000, 1000, 1000)...)
		}, []string{"over 3 intervals"}, nil},
		{"decline", func(r *results.Result) { r.Intervals = intervals(1000, 1000, 900, 800, 700, 600) },
			[]string{"Throughput declines during the run: the last third averages 650 TPS, −35% against the first third (1,000)"}, nil},
		{"stall", func(r *results.Result) { r.Intervals = intervals(1000, 0, 0, 1000) },
			[]string{"Throughput dropped to zero in 2 of 4 intervals"}, nil},
		{"max against p95", func(r *results.Result) { r.Latency.Max = 28 },
			[]string{"Max latency is 7.0× p95 (28.0 ms against 4.00 ms)"}, nil},
		{"no outlier under 5×", func(r *results.Result) { r.Latency.Max = 12 }, nil, []string{"Max latency"}},
		{"long tail", func(r *results.Result) { r.Latency.P99 = 12 },
			[]string{"The latency tail is long: p99 is 6.0× p50 (12.0 ms against 2.00 ms)"}, nil},
		{"tight tail", func(r *results.Result) { r.Latency.P99 = 3 }, []string{"Latency is tight: p99 is 1.5× p50"}, nil},
		{"errors by class", func(r *results.Result) {
			r.Totals.Errors, r.Totals.IgnoredErrors = 3, 20
			r.Totals.ErrorsByClass = map[string]int64{"lock_wait_timeout": 3}
			r.Totals.IgnoredByClass = map[string]int64{"deadlock": 20}
		}, []string{"Errors: 23 for 10,000 transactions (0.23%): 20 deadlock retried, 3 lock_wait_timeout failed."}, nil},
		{"cpu bound", func(r *results.Result) {
			r.Environment = &results.Environment{CPUs: 8}
			r.Resources = &results.Resources{Samples: 10, CPUIdleAvg: 5, CPUIowaitAvg: 1, CPUBusyPeak: 99, ProcCPUAvg: 80}
		}, []string{"Host CPU is 94% busy on average of 8 CPUs (peak 99%): the run is CPU-bound.",
			"dbgauge itself uses 0.80 cores (11% of the CPU in use): the client is not the bottleneck."}, []string{"IO-bound"}},
		{"io bound", func(r *results.Result) {
			r.Resources = &results.Resources{Samples: 10, CPUIdleAvg: 40, CPUIowaitAvg: 35, CPUIowaitPeak: 60, DiskUtilPeak: 97, DiskPeakName: "sda"}
		}, []string{"IO wait averages 35% (peak 60%): the run is IO-bound.", "Disk sda is 97% busy at its peak"}, []string{"CPU-bound"}},
		{"heavy client", func(r *results.Result) {
			r.Environment = &results.Environment{CPUs: 2}
			r.Resources = &results.Resources{Samples: 10, CPUIdleAvg: 50, ProcCPUAvg: 60}
		}, []string{"dbgauge itself uses 0.60 cores, 60% of the CPU in use: client and database compete for this host"}, nil},
		{"steal", func(r *results.Result) { r.Resources = &results.Resources{Samples: 3, CPUIdleAvg: 50, CPUStealAvg: 12} },
			[]string{"The hypervisor steals 12% of the CPU"}, nil},
		{"cache hit good", func(r *results.Result) { r.Server = &results.Server{Ratios: map[string]float64{"cache_hit_pct": 99.7}} },
			[]string{"The server's cache hit ratio is 99.7%: the working set is in memory."}, nil},
		{"cache hit poor", func(r *results.Result) {
			r.Server = &results.Server{Ratios: map[string]float64{"buffer_pool_hit_pct": 82}}
		}, []string{"The server's buffer pool hit ratio is 82.0%: 18.0% of reads miss the cache"}, nil},
		{"unknown ratio is skipped", func(r *results.Result) { r.Server = &results.Server{Ratios: map[string]float64{"cache_hit_pct": -1}} },
			nil, []string{"hit ratio"}},
		{"open loop short of its target", func(r *results.Result) {
			r.Totals.Schedule = &results.Schedule{TargetRate: 2000, Arrival: "poisson", Starts: 10000, Late: 900, Dropped: 5, LagAvgMs: 3, LagMaxMs: 250}
		}, []string{"Open loop at 2,000 txn/s (poisson arrivals): achieved 1,000 TPS (50% of the target); 900 of 10,000 starts were late (>1 ms), 5 dropped",
			"could not keep up"}, nil},
		{"open loop on target", func(r *results.Result) {
			r.Totals.Schedule = &results.Schedule{TargetRate: 1000, Arrival: "fixed", Starts: 10000}
		}, []string{"achieved 1,000 TPS (100% of the target)"}, []string{"could not keep up"}},
		{"reconnects", func(r *results.Result) { r.Totals.Reconnects = 3 }, []string{"3 reconnects: connections were lost and reopened"}, nil},
		{"interrupted", func(r *results.Result) { r.Interrupted = true }, []string{"The run was interrupted"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := base()
			c.change(r)
			f := Findings(r)
			for _, w := range c.want {
				if !has(f, w) {
					t.Errorf("no finding says %q; findings:\n%s", w, strings.Join(f, "\n"))
				}
			}
			for _, a := range c.absent {
				if has(f, a) {
					t.Errorf("a finding says %q; findings:\n%s", a, strings.Join(f, "\n"))
				}
			}
		})
	}
}

func TestConclusion(t *testing.T) {
	r := fixedRun("postgres", 4, 1200)
	c := Conclusion(r)
	for _, w := range []string{"oltp_read_write against postgres 15.4 on 4 CPUs", "1,200 TPS", "p95 latency 5.20 ms", "Neither CPU"} {
		if !strings.Contains(c, w) {
			t.Errorf("conclusion lacks %q: %s", w, c)
		}
	}
	r.Resources = nil
	if c := Conclusion(r); !strings.Contains(c, "not sampled") {
		t.Errorf("conclusion without host samples: %s", c)
	}
}

func sweepOf(param string, vals []string, threads []int, tps, qps, p95 []float64) *results.Sweep {
	s := &results.Sweep{Workload: "w", Parameter: param}
	for i := range vals {
		s.Steps = append(s.Steps, results.SweepStep{Value: vals[i], Threads: threads[i], TPS: tps[i], QPS: qps[i], P95Ms: p95[i]})
	}
	return s
}

func TestSweepFindings(t *testing.T) {
	th := []int{1, 2, 4, 8}
	cases := []struct {
		name string
		s    *results.Sweep
		want []string
	}{
		{"knee", sweepOf("threads", []string{"1", "2", "4", "8"}, th, []float64{500, 950, 1800, 1810}, []float64{1, 1, 1, 1}, []float64{2, 2.1, 2.5, 7.75}),
			[]string{"TPS peaks at 4 threads (1,800 TPS, within 5% of the best, 1,810 at 8); at 8, p95 is 3.1× higher (7.75 ms against 2.50 ms) for no gain.",
				"From 1 to 8 threads (8.0× the threads), TPS grows 3.6× (500 to 1,810): 45% of linear scaling."}},
		{"the knee the sweep found wins", func() *results.Sweep {
			s := sweepOf("threads", []string{"1", "2"}, th[:2], []float64{1, 1}, []float64{1, 1}, []float64{1, 1})
			s.Knee = &results.Knee{Index: 0, Value: "1", Finding: "TPS reaches 1 at 1 thread."}
			return s
		}(), []string{"TPS reaches 1 at 1 thread."}},
		{"still growing", sweepOf("threads", []string{"1", "2", "4"}, th[:3], []float64{500, 950, 1800}, []float64{1, 1, 1}, []float64{2, 2, 2}),
			[]string{"TPS still grows at the largest step: 1,800 TPS at 4 threads, +89% over 2; the knee is beyond this sweep."}},
		{"less throughput past the peak", sweepOf("threads", []string{"1", "2", "4"}, th[:3], []float64{500, 1000, 700}, []float64{1, 1, 1}, []float64{2, 3, 9}),
			[]string{"TPS peaks at 2 threads (1,000 TPS); at 4, p95 is 3.0× higher (9.00 ms against 3.00 ms) for 30% less throughput."}},
		{"data size", sweepOf("record-count", []string{"10000", "100000", "1000000"}, []int{4, 4, 4}, []float64{1, 1, 1}, []float64{20000, 18000, 9000}, []float64{1, 1.2, 4}),
			[]string{"QPS drops 55% from record-count 10000 to 1000000 (20,000 to 9,000 QPS); p95 goes from 1.00 ms to 4.00 ms.",
				"The steepest drop is from 100000 to 1000000 (−50%)"}},
		{"knee on the throughput figure", func() *results.Sweep {
			s := sweepOf("threads", []string{"1", "2", "4"}, th[:3], []float64{40000, 20000, 1900}, []float64{1, 1, 1}, []float64{0.1, 0.4, 4})
			for i, g := range []float64{40000, 200000, 190000} {
				s.Steps[i].Throughput = &results.Figure{Name: "gets", Value: g, Unit: "gets/s", Throughput: true}
			}
			return s
		}(), []string{"gets/s peaks at 2 threads (200,000 gets/s); at 4, p95 is 10× higher (4.00 ms against 0.400 ms) for 5.0% less throughput."}},
		{"targets", sweepOf("db", []string{"postgres", "mysql", "sqlite"}, []int{4, 4, 4}, []float64{2000, 1000, 500}, []float64{1, 1, 1}, []float64{3, 5, 2}),
			[]string{"postgres leads with 2,000 TPS, 2.0× mysql (1,000 TPS); sqlite is last with 500 TPS.",
				"The lowest p95 is sqlite's, 2.00 ms; the highest mysql's, 5.00 ms."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := SweepFindings(c.s)
			for _, w := range c.want {
				if !has(f, w) {
					t.Errorf("no finding says %q; findings:\n%s", w, strings.Join(f, "\n"))
				}
			}
			if SweepConclusion(c.s) == "" {
				t.Error("no conclusion")
			}
		})
	}
}

func TestCompareFindings(t *testing.T) {
	a, b := fixedRun("postgres", 4, 1000), fixedRun("mysql", 4, 1250)
	b.Latency.P95 = 2.6
	b.Workload.Name = "oltp_read_only"
	rs := []*results.Result{a, b}
	labels := RunLabels(rs, nil)
	if labels[0] != "postgres oltp_read_write" || labels[1] != "mysql oltp_read_only" {
		t.Errorf("labels = %q", labels)
	}
	f := CompareFindings(rs, labels)
	for _, w := range []string{"mysql oltp_read_only against postgres oltp_read_write: TPS +25% (1,250 against 1,000), p95 −50% (2.60 ms against 5.20 ms).",
		"The runs differ in workload"} {
		if !has(f, w) {
			t.Errorf("no finding says %q; findings:\n%s", w, strings.Join(f, "\n"))
		}
	}
	if c := CompareConclusion(rs, labels); !strings.Contains(c, "mysql oltp_read_only gave the most throughput, 1,250 TPS, and also the lowest p95 (2.60 ms).") {
		t.Errorf("conclusion: %s", c)
	}
	same := RunLabels([]*results.Result{a, a}, []string{"x", "y"})
	if same[0] != "x" || same[1] != "y" {
		t.Errorf("identical runs are told apart by their folders: %q", same)
	}
}
