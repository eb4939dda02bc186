package cli

import (
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/session"
	"github.com/dbgauge/dbgauge/workload"
)

// defaultResultsDir collects one folder per run beside where dbgauge runs.
const defaultResultsDir = session.DefaultResultsDir

// options are a command's settings (session.Inputs, bound to its flags
// through session's RunSettings) and what only the command line has.
type options struct {
	session.Inputs
	// shards and startDelay are run's --shards and --start-delay (shards.go).
	shards     int
	startDelay time.Duration
	// workload is the workload whose options the command's flags carry
	// (bound late: see bindWorkload).
	workload workload.Workload
}

func newOptions() *options {
	return &options{Inputs: *session.NewInputs(), shards: 1}
}

// normalize lets --table_size and --table-size name the same flag.
func normalize(_ *pflag.FlagSet, name string) pflag.NormalizedName {
	return pflag.NormalizedName(strings.ReplaceAll(name, "_", "-"))
}

// addSettings registers each setting as a flag of its type, its default
// the setting's value in in.
func addSettings(f *pflag.FlagSet, in *session.Inputs, list ...session.RunSetting) {
	for _, st := range list {
		addFlag(f, st.Name, st.Help, st.Field(in))
	}
}

// addFlag registers field as flag name of its type, its default the
// field's value.
func addFlag(f *pflag.FlagSet, name, help string, field any) {
	switch p := field.(type) {
	case *int:
		f.IntVar(p, name, *p, help)
	case *int32:
		f.Int32Var(p, name, *p, help)
	case *int64:
		f.Int64Var(p, name, *p, help)
	case *uint64:
		f.Uint64Var(p, name, *p, help)
	case *float64:
		f.Float64Var(p, name, *p, help)
	case *bool:
		f.BoolVar(p, name, *p, help)
	case *string:
		f.StringVar(p, name, *p, help)
	case *[]string:
		f.StringArrayVar(p, name, *p, help)
	case *time.Duration:
		f.DurationVar(p, name, *p, help)
	case session.Value:
		f.Var(p, name, help)
	}
}

// settings are the RunSettings called names.
func settings(names ...string) []session.RunSetting {
	var out []session.RunSetting
	for _, n := range names {
		st, _ := session.FindSetting(n)
		out = append(out, st)
	}
	return out
}

// addTargetFlags adds what every verb that touches a database needs.
func addTargetFlags(f *pflag.FlagSet, o *options) {
	addSettings(f, &o.Inputs, session.TargetSettings...)
}

// addRunFlags adds the flags of run and of the bare command.
func addRunFlags(f *pflag.FlagSet, o *options) {
	addSettings(f, &o.Inputs, session.LoadSettings...)
}

// addServerSetFlag adds --server-set to the commands that run a workload.
func addServerSetFlag(f *pflag.FlagSet, o *options) {
	addSettings(f, &o.Inputs, session.ServerSetSetting)
}

// secretOf remembers the secrets of a URL so that no message prints them.
func (e *env) secretOf(url string) {
	tg, err := session.ResolveTarget(url)
	if err != nil {
		return
	}
	for _, s := range tg.Secrets() {
		if s != "" && !slices.Contains(e.secrets, s) {
			e.secrets = append(e.secrets, s)
		}
	}
}
