package session

import (
	"context"
	"path/filepath"
	"time"

	"github.com/dbgauge/dbgauge/monitor"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/run"
	"github.com/dbgauge/dbgauge/sys"
	"github.com/dbgauge/dbgauge/workload"
)

// selfLimited is the time limit of a run that --time 0 --events 0 leaves to
// the test's own limit (memory-total-size): the runner wants one of the two.
const selfLimited = 100 * 365 * 24 * time.Hour

// RunSys runs a configured sys test (dbgauge sys cpu|memory|fileio) once,
// as Run runs a workload: results folder, intervals, result.json with the
// test's own figures. The test's files, if any, must be open.
func RunSys(ctx context.Context, s Spec, w workload.Workload, t sys.Test, values workload.Values, obs Observer, env Env) (*results.Result, string, error) {
	name := w.Meta().Name
	label := "sys-" + name
	target := results.Target{Driver: "none"}
	dataPath := ""
	if f, ok := t.(sys.Files); ok {
		label += "-" + f.TestMode()
		target.URL = f.Dir()
		if abs, err := filepath.Abs(target.URL); err == nil {
			target.URL = abs // "." says little
		}
		dataPath = target.URL
	}
	folder, err := results.Create(s.ResultsDir, label, time.Now())
	if err != nil {
		return nil, "", resultsDirErr(err)
	}
	defer folder.Close()
	base := results.Result{
		Tool:     results.Tool{Name: "dbgauge", Version: env.Version},
		Workload: results.Workload{Name: name, Family: w.Meta().Family, Options: values.Map()},
		Target:   target,
		Run: results.Run{Threads: s.Users, TimeS: float64(s.TimeS), Events: s.Events, WarmupS: float64(s.WarmupS),
			RampS: float64(s.RampS), Rate: s.Rate, RateArrival: s.arrival(), Seed: s.Seed,
			ReportIntervalS: s.ReportIntervalS, Percentile: float64(s.Percentile), IgnoreErrors: s.IgnoreErrors},
		Sys: &results.Sys{Test: name, BlockSize: t.BlockSize()},
	}
	obs.Start(&base, folder.Dir)
	var sample func() *results.HostSample
	if !s.NoMonitor {
		sample = monitor.NewHost().Sample
	}
	duration := time.Duration(s.TimeS) * time.Second
	if duration == 0 && s.Events == 0 {
		duration = selfLimited // the test's own limit ends the run
	}
	ignore, err := s.IgnoreSet()
	if err != nil {
		return nil, "", err
	}
	cfg := run.Config{
		Instance: t, Users: s.Users, Sample: sample, // no Driver: no database
		Duration: duration, Events: s.Events, Warmup: time.Duration(s.WarmupS) * time.Second,
		Ramp: time.Duration(s.RampS) * time.Second, Rate: s.Rate, Arrival: s.Arrival,
		MaxLag:   time.Duration(s.MaxLagS * float64(time.Second)),
		Interval: s.interval(), Percentile: float64(s.Percentile), Seed: s.Seed,
		Ignore: ignore, MaxErrors: s.MaxErrors, Grace: GraceAfterEnd, DiscardIntervals: true,
		OnInterval: func(iv results.Interval) {
			obs.Interval(iv)
			if err := folder.AppendInterval(iv); err != nil {
				obs.Note("dbgauge: cannot append to intervals.jsonl: " + err.Error())
			}
		},
	}
	out, err := run.Run(ctx, cfg)
	if err != nil {
		return nil, "", err
	}
	res := out.Result(base, float64(s.Percentile))
	res.Sys = sysFigures(res, t)
	Complete(res, out, folder, dataPath, env, obs)
	res.Resources = monitor.Resources(res.Intervals, 0, s.Users)
	wres, dir, err := Write(res, out, folder, obs, s, "events")
	return wres, dir, finish(s, wres, dir, obs, err)
}

// sysFigures are the test's own figures, from the run's counts and what
// its operations move (sys.Moves).
func sysFigures(res *results.Result, t sys.Test) *results.Sys {
	block := t.BlockSize()
	s := &results.Sys{Test: res.Workload.Name, BlockSize: block, EventsPerSec: res.Totals.TPS}
	d := res.Totals.DurationS
	per := func(n float64) float64 {
		if d <= 0 {
			return 0
		}
		return n / d
	}
	const mib = 1 << 20
	switch t.Moves() {
	case sys.BlockPerEvent:
		s.Operations = res.Totals.Transactions
		s.MiBTransferred = float64(s.Operations) * float64(block) / mib
		s.MiBPerSec = per(s.MiBTransferred)
	case sys.BlockPerFileOp:
		reads, writes, fsyncs := res.Ops["read"].Count, res.Ops["write"].Count, res.Ops["fsync"].Count
		s.BytesRead, s.BytesWritten = reads*block, writes*block
		s.ReadsPerSec, s.WritesPerSec, s.FsyncsPerSec = per(float64(reads)), per(float64(writes)), per(float64(fsyncs))
		s.ReadMiBPerSec, s.WrittenMiBPerSec = per(float64(s.BytesRead)/mib), per(float64(s.BytesWritten)/mib)
	}
	return s
}
