package cli

import (
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/results"
)

// workerCmd is the hidden `dbgauge worker`: one shard of `run --shards` or
// one pod of `dbgauge k8s`, told what to do by its environment
// (deploy.FromEnv), does it (deploy.Work).
func (e *env) workerCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "worker",
		Short:  "One shard of a launch (started by run --shards and k8s, not by hand)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w, err := deploy.FromEnv(os.Getenv)
			if err != nil {
				return usageErr("%v", err)
			}
			e.secretOf(w.Spec.Target)
			p := e.observer(w.Spec)
			return deploy.Work(cmd.Context(), w, e.stdout, p, workerPrinter{p}, e.sessionEnv())
		},
	}
}

// workerPrinter prints, after each interval's line, the interval as the
// launcher merges it (deploy.IntervalLine), and the workload's own output
// as lines the launcher shows as its own (deploy.PrintLine).
type workerPrinter struct{ printer }

func (p workerPrinter) Print(line string) {
	p.e.outMu.Lock()
	defer p.e.outMu.Unlock()
	io.WriteString(p.e.stdout, deploy.PrintLine(line))
}

func (p workerPrinter) Interval(iv results.Interval) {
	p.printer.Interval(iv)
	io.WriteString(p.e.stdout, deploy.IntervalLine(iv))
}
