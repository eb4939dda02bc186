package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/workload"
)

func (e *env) listCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list [WORKLOAD]",
		Short: "List workloads, drivers and every option with its default",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				w, err := session.Lookup(args[0])
				if err != nil {
					return err
				}
				listOptions(e.stdout, w)
				return nil
			}
			e.list(cmd)
			return nil
		},
	}
}

func (e *env) list(*cobra.Command) {
	w := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "Workloads:")
	for _, wl := range catalog.Workloads() {
		m := wl.Meta()
		fmt.Fprintf(w, "  %s\t%s\t%s\n", m.Name, m.Family, m.Description)
	}
	fmt.Fprintln(w, "\nDrivers:")
	for _, d := range catalog.Drivers() {
		fmt.Fprintf(w, "  %s\t%s\n", d.Name(), strings.Join(d.Schemes(), ": ")+":")
	}
	fmt.Fprintln(w, "\nNot available (no driver builds into a static binary here):")
	for _, n := range catalog.Unavailable() {
		fmt.Fprintf(w, "  %s\t%s\n", n[0], n[1])
	}
	w.Flush()
	fmt.Fprintln(e.stdout, "\nCommon options (run):")
	c := e.runCmd()
	c.Flags().VisitAll(func(f *pflag.Flag) {
		fmt.Fprintf(e.stdout, "  --%-18s %s [%s]\n", f.Name, f.Usage, f.DefValue)
	})
	for _, wl := range catalog.Workloads() {
		fmt.Fprintln(e.stdout)
		listOptions(e.stdout, wl)
	}
}

// listOptions prints one workload's options with their defaults.
func listOptions(out io.Writer, wl workload.Workload) {
	fmt.Fprintf(out, "%s options:\n", wl.Meta().Name)
	if len(wl.Options()) == 0 {
		fmt.Fprintln(out, "  (none)")
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	for _, o := range wl.Options() {
		kind := o.Kind.String()
		if o.Kind == workload.Enum {
			kind = strings.Join(o.Choices, "|")
		}
		fmt.Fprintf(w, "  --%s=%s\t[%s]\t%s\n", o.Name, kind, o.Default, o.Help)
	}
	w.Flush()
}
