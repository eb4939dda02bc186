package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/monitor"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/run"
)

// graceAfterEnd lets transactions in flight at the end finish before their
// context is cancelled: sysbench waits for them too (--forced-shutdown off).
const graceAfterEnd = 10 * time.Second

func (e *env) runCmd() *cobra.Command {
	o := &options{}
	cmd := &cobra.Command{
		Use:   "run WORKLOAD",
		Short: "Run a workload (prepares the data first if it is missing)",
		Args:  oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.run(cmd.Context(), o, args[0])
		},
	}
	addTargetFlags(cmd, o)
	addRunFlags(cmd, o)
	addWorkloadFlags(cmd, o)
	return cmd
}

// runDefault is the bare command: oltp_read_write on a fresh SQLite file.
func (e *env) runDefault(ctx context.Context, o *options) error {
	if o.dbURL() != "" {
		return e.run(ctx, o, "oltp_read_write")
	}
	dir, err := os.MkdirTemp("", "dbgauge-")
	if err != nil {
		return fmt.Errorf("cannot create a temporary directory for the SQLite file: %w", err)
	}
	defer os.RemoveAll(dir)
	o.db = "sqlite:" + filepath.Join(dir, "dbgauge.sqlite")
	return e.run(ctx, o, "oltp_read_write")
}

func (e *env) run(ctx context.Context, o *options, name string) error {
	res, dir, err := e.runOne(ctx, o, name)
	if res == nil {
		return err
	}
	if aerr := e.afterRun(o, res, dir); aerr != nil && err == nil {
		err = aerr
	}
	return err
}

// runOne runs one workload once: it prepares the data if missing, runs the
// load, writes the results folder and prints the summary. It returns the
// result and its folder whenever a result was written, with the error that
// ended the run (interrupted, aborted) if any. sweep and experiment call it
// once per step.
func (e *env) runOne(ctx context.Context, o *options, name string) (*results.Result, string, error) {
	s, err := e.start(ctx, o, name, true, func() error { return checkOutputs(o) })
	if err != nil {
		return nil, "", err
	}
	w, values, inst, tg, conn, ds, st := s.w, s.v, s.inst, s.tg, s.conn, s.ds, s.state
	ignore, _ := o.ignoreSet()
	if st, err = e.refresh(ctx, o, conn, ds, st); err != nil {
		conn.Close()
		return nil, "", err
	}
	if err := checkReady(st, ds, name); errors.Is(err, errMissing) {
		if o.noPrepare {
			conn.Close()
			return nil, "", usageErr("dataset %s is not prepared (--no-prepare): run `dbgauge prepare %s` first", ds.Name(), name)
		}
		if err := e.load(ctx, o, tg, conn, ds, false); err != nil {
			conn.Close()
			return nil, "", err
		}
		if st, err = ds.Check(ctx, conn); err != nil {
			conn.Close()
			return nil, "", err
		}
	} else if err != nil {
		conn.Close()
		return nil, "", err
	}
	// The control connection stays open, idle, to read the server's
	// statistics before and after the run.
	defer conn.Close()
	var before *db.ServerStats
	stats, hasStats := conn.(db.StatsReader)
	if hasStats {
		before, _ = stats.ServerStats(ctx)
	}

	folder, err := results.Create(o.resultsDir, name, time.Now())
	if err != nil {
		return nil, "", usageErr("--results-dir: %v", err)
	}
	defer folder.Close()
	base := results.Result{
		Tool:     results.Tool{Name: "dbgauge", Version: Version},
		Workload: results.Workload{Name: name, Family: w.Meta().Family, Options: values.Map()},
		Target:   results.Target{Driver: tg.driver.Name(), URL: tg.t.Redacted()},
		Run: results.Run{Threads: o.threads, TimeS: float64(o.time), Events: o.events, WarmupS: float64(o.warmup),
			RampS: float64(o.ramp), Rate: o.rate, RateArrival: arrivalIf(o),
			Seed: o.seed, ReportIntervalS: o.reportInterval, Percentile: float64(o.percentile), IgnoreErrors: o.ignoreErrors},
	}
	if st.Stamp != nil {
		base.Dataset = &results.Dataset{Name: st.Stamp.Dataset, Shape: st.Stamp.Shape, Info: st.Stamp.Info}
	}
	report.Header(e.stdout, &base)
	e.observe(func(ob runObserver) { ob.Start(&base, folder.Dir) })

	interval := time.Duration(o.reportInterval * float64(time.Second))
	if interval <= 0 {
		interval = time.Second
	}
	var writeErr error
	var sample func() *results.HostSample
	var server *monitor.Server
	var serverBefore float64
	var poller *serverPoller
	if !o.noMonitor && hasStats && before != nil {
		poller = startServerPoller(ctx, stats, before, interval)
	}
	if !o.noMonitor {
		host := monitor.NewHost()
		if server = monitor.FindServer(tg.t.Raw); server != nil {
			serverBefore = server.PSSMB()
		}
		sample = func() *results.HostSample {
			s := host.Sample()
			if s != nil && server != nil {
				s.ServerCPUPct, s.ServerMemMB = server.Sample()
			}
			if s != nil {
				s.Server = poller.sample()
			}
			return s
		}
	}
	cfg := run.Config{
		Sample:   sample,
		Instance: inst, Driver: tg.driver, Target: tg.t, Users: o.threads,
		Duration: time.Duration(o.time) * time.Second, Events: o.events, Warmup: time.Duration(o.warmup) * time.Second,
		Ramp: time.Duration(o.ramp) * time.Second, Rate: o.rate, Arrival: o.arrival,
		MaxLag:   time.Duration(o.maxLag * float64(time.Second)),
		Interval: interval, Percentile: float64(o.percentile), Seed: o.seed,
		Ignore: ignore, MaxErrors: o.maxErrors, Grace: graceAfterEnd, DiscardIntervals: true,
		OnInterval: func(iv results.Interval) {
			if o.reportInterval > 0 && iv.DurS >= interval.Seconds()/2 {
				io.WriteString(e.stdout, report.IntervalLine(iv, float64(o.percentile), o.rate > 0))
			}
			e.observe(func(ob runObserver) { ob.Interval(iv) })
			if err := folder.AppendInterval(iv); err != nil && writeErr == nil {
				writeErr = err
				fmt.Fprintf(e.stderr, "dbgauge: cannot append to intervals.jsonl: %v\n", err)
			}
		},
	}
	stopFootprint := keepFootprint()
	out, err := run.Run(ctx, cfg)
	stopFootprint()
	poller.close()
	if err != nil {
		return nil, "", err
	}
	res := out.Result(base, float64(o.percentile))
	dataPath := ""
	if l, ok := tg.driver.(db.Local); ok {
		dataPath, _ = l.DataPath(tg.t)
	} else if server != nil && before != nil {
		// A server on this host: its data directory's device.
		dataPath = serverDataDir(before.Settings)
	}
	e.completeResult(res, out, folder, dataPath)
	res.Target.ServerVersion = out.ServerVersion

	res.Resources = monitor.Resources(res.Intervals, serverBefore, o.threads)
	if hasStats && before != nil {
		// The workers' connections are closed; their server processes
		// flush their statistics as they exit (PostgreSQL), a moment later.
		time.Sleep(200 * time.Millisecond)
		if after, err := stats.ServerStats(context.WithoutCancel(ctx)); err == nil {
			res.Server = serverDelta(stats, before, after)
		}
	}
	return e.writeRun(o, res, out, folder, "transactions")
}

