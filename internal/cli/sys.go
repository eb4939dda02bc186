package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/monitor"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/run"
	"github.com/dbgauge/dbgauge/sys"
	"github.com/dbgauge/dbgauge/workload"
)

// selfLimited is the time limit of a run that --time 0 --events 0 leaves to
// the test's own limit (memory-total-size): the runner wants one of the two.
const selfLimited = 100 * 365 * 24 * time.Hour

// sysCmd is `dbgauge sys cpu|memory|fileio`: sysbench's machine tests, run
// by the same runner and reported in the same results as the databases.
func (e *env) sysCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sys cpu|memory|fileio [prepare|run|cleanup]",
		Short: "Machine micro-benchmarks with sysbench's meaning: cpu, memory, fileio",
		Long: `Machine micro-benchmarks with the meaning, options and defaults of sysbench
1.0.20's cpu, memory and fileio tests, run by dbgauge's runner: --threads,
--time (default 10), --events, --warmup, --rate, --report-interval,
--percentile and --histogram behave as for the database workloads, and each
run writes a results folder.`,
		Args: cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return usageErr("sys needs a test: cpu, memory or fileio")
		},
	}
	for _, w := range sys.Tests() {
		cmd.AddCommand(e.sysTestCmd(w))
	}
	for _, c := range append(cmd.Commands(), cmd) {
		c.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &exitError{ExitUsage, err} })
		c.Flags().SetNormalizeFunc(normalize)
		c.SilenceErrors, c.SilenceUsage = true, true
	}
	return cmd
}

