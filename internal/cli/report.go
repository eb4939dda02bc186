package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
)

func (e *env) reportCmd() *cobra.Command {
	var outDir string
	cmd := &cobra.Command{
		Use:   "report RESULT…",
		Short: "Write report.md and report.html from saved results: a run, a sweep, an experiment, or several runs side by side",
		Long: `report renders reports from saved results alone: a run folder (or its
result.json), a sweep folder (sweep.json), an experiment folder
(experiment.json), or several runs at once, compared side by side.

It writes report.md (Markdown) and report.html (one self-contained page with
charts, no network needed) into the folder it reports on, or --out-dir, and
prints their paths.`,
		Args: argsBetween(1, -1, "report needs a results folder, a result.json, a sweep or an experiment folder (several runs to compare them)"),
		RunE: func(_ *cobra.Command, args []string) error {
			paths, err := report.WriteSaved(args, outDir, defaultResultsDir, time.Now())
			for _, p := range paths {
				fmt.Fprintln(e.stdout, p)
			}
			return err
		},
	}
	cmd.Flags().StringVar(&outDir, "out-dir", "", "write the reports here (default: the folder reported on; for several runs, a new folder under "+defaultResultsDir+")")
	return cmd
}
