package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
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
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("report needs a results folder, a result.json, a sweep or an experiment folder (several runs to compare them)")
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			return e.report(args, outDir)
		},
	}
	cmd.Flags().StringVar(&outDir, "out-dir", "", "write the reports here (default: the folder reported on; for several runs, a new folder under "+defaultResultsDir+")")
	return cmd
}

func (e *env) report(args []string, outDir string) error {
	var ins []*results.Saved
	for _, a := range args {
		in, err := results.ReadSaved(a)
		if err != nil {
			return usageErr("report: %v", err)
		}
		if len(args) > 1 && in.Run == nil {
			return usageErr("report: %s is a sweep or an experiment: report it alone (several arguments must be runs, to compare them)", a)
		}
		ins = append(ins, in)
	}
	doc, dir := (*report.Doc)(nil), ins[0].Dir
	if len(ins) == 1 {
		doc = report.SavedDoc(ins[0])
	} else {
		rs := make([]*results.Result, len(ins))
		names := make([]string, len(ins))
		for i, in := range ins {
			rs[i], names[i] = in.Run, filepath.Base(in.Dir)
		}
		doc = report.CompareDoc(rs, report.RunLabels(rs, names))
		if outDir == "" {
			outDir = filepath.Join(defaultResultsDir, time.Now().Format("20060102-150405")+"-report")
		}
	}
	if outDir != "" {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return usageErr("--out-dir: cannot create %s: %v", outDir, unwrapPathErr(err))
		}
		dir = outDir
	}
	paths, err := report.WriteFiles(dir, doc)
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintln(e.stdout, p)
	}
	return nil
}