func (e *env) sysTestCmd(w workload.Workload) *cobra.Command {
	o := &options{}
	name := w.Meta().Name
	verbs := []string{"run"}
	use := name + " [run]"
	if name == "fileio" {
		verbs = []string{"prepare", "run", "cleanup"}
		use = name + " [prepare|run|cleanup]"
	}
	cmd := &cobra.Command{
		Use:   use,
		Short: w.Meta().Description,
		Args: func(_ *cobra.Command, args []string) error {
			switch {
			case len(args) > 1:
				return usageErr("sys %s takes one command (%s), got %d arguments", name, strings.Join(verbs, ", "), len(args))
			case len(args) == 1 && !slices.Contains(verbs, args[0]):
				return usageErr("sys %s has no command %q (commands: %s)", name, args[0], strings.Join(verbs, ", "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			verb := "run"
			if len(args) == 1 {
				verb = args[0]
			}
			return e.sys(cmd.Context(), o, w, verb)
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.threads, "threads", 1, "number of worker threads")
	f.Uint64Var(&o.seed, "seed", 0, "seed of the workers' random streams")
	addRunFlags(cmd, o)
	for _, opt := range w.Options() {
		f.String(opt.Name, opt.Default, opt.Help)
		if opt.Kind == workload.Bool {
			f.Lookup(opt.Name).NoOptDefVal = "on"
		}
	}
	o.workloadFlags = f
	return cmd
}

// sysTest configures the test from its flags.
func sysTest(o *options, w workload.Workload) (sys.Test, workload.Values, error) {
	raw := map[string]string{}
	for _, opt := range w.Options() {
		if fl := o.workloadFlags.Lookup(opt.Name); fl != nil && fl.Changed {
			raw[opt.Name] = fl.Value.String()
		}
	}
	name := w.Meta().Name
	v, err := workload.ParseValues(w.Options(), raw)
	if err != nil {
		return nil, v, usageErr("sys %s: %v", name, err)
	}
	if o.threads < 1 || o.threads > maxThreads {
		return nil, v, usageErr("--threads must be between 1 and %d, got %d", maxThreads, o.threads)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: o.threads, Seed: o.seed})
	if err != nil {
		return nil, v, usageErr("sys %s: %v", name, err)
	}
	t, ok := inst.(sys.Test)
	if !ok {
		return nil, v, fmt.Errorf("sys %s is not a sys test", name)
	}
	return t, v, nil
}

func (e *env) sys(ctx context.Context, o *options, w workload.Workload, verb string) error {
	t, v, err := sysTest(o, w)
	if err != nil {
		return err
	}
	files, isFiles := t.(sys.Files)
	switch verb {
	case "prepare":
		_, err := e.sysPrepare(ctx, files, true)
		return err
	case "cleanup":
		fmt.Fprintf(e.stdout, "%s %s (sys %s)\n\nRemoving test files...\n", "dbgauge", Version, w.Meta().Name)
		removed, err := files.Cleanup()
		if err != nil {
			return sysFileErr(err)
		}
		fmt.Fprintf(e.stderr, "Removed %d test files made by dbgauge from %s\n", len(removed), absDir(files.Dir()))
		return nil
	}
	if isFiles && files.TestMode() == "" {
		return usageErr("sys fileio run: missing required argument --file-test-mode (%s)", "seqwr, seqrewr, seqrd, rndrd, rndwr or rndrw")
	}
	// The test's own limit (memory-total-size) ends a run too: --time 0
	// with --events 0 is then fine, as in sysbench.
	checked := *o
	if checked.events == 0 {
		checked.events = t.EventLimit()
	}
	if err := checked.validate(true); err != nil {
		return err
	}
	if err := checkOutputs(o); err != nil {
		return err
	}
	if isFiles {
		switch err := files.Ready(); {
		case errors.Is(err, sys.ErrNotPrepared) && o.noPrepare:
			return usageErr("the test files in %s are missing or too short (--no-prepare): run `dbgauge sys fileio prepare` with the same --file-num and --file-total-size first", files.Dir())
		case errors.Is(err, sys.ErrNotPrepared):
			fmt.Fprintf(e.stderr, "Preparing the test files in %s (missing or too short)...\n", absDir(files.Dir()))
			if _, err := e.sysPrepare(ctx, files, false); err != nil {
				return err
			}
		case err != nil:
			return sysFileErr(err)
		}
		if err := files.OpenFiles(); err != nil {
			return sysFileErr(err)
		}
		defer files.CloseFiles()
	}
	res, dir, err := e.sysRun(ctx, o, w, t, v)
	if res == nil {
		return err
	}
	if aerr := e.afterRun(o, res, dir); aerr != nil && err == nil {
		err = aerr
	}
	return err
}

// absDir is dir made absolute for messages ("." says little).
func absDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// checkOutputs fails before a run if --out or --results-dir cannot be written.
func checkOutputs(o *options) error {
	if o.out != "" {
		if err := results.CheckWritable(o.out); err != nil {
			return usageErr("--out: %v", err)
		}
	}
	if err := os.MkdirAll(o.resultsDir, 0o755); err != nil {
		return usageErr("--results-dir: cannot create %s: %v", o.resultsDir, err)
	}
	if err := results.CheckWritable(filepath.Join(o.resultsDir, "x")); err != nil {
		return usageErr("--results-dir: %v", err)
	}
	return nil
}

// sysFileErr gives the files' problems their exit code.
func sysFileErr(err error) error {
	var ie *sys.InputError
	switch {
	case errors.As(err, &ie):
		return usageErr("%v", err)
	case errors.Is(err, sys.ErrNotPrepared):
		return usageErr("the test files are missing or too short: run `dbgauge sys fileio prepare` with the same --file-num and --file-total-size")
	case errors.Is(err, context.Canceled):
		return withCode(ExitInterrupted, errors.New("interrupted; `dbgauge sys fileio cleanup` removes the test files made so far"))
	}
	return err
}

// sysPrepare is sysbench's fileio prepare, with its output on stdout.
func (e *env) sysPrepare(ctx context.Context, files sys.Files, banner bool) (int64, error) {
	if banner {
		fmt.Fprintf(e.stdout, "dbgauge %s (sys fileio)\n\n", Version)
	}
	start := time.Now()
	written, err := files.Prepare(ctx, func(line string) { fmt.Fprintln(e.stdout, line) })
	if err != nil {
		return written, sysFileErr(err)
	}
	if files.TestMode() == "seqwr" {
		return written, nil
	}
	secs := time.Since(start).Seconds()
	if written > 0 {
		fmt.Fprintf(e.stdout, "%d bytes written in %.2f seconds (%.2f MiB/sec).\n", written, secs, float64(written)/(1<<20)/secs)
	} else {
		fmt.Fprintf(e.stdout, "No bytes written.\n")
	}
	return written, nil
}

// sysRun runs a configured test once, as runOne runs a workload: results
// folder, interval lines, summary, result.json.
func (e *env) sysRun(ctx context.Context, o *options, w workload.Workload, t sys.Test, v workload.Values) (*results.Result, string, error) {
	name := w.Meta().Name
	label := "sys-" + name
	target := results.Target{Driver: "none"}
	dataPath := ""
	if f, ok := t.(sys.Files); ok {
		label += "-" + f.TestMode()
		target.URL = absDir(f.Dir())
		dataPath = target.URL
	}
	folder, err := results.Create(o.resultsDir, label, time.Now())
	if err != nil {
		return nil, "", usageErr("--results-dir: %v", err)
	}
	defer folder.Close()
	base := results.Result{
		Tool:     results.Tool{Name: "dbgauge", Version: Version},
		Workload: results.Workload{Name: name, Family: w.Meta().Family, Options: v.Map()},
		Target:   target,
		Run: results.Run{Threads: o.threads, TimeS: float64(o.time), Events: o.events, WarmupS: float64(o.warmup),
			RampS: float64(o.ramp), Rate: o.rate, RateArrival: arrivalIf(o), Seed: o.seed,
			ReportIntervalS: o.reportInterval, Percentile: float64(o.percentile), IgnoreErrors: o.ignoreErrors},
		Sys: &results.Sys{Test: name, BlockSize: t.BlockSize()},
	}
	report.SysHeader(e.stdout, &base, t.Mode(o.events))
	e.observe(func(ob runObserver) { ob.Start(&base, folder.Dir) })
	interval := time.Duration(o.reportInterval * float64(time.Second))
	if interval <= 0 {
		interval = time.Second
	}
	var sample func() *results.HostSample
	if !o.noMonitor {
		sample = monitor.NewHost().Sample
	}
	duration := time.Duration(o.time) * time.Second
	if duration == 0 && o.events == 0 {
		duration = selfLimited // the test's own limit ends the run
	}
	ignore, _ := o.ignoreSet()
	var writeErr error
	cfg := run.Config{
		Instance: t, Users: o.threads, Sample: sample, // no Driver: no database
		Duration: duration, Events: o.events, Warmup: time.Duration(o.warmup) * time.Second,
		Ramp: time.Duration(o.ramp) * time.Second, Rate: o.rate, Arrival: o.arrival,
		MaxLag:   time.Duration(o.maxLag * float64(time.Second)),
		Interval: interval, Percentile: float64(o.percentile), Seed: o.seed,
		Ignore: ignore, MaxErrors: o.maxErrors, Grace: graceAfterEnd, DiscardIntervals: true,
		OnInterval: func(iv results.Interval) {
			if o.reportInterval > 0 && iv.DurS >= interval.Seconds()/2 {
				io.WriteString(e.stdout, report.SysIntervalLine(iv, base.Sys, float64(o.percentile), o.rate > 0))
			}
			e.observe(func(ob runObserver) { ob.Interval(iv) })
			if err := folder.AppendInterval(iv); err != nil && writeErr == nil {
				writeErr = err
				fmt.Fprintf(e.stderr, "dbgauge: cannot append to intervals.jsonl: %v\n", err)
			}
		},
	}
	out, err := run.Run(ctx, cfg)
	if err != nil {
		return nil, "", err
	}
	res := out.Result(base, float64(o.percentile))
	res.Sys = sysFigures(res, t.BlockSize())
	e.completeResult(res, out, folder, dataPath)
	res.Resources = monitor.Resources(res.Intervals, 0, o.threads)
	return e.writeRun(o, res, out, folder, "events")
}

// sysFigures are the test's own figures, from the run's counts: memory moves
// one block per event; fileio one block per read or write.
func sysFigures(res *results.Result, block int64) *results.Sys {
	s := &results.Sys{Test: res.Workload.Name, BlockSize: block, EventsPerSec: res.Totals.TPS}
	d := res.Totals.DurationS
	per := func(n float64) float64 {
		if d <= 0 {
			return 0
		}
		return n / d
	}
	const mib = 1 << 20
	switch s.Test {
	case "memory":
		s.Operations = res.Totals.Transactions
		s.MiBTransferred = float64(s.Operations) * float64(block) / mib
		s.MiBPerSec = per(s.MiBTransferred)
	case "fileio":
		reads, writes, fsyncs := res.Ops["read"].Count, res.Ops["write"].Count, res.Ops["fsync"].Count
		s.BytesRead, s.BytesWritten = reads*block, writes*block
		s.ReadsPerSec, s.WritesPerSec, s.FsyncsPerSec = per(float64(reads)), per(float64(writes)), per(float64(fsyncs))
		s.ReadMiBPerSec, s.WrittenMiBPerSec = per(float64(s.BytesRead)/mib), per(float64(s.BytesWritten)/mib)
	}
	return s
}
