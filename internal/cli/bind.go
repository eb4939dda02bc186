package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/workload"
)

// Workload options are bound late: a command that takes a workload carries
// the common flags only, and the options of the workload named on its
// command line are added to it just before it parses, with their types and
// defaults. `run W --help` lists W's options and no other's; a workload
// defined by a file can declare its own.

// groupAnnotation marks a flag as a workload option, for help.
const groupAnnotation = "dbgauge_workload_option"

// defaultWorkload is what the bare command runs.
const defaultWorkload = "oltp_read_write"

// takesWorkload registers cmd as a command whose first argument names a
// workload (fixed: the bare command's default) and whose options go to o.
func (e *env) takesWorkload(cmd *cobra.Command, o *options, fixed string) {
	if e.bindings == nil {
		e.bindings = map[*cobra.Command]binding{}
	}
	e.bindings[cmd] = binding{o: o, fixed: fixed}
}

type binding struct {
	o     *options
	fixed string
}

// bind finds the command args run and, if it takes a workload, adds that
// workload's options to its flags.
func (e *env) bind(root *cobra.Command, args []string) {
	cmd, rest, err := root.Find(args)
	if err != nil {
		return // cobra reports it
	}
	b, ok := e.bindings[cmd]
	if !ok {
		return
	}
	name := b.fixed
	if name == "" {
		name = firstArg(cmd, rest)
	}
	if w, ok := catalog.Workload(name); ok {
		bindOptions(cmd.Flags(), b.o, w)
	}
}

// firstArg is the first positional argument of rest for cmd, parsed with
// cmd's flags and whatever unknown ones (the workload's, not bound yet).
func firstArg(cmd *cobra.Command, rest []string) string {
	fs := pflag.NewFlagSet("scan", pflag.ContinueOnError)
	fs.ParseErrorsAllowlist.UnknownFlags = true
	fs.SetNormalizeFunc(normalize)
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	// Stand-ins of the command's flags: the same names and the same need
	// of a value, none of their values (a repeatable flag would collect its
	// arguments twice, a flag that checks its value would fail here).
	stand := func(f *pflag.Flag) {
		if fs.Lookup(f.Name) == nil {
			fs.String(f.Name, "", "")
			if f.Value.Type() == "bool" || f.NoOptDefVal != "" {
				fs.Lookup(f.Name).NoOptDefVal = "true"
			}
		}
	}
	cmd.Flags().VisitAll(stand)
	cmd.InheritedFlags().VisitAll(stand)
	// pflag answers an undefined --help with ErrHelp before it reads the
	// arguments: leave it out.
	var args []string
	for _, a := range rest {
		if a != "--help" && a != "-h" {
			args = append(args, a)
		}
	}
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		return ""
	}
	return fs.Arg(0)
}

// bindOptions adds w's options to fs as text flags, typed and defaulted by
// workload.ParseValues, that set o's Options (session.OptionValue).
func bindOptions(fs *pflag.FlagSet, o *options, w workload.Workload) {
	o.workload = w
	for _, opt := range w.Options() {
		name := optionFlag(fs, opt.Name)
		if fs.Lookup(name) != nil {
			continue
		}
		help := opt.Help
		if opt.Kind == workload.Enum {
			help += " (" + strings.Join(opt.Choices, ", ") + ")"
		}
		if name != opt.Name {
			help += fmt.Sprintf(" (the workload's own --%s: dbgauge's --%s keeps that name)", opt.Name, opt.Name)
		}
		fs.Var(session.OptionValue(&o.Inputs, opt), name, help)
		f := fs.Lookup(name)
		f.DefValue = opt.Default
		f.Annotations = map[string][]string{groupAnnotation: {w.Meta().Name}}
		if opt.Kind == workload.Bool {
			f.NoOptDefVal = "on"
		}
	}
}

// optionFlag is the flag that carries workload option name in fs: the
// option's own name, or opt-NAME when a common flag of the command already
// has that name (a script that declares `out` gets --opt-out; --out stays
// dbgauge's results file, and the script sees its own default unless
// --opt-out is given).
func optionFlag(fs *pflag.FlagSet, name string) string {
	f := fs.Lookup(name)
	if f == nil {
		return name
	}
	if _, own := f.Annotations[groupAnnotation]; own {
		return name
	}
	return "opt-" + name
}

// flagError turns pflag's "unknown flag: --x" into a sentence naming the
// workload it belongs to, when it is another workload's option.
func (e *env) flagError(cmd *cobra.Command, err error) error {
	const prefix = "unknown flag: --"
	msg := err.Error()
	if !strings.HasPrefix(msg, prefix) {
		return &exitError{ExitUsage, err}
	}
	name := strings.ReplaceAll(strings.TrimPrefix(msg, prefix), "_", "-")
	b, ok := e.bindings[cmd]
	owners := catalog.OptionOwners(name)
	switch {
	case ok && b.o.workload != nil && len(owners) > 0:
		w := b.o.workload.Meta().Name
		return usageErr("--%s does not apply to %s (it is an option of %s); see `dbgauge %s %s --help`", name, w, strings.Join(owners, ", "), cmd.Name(), w)
	case ok && b.o.workload == nil && len(owners) > 0:
		return usageErr("--%s is a workload option (of %s): name the workload first, e.g. `dbgauge %s %s --%s ...`", name, strings.Join(owners, ", "), cmd.Name(), owners[0], name)
	}
	return &exitError{ExitUsage, err}
}

// workloadUsage is the help of a command that takes a workload: its common
// flags, then the bound workload's options.
func workloadUsage(cmd *cobra.Command) error {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "Usage:\n  %s\n", cmd.UseLine())
	if !cmd.HasParent() && cmd.HasAvailableSubCommands() {
		fmt.Fprintf(out, "  %s COMMAND [WORKLOAD] [flags]\n\nCommands:\n", cmd.Name())
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				fmt.Fprintf(out, "  %-12s %s\n", c.Name(), c.Short)
			}
		}
	}
	var common, own []*pflag.Flag
	var owner string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if g, ok := f.Annotations[groupAnnotation]; ok {
			own = append(own, f)
			owner = g[0]
			return
		}
		common = append(common, f)
	})
	fmt.Fprintf(out, "\nCommon options:\n%s", flagLines(common))
	if owner != "" {
		fmt.Fprintf(out, "\n%s options:\n%s", owner, flagLines(own))
	} else {
		fmt.Fprintf(out, "\nWorkload options: name the workload (`dbgauge %s WORKLOAD --help`), or see `dbgauge list WORKLOAD`.\n", cmd.Name())
	}
	return nil
}

func flagLines(flags []*pflag.Flag) string {
	fs := pflag.NewFlagSet("help", pflag.ContinueOnError)
	for _, f := range flags {
		fs.AddFlag(f)
	}
	fs.SortFlags = true
	return fs.FlagUsagesWrapped(100)
}
