package cli

import (
	"context"
	"io"
	"slices"
	"strings"

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
	return cmd
}

func (e *env) sysTestCmd(w workload.Workload) *cobra.Command {
	o := newOptions()
	name := w.Meta().Name
	verbs := session.SysVerbs(name)
	cmd := &cobra.Command{
		Use:   name + " [" + strings.Join(verbs, "|") + "]",
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
	observer := func(t sys.Test) session.Observer {
		return sysPrinter{e.observer(o.Spec), t, &results.Sys{Test: w.Meta().Name, BlockSize: t.BlockSize()}}
	}
	return session.Sys(ctx, verb, w, raw, o.Inputs, e.observer(o.Spec), observer, e.sessionEnv())
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
