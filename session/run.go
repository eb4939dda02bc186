package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/monitor"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/run"
	"github.com/dbgauge/dbgauge/workload"
)

// Env is what the caller knows about itself: dbgauge's version and the
// command line (already redacted), for the results.
type Env struct {
	Version     string
	CommandLine string
}

// Run runs s once: it prepares the data if it is missing (as s.Prepare
// allows), runs the load with the monitors, writes the results folder
// (intervals.jsonl as it goes, then result.json, summary.txt) and returns
// the result and its folder whenever a result was written, with the error
// that ended the run (an *Error of kind Interrupted or Aborted) if any.
func Run(ctx context.Context, s Spec, obs Observer, env Env) (*results.Result, string, error) {
	o, err := open(ctx, &s, true, obs)
	if err != nil {
		return nil, "", err
	}
	// The control connection stays open, idle, to read the server's
	// statistics before and after the run.
	defer o.conn.Close()
	// Server settings change before prepare and run, and go back on every
	// way out: the end, an error, an interrupt (with a context of their
	// own), a panic.
	change, err := ChangeServer(ctx, o.tg, o.conn, s.ServerSet, obs)
	if err != nil {
		return nil, "", err
	}
	defer change.Restore(ctx)
	o.tg = change.Target()
	if err := ready(ctx, &s, o, obs, env.Version); err != nil {
		return nil, "", err
	}
	cfg, err := s.config(o)
	if err != nil {
		return nil, "", err
	}
	var before *db.ServerStats
	stats, hasStats := o.conn.(db.StatsReader)
	if hasStats {
		before, _ = stats.ServerStats(ctx)
	}
	serverData, serverLog := serverStorage(ctx, o.conn)
	folder, err := results.Create(s.ResultsDir, o.W.Meta().Name, time.Now()) // a workload file: its name, not its path
	if err != nil {
		return nil, "", resultsDirErr(err)
	}
	defer folder.Close()
	base := s.base(o, env)
	obs.Start(&base, folder.Dir)

	var poller *serverPoller
	var server *monitor.Server
	var serverBefore float64
	if !s.NoMonitor {
		if hasStats && before != nil {
			poller = startServerPoller(ctx, stats, before, s.interval())
		}
		host := monitor.NewHost()
		if server = monitor.FindServer(o.tg.T.Raw); server != nil {
			serverBefore = server.PSSMB()
		}
		cfg.Sample = func() *results.HostSample {
			hs := host.Sample()
			if hs != nil && server != nil {
				hs.ServerCPUPct, hs.ServerMemMB = server.Sample()
			}
			if hs != nil {
				hs.Server = poller.sample()
			}
			return hs
		}
	}
	var writeErr error
	cfg.OnInterval = func(iv results.Interval) {
		obs.Interval(iv)
		if err := folder.AppendInterval(iv); err != nil && writeErr == nil {
			writeErr = err
			obs.Note(fmt.Sprintf("dbgauge: cannot append to intervals.jsonl: %v", err))
		}
	}
	figs := newFigures(o.Inst)
	figs.hook(ctx, &cfg, o)
	stopFootprint := keepFootprint()
	out, err := run.Run(ctx, cfg)
	stopFootprint()
	poller.close()
	if err != nil {
		var late *run.LateStartError
		if errors.As(err, &late) {
			return nil, "", &Error{Usage, err}
		}
		return nil, "", err
	}
	res := out.Result(base, float64(s.Percentile))
	dataPath := ""
	if l, ok := o.tg.Driver.(db.Local); ok {
		dataPath, _ = l.DataPath(o.tg.T)
	} else if server != nil && before != nil {
		dataPath = before.DataDir // a server on this host: its data directory's device
	}
	figs.finish(ctx, o, res, obs)
	Complete(res, out, folder, dataPath, env, obs)
	res.Environment.ServerData, res.Environment.ServerLog = serverData, serverLog
	res.Target.ServerVersion = out.ServerVersion
	res.Resources = monitor.Resources(res.Intervals, serverBefore, res.Run.Connections)
	if hasStats && before != nil {
		// The users' connections are closed; their server processes flush
		// their statistics as they exit (PostgreSQL), a moment later.
		time.Sleep(200 * time.Millisecond)
		if after, err := stats.ServerStats(context.WithoutCancel(ctx)); err == nil {
			res.Server = serverDelta(stats, before, after)
		}
	}
	res.Environment.ServerSettings = change.Restore(ctx)
	wres, dir, err := Write(res, out, folder, obs, s, "transactions")
	return wres, dir, finish(s, wres, dir, obs, ended(ctx, o.Inst, o.conn, obs, wres, dir, err))
}

// finish applies s.Finish to a written result; the run's own error, if
// any, stays the one returned.
func finish(s Spec, res *results.Result, dir string, obs Observer, err error) error {
	if res == nil {
		return err
	}
	if ferr := s.Finish.Apply(res, dir, obs); err == nil {
		return ferr
	}
	return err
}

// conns is the run's --connections, or the workload's default pool when
// it has one (workload.Pooler); 0 is one per user.
func (s *Spec) conns(o *opened) int {
	if s.Connections > 0 {
		return s.Connections
	}
	if p, ok := o.Inst.(workload.Pooler); ok {
		return min(max(p.Connections(s.Users), 0), s.Users)
	}
	return 0
}

