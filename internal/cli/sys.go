package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/sys"
	"github.com/dbgauge/dbgauge/workload"
)

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
	o := newOptions()
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
			return e.sys(cmd.Context(), o, w, verb, sysOptions(cmd.Flags(), w))
		},
	}
	f := cmd.Flags()
	f.IntVar(&o.Spec.Users, "threads", 1, "number of worker threads")
	f.Uint64Var(&o.Spec.Seed, "seed", 0, "seed of the workers' random streams")
	addRunFlags(cmd.Flags(), o)
	for _, opt := range w.Options() {
		f.String(opt.Name, opt.Default, opt.Help)
		if opt.Kind == workload.Bool {
			f.Lookup(opt.Name).NoOptDefVal = "on"
		}
	}
	return cmd
}

// sysOptions are the options of test w given in fs, as given.
func sysOptions(fs *pflag.FlagSet, w workload.Workload) map[string]string {
	raw := map[string]string{}
	for _, opt := range w.Options() {
		if fl := fs.Lookup(opt.Name); fl != nil && fl.Changed {
			raw[opt.Name] = fl.Value.String()
		}
	}
	return raw
}

func (e *env) sys(ctx context.Context, o *options, w workload.Workload, verb string, raw map[string]string) error {
	t, v, err := session.ConfigureSys(w, raw, o.Spec)
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
	if checked.Spec.Events == 0 {
		checked.Spec.Events = t.EventLimit()
	}
	if err := checked.validate(); err != nil {
		return err
	}
	if err := o.CheckWritable(); err != nil {
		return err
	}
	if isFiles {
		switch err := files.Ready(); {
		case errors.Is(err, sys.ErrNotPrepared) && o.NoPrepare:
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
	_, _, err = e.sysRun(ctx, o, w, t, v)
	return err
}

// absDir is dir made absolute for messages ("." says little).
func absDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
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

// sysRun runs a configured test once through the session, printing
// sysbench's sys header, interval lines and summary.
func (e *env) sysRun(ctx context.Context, o *options, w workload.Workload, t sys.Test, v workload.Values) (*results.Result, string, error) {
	s := o.Spec
	s.Workload = w.Meta().Name
	s.Finish = o.Finish()
	info := &results.Sys{Test: s.Workload, BlockSize: t.BlockSize()}
	return session.RunSys(ctx, s, w, t, v, sysPrinter{printer{e, o.Spec}, t, info}, e.sessionEnv())
}

// sysPrinter prints a sys test's own header and interval lines.
type sysPrinter struct {
	printer
	t    sys.Test
	info *results.Sys
}

func (p sysPrinter) Start(base *results.Result, dir string) {
	report.SysHeader(p.e.stdout, base, p.t.Mode(p.s.Events))
	p.e.observe(func(ob runObserver) { ob.Start(base, dir) })
}

func (p sysPrinter) Interval(iv results.Interval) {
	s := p.s
	if s.ReportIntervalS > 0 && iv.DurS >= s.ReportIntervalS/2 {
		io.WriteString(p.e.stdout, report.SysIntervalLine(iv, p.info, float64(s.Percentile), s.Rate > 0))
	}
	p.e.observe(func(ob runObserver) { ob.Interval(iv) })
}