// completeResult adds what the run's outcome lacks: the environment and the
// intervals, read back from disk (they are not kept in memory, so that
// memory stays flat over long runs).
func (e *env) completeResult(res *results.Result, out *run.Outcome, folder *results.Folder, dataPath string) {
	env := monitor.Environment(Version, message(errors.New(strings.Join(os.Args, " ")), e.secrets), dataPath)
	env.GOMAXPROCS, env.GOGC = out.GOMAXPROCS, out.GOGC
	res.Environment = &env
	if ivs, err := folder.ReadIntervals(); err == nil {
		res.Intervals = ivs
	} else {
		fmt.Fprintf(e.stderr, "dbgauge: cannot read back intervals.jsonl: %v\n", err)
	}
}

// writeRun prints the summary, writes result.json and summary.txt, tells
// the observers, and turns an interrupted or aborted run into its exit
// code. unit names what failed ("transactions", "events").
func (e *env) writeRun(o *options, res *results.Result, out *run.Outcome, folder *results.Folder, unit string) (*results.Result, string, error) {
	var summary bytes.Buffer
	report.Summary(&summary, res, o.histogram)
	e.stdout.Write(summary.Bytes())
	if err := folder.WriteResult(res); err != nil {
		return nil, "", err
	}
	if err := folder.WriteFile("summary.txt", summary.Bytes()); err != nil {
		return nil, "", err
	}
	e.observe(func(ob runObserver) { ob.End(res, folder.Dir) })
	fmt.Fprintf(e.stderr, "Results: %s\n", folder.Dir)
	switch {
	case res.Interrupted:
		return res, folder.Dir, withCode(ExitInterrupted, fmt.Errorf("interrupted; partial results saved in %s", folder.Dir))
	case out.Aborted != nil:
		return res, folder.Dir, withCode(ExitAborted, fmt.Errorf("run aborted after %d failed %s (--max-errors %d): %w", res.Totals.Errors, unit, o.maxErrors, out.Aborted))
	}
	return res, folder.Dir, nil
}

// serverDataDir is the data directory a server reports, if it does.
func serverDataDir(settings map[string]string) string {
	for _, k := range []string{"data_directory", "datadir"} {
		if d := settings[k]; d != "" {
			return d
		}
	}
	return ""
}

func arrivalIf(o *options) string {
	if o.rate > 0 {
		return o.arrival
	}
	return ""
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
