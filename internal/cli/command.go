package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

// commandCmd is `dbgauge command SCRIPT NAME`: a command of a sysbench
// script's own, as `sysbench SCRIPT NAME` runs it (oltp_common's prewarm);
// without NAME, the list of them.
func (e *env) commandCmd() *cobra.Command {
	o := newOptions()
	cmd := &cobra.Command{
		Use:   "command SCRIPT [NAME]",
		Short: "Run a command of a sysbench Lua script's own (sysbench.cmdline.commands, as prewarm); without NAME, list them",
		Args:  argsBetween(1, 2, "command needs a script and the name of one of its commands (without a name, it lists them), got {n} arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return e.listCommands(o, args[0])
			}
			return e.command(cmd.Context(), o, args[0], args[1])
		},
	}
	addTargetFlags(cmd.Flags(), o)
	e.takesWorkload(cmd, o, "")
	return cmd
}

// listCommands prints a workload's own commands, one a line.
func (e *env) listCommands(o *options, name string) error {
	s, _ := o.Build(name) // no database needed: a bad URL waits for a command that connects
	names, err := session.Commands(s)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		fmt.Fprintf(e.stdout, "%s has no commands of its own (prepare and cleanup are `dbgauge prepare` and `dbgauge cleanup`).\n", name)
		return nil
	}
	fmt.Fprintf(e.stdout, "Commands of %s (`dbgauge command %s NAME --db URL`):\n", name, name)
	for _, n := range names {
		fmt.Fprintf(e.stdout, "  %s\n", n)
	}
	return nil
}

func (e *env) command(ctx context.Context, o *options, name, command string) error {
	s, err := e.spec(o, name)
	if err != nil {
		return err
	}
	return session.Command(ctx, s, command, e.observer(o.Spec))
}
