// Package cli is the command line: cobra commands, flags, exit codes. It
// registers its flags from session's RunSettings, maps them to
// session.Inputs and Specs (with each workload's options bound late to the
// command that names it), calls the session, and prints its Observer's
// events: it is the only code that writes to the terminal, and the only one
// that words an error with its flag (worded) and gives it its exit code
// (codeOf). The session finishes every results folder itself (a merge's
// too: session.MergeRun), deploy a launch's merged one and does a worker's
// verb (deploy.Work), deploy/k8s checks and launches a Job; the live
// dashboard hangs off the observer, and monitor.Profile writes the hidden
// --cpuprofile and --memprofile.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/monitor"
)

// Version is dbgauge's version, set at build time with
// -ldflags "-X github.com/dbgauge/dbgauge/internal/cli.Version=…".
var Version = "0.1.0-dev"

// env is what commands print to, and the secrets they must never print.
type env struct {
	stdout, stderr io.Writer
	// outMu keeps whole the lines written to stdout during a run from
	// several goroutines (interval lines, a script's prints).
	outMu   sync.Mutex
	secrets []string
	// started is set once a command's own code runs; an error before that is
	// cobra rejecting the command line.
	started bool
	// profile is --cpuprofile and --memprofile's.
	profile monitor.Profile
	// observers follow every run (see observe.go).
	observers []runObserver
	// web is the live dashboard of --web (web.go), nil without it.
	web *webDashboard
	// bindings are the commands that take a workload (bind.go).
	bindings map[*cobra.Command]binding
}

// allCommands is root and every command under it (k8s run is two deep).
func allCommands(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		out = append(out, allCommands(sub)...)
	}
	return out
}

// argsBetween refuses fewer than lo arguments or more than hi (hi < 0:
// no limit) with msg, its {n} the number given.
func argsBetween(lo, hi int, msg string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) < lo || (hi >= 0 && len(args) > hi) {
			return usageErr("%s", strings.ReplaceAll(msg, "{n}", strconv.Itoa(len(args))))
		}
		return nil
	}
}

// Main runs the command line and returns the exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// After the first signal, a second one kills at once (every finished
		// interval is already on disk).
		<-ctx.Done()
		stop()
	}()
	e := &env{stdout: stdout, stderr: stderr}
	root := e.rootCmd()
	e.bind(root, args)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	e.stopWeb(ctx)
	e.profile.Stop()
	if err == nil {
		return ExitOK
	}
	code := codeOf(err)
	switch {
	case ctx.Err() != nil && e.started && (code == unclassified || code == ExitAborted || code == ExitUnreachable):
		// A signal came first: whatever failed after it (a statement being
		// prepared, a connection being made) failed because of it.
		code = ExitInterrupted
		err = fmt.Errorf("interrupted: %w", err)
	case code != unclassified:
	case !e.started:
		code = ExitUsage // cobra refused the command line before any command ran
	default:
		// A prepare, cleanup, check or command that the database or a
		// script stopped, or anything else that ended a command early.
		code = ExitAborted
	}
	// A workload file's problems (spec.Errors): one FILE:LINE: message a line.
	var many interface{ Lines() []string }
	if errors.As(err, &many) && len(many.Lines()) > 1 {
		for _, line := range many.Lines() {
			fmt.Fprintf(stderr, "%s\n", message(errors.New(line), e.secrets))
		}
		fmt.Fprintf(stderr, "dbgauge: %d errors; nothing was run\n", len(many.Lines()))
		return code
	}
	fmt.Fprintf(stderr, "dbgauge: %s\n", message(worded(err), e.secrets))
	return code
}

func (e *env) rootCmd() *cobra.Command {
	o := newOptions()
	root := &cobra.Command{
		Use:   "dbgauge",
		Short: "Database benchmark workbench: sysbench-compatible workloads, correct latency, one binary",
		Long: `dbgauge runs the studies performance engineers run against any database,
with the same measurement rules, and reports them side by side.

Without a command it runs oltp_read_write for 10 s on a fresh embedded
SQLite file, prepares it, prints the summary and writes a results folder.`,
		Args:          cobra.NoArgs,
		SilenceErrors: true,
		SilenceUsage:  true,
		Version:       Version,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return e.runDefault(cmd.Context(), o)
		},
	}
	addTargetFlags(root.Flags(), o)
	addRunFlags(root.Flags(), o)
	addServerSetFlag(root.Flags(), o)
	e.takesWorkload(root, o, defaultWorkload)
	root.AddCommand(e.listCmd(), e.prepareCmd(), e.runCmd(), e.checkCmd(), e.cleanupCmd(), e.commandCmd(), e.sweepCmd(), e.experimentCmd())
	root.AddCommand(e.resultsCmd(), e.compareCmd(), e.sysCmd())
	root.AddCommand(e.reportCmd(), e.mergeCmd(), e.workerCmd(), e.k8sCmd())
	for _, c := range allCommands(root) {
		c.SetFlagErrorFunc(e.flagError)
		if _, ok := e.bindings[c]; ok {
			c.SetUsageFunc(workloadUsage)
		} else {
			// Not the root's workload help: cobra's own (merge, compare, report...).
			c.SetUsageFunc((&cobra.Command{}).UsageFunc())
		}
		c.Flags().SetNormalizeFunc(normalize)
		c.SilenceErrors, c.SilenceUsage = true, true
	}
	root.SetHelpCommand(&cobra.Command{Hidden: true})
	pf := root.PersistentFlags()
	pf.StringVar(&e.profile.CPU, "cpuprofile", "", "write a Go CPU profile of dbgauge itself to this file")
	pf.StringVar(&e.profile.Heap, "memprofile", "", "write a Go heap profile of dbgauge itself to this file at exit")
	pf.MarkHidden("cpuprofile")
	pf.MarkHidden("memprofile")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		e.started = true
		if err := e.startWeb(cmd); err != nil {
			return err
		}
		err := e.profile.StartCPU()
		if is[*fs.PathError](err) {
			return usageErr("--cpuprofile: %v", err)
		}
		return err
	}
	return root
}