// config is the runner's configuration of s.
func (s *Spec) config(o *opened) (run.Config, error) {
	ignore, _ := s.IgnoreSet()
	think, _ := s.ThinkOf()
	sh, _ := s.ShardOf()
	startAt, err := s.StartTime(time.Now())
	if err != nil {
		return run.Config{}, err
	}
	return run.Config{
		Instance: o.Inst, Driver: o.tg.Driver, Target: o.tg.T, Users: s.Users, Connections: s.conns(o),
		Shard: sh, StartAt: startAt, Think: think,
		Duration: time.Duration(s.TimeS) * time.Second, Events: s.Events, Warmup: time.Duration(s.WarmupS) * time.Second,
		Ramp: time.Duration(s.RampS) * time.Second, Rate: s.Rate, Arrival: s.Arrival,
		MaxLag:   time.Duration(s.MaxLagS * float64(time.Second)),
		Interval: s.interval(), Percentile: float64(s.Percentile), Seed: s.Seed,
		Ignore: ignore, MaxErrors: s.MaxErrors, Grace: GraceAfterEnd, DiscardIntervals: true,
	}, nil
}

// base is what the result knows before the run.
func (s *Spec) base(o *opened, env Env) results.Result {
	conns := s.conns(o)
	if conns == 0 {
		conns = s.Users
	}
	r := results.Result{
		Tool:     results.Tool{Name: "dbgauge", Version: env.Version},
		Workload: results.Workload{Name: s.Workload, Family: o.W.Meta().Family, Options: applying(o.W.Options(), o.Values.Map(), o.tg.Driver.Name())},
		Target:   results.Target{Driver: o.tg.Driver.Name(), URL: db.Redact(s.Target)},
		Run: results.Run{Threads: s.Users, Connections: conns, TimeS: float64(s.TimeS), Events: s.Events, WarmupS: float64(s.WarmupS),
			RampS: float64(s.RampS), Rate: s.Rate, RateArrival: s.arrival(), Think: s.Think, StartAt: s.StartAt,
			Seed: s.Seed, ReportIntervalS: s.ReportIntervalS, Percentile: float64(s.Percentile), IgnoreErrors: s.IgnoreErrors},
	}
	if sh, _ := s.ShardOf(); !sh.IsWhole() {
		r.Run.Shard = &results.Shard{Index: sh.Index, Count: sh.N()}
	}
	if st := o.state.Stamp; st != nil {
		// The shape without the options that mean nothing here, as the options table.
		shape := applying(o.W.Options(), maps.Clone(st.Shape), o.tg.Driver.Name())
		r.Dataset = &results.Dataset{Name: st.Dataset, Shape: shape, Info: st.Info, CreatedAt: st.CreatedAt}
	}
	return r
}

// Complete adds what a run's outcome lacks: the environment and the
// intervals, read back from disk (they are not kept in memory, so that
// memory stays flat over long runs).
func Complete(res *results.Result, out *run.Outcome, folder *results.Folder, dataPath string, env Env, obs Observer) {
	e := monitor.Environment(env.Version, env.CommandLine, dataPath)
	e.GOMAXPROCS, e.GOGC, e.ClientSockets = out.GOMAXPROCS, out.GOGC, out.Sockets
	e.ClientSocketsProbe = out.SocketProbe
	e.ClientWakeups = out.Wakeups
	res.Environment = &e
	if ivs, err := folder.ReadIntervals(); err == nil {
		res.Intervals = ivs
	} else {
		obs.Note(fmt.Sprintf("dbgauge: cannot read back intervals.jsonl: %v", err))
	}
}

// Write writes result.json, summary.txt and the reports, tells the observer, and turns
// an interrupted or aborted run into its error. unit names what failed
// ("transactions", "events").
func Write(res *results.Result, out *run.Outcome, folder *results.Folder, obs Observer, s Spec, unit string) (*results.Result, string, error) {
	if err := writeResult(res, folder, s.Histogram); err != nil {
		return nil, "", err
	}
	WriteReports(res, folder.Dir, obs)
	obs.End(res, folder.Dir)
	switch {
	case res.Interrupted:
		return res, folder.Dir, &Error{Interrupted, fmt.Errorf("interrupted; partial results saved in %s", folder.Dir)}
	case out.Aborted != nil:
		return res, folder.Dir, abortedErr(res.Totals.Errors, unit, s.MaxErrors, out.Aborted)
	}
	return res, folder.Dir, nil
}

// abortedErr is a run stopped by cause, its failed transactions (unit)
// beyond s.MaxErrors: an Aborted error that names the setting.
func abortedErr(failed int64, unit string, maxErrors int64, cause error) error {
	return &Error{Aborted, &SettingError{format: "run aborted after %d failed %s ({max-errors} %d): %v",
		args: []any{failed, unit, maxErrors, cause}, err: cause}}
}

// writeResult writes result.json and summary.txt (with sysbench's latency
// histogram if histogram) into folder.
func writeResult(res *results.Result, folder *results.Folder, histogram bool) error {
	var summary bytes.Buffer
	report.Summary(&summary, res, histogram)
	if err := folder.WriteResult(res); err != nil {
		return err
	}
	return folder.WriteFile("summary.txt", summary.Bytes())
}

// serverDelta is the server's statistics over the run.
func serverDelta(r db.StatsReader, before, after *db.ServerStats) *results.Server {
	s := &results.Server{Settings: after.Settings, Gauges: after.Gauges, Delta: map[string]float64{}}
	for k, v := range after.Counters {
		if b, ok := before.Counters[k]; ok && v-b != 0 {
			s.Delta[k] = v - b
		}
	}
	s.Ratios = r.Ratios(s.Delta)
	return s
}

// applying is the options' values without those that mean nothing on the
// driver (oltp's --mysql-storage-engine on SQLite).
func applying(opts []workload.Option, values map[string]string, driver string) map[string]string {
	for _, opt := range opts {
		if !opt.Applies(driver) {
			delete(values, opt.Name)
		}
	}
	return values
}
