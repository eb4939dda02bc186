package cli

import (
	"errors"
	"io"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// boundRun is the run command of a fresh tree, with args bound as Main
// binds them.
func boundRun(t *testing.T, args ...string) (*env, *cobra.Command) {
	t.Helper()
	e := &env{stdout: io.Discard, stderr: io.Discard}
	root := e.rootCmd()
	e.bind(root, append([]string{"run"}, args...))
	cmd, _, err := root.Find([]string{"run"})
	if err != nil {
		t.Fatal(err)
	}
	return e, cmd
}

func TestFirstArg(t *testing.T) {
	_, run := boundRun(t)
	for _, c := range []struct {
		rest []string
		want string
	}{
		{[]string{"kv_get"}, "kv_get"},
		{[]string{"--db", "sqlite:x.db", "kv_get", "--record-count", "5"}, "kv_get"},
		{[]string{"--histogram", "tpcc"}, "tpcc"},             // a bool flag takes no value
		{[]string{"--record-count", "5", "kv_get"}, "kv_get"}, // an option not bound yet
		{[]string{"--threads", "2", "--help"}, ""},
		{[]string{"--table_size", "5", "oltp_read_only", "-h"}, "oltp_read_only"},
		{nil, ""},
	} {
		if got := firstArg(run, c.rest); got != c.want {
			t.Errorf("firstArg(%q) = %q, want %q", c.rest, got, c.want)
		}
	}
}

// TestBind: the workload named on the command line brings its options,
// typed and defaulted, and no other workload's.
func TestBind(t *testing.T) {
	_, run := boundRun(t, "--db", "sqlite:x.db", "kv_get")
	f := run.Flags().Lookup("record-count")
	if f == nil || f.Annotations[groupAnnotation][0] != "kv_get" || f.DefValue == "" {
		t.Fatalf("--record-count: %+v", f)
	}
	if run.Flags().Lookup("warehouses") != nil {
		t.Error("tpcc's --warehouses bound to a run of kv_get")
	}
	_, bare := boundRun(t)
	if bare.Flags().Lookup("record-count") != nil {
		t.Error("a workload option bound with no workload named")
	}
}

func TestOptionFlag(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.String("out", "", "dbgauge's")
	fs.String("tables", "", "a workload's")
	fs.Lookup("tables").Annotations = map[string][]string{groupAnnotation: {"w"}}
	for name, want := range map[string]string{"out": "opt-out", "tables": "tables", "size": "size"} {
		if got := optionFlag(fs, name); got != want {
			t.Errorf("optionFlag(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestFlagError(t *testing.T) {
	e, run := boundRun(t, "kv_get")
	for _, c := range []struct {
		e    *env
		flag string
		want string
	}{
		{e, "warehouses", "--warehouses does not apply to kv_get (it is an option of tpcc, orderentry); see `dbgauge run kv_get --help`"},
		{e, "frob", "unknown flag: --frob"},
	} {
		err := c.e.flagError(run, errors.New("unknown flag: --"+c.flag))
		if err.Error() != c.want || codeOf(err) != ExitUsage {
			t.Errorf("--%s: %q (exit %d), want %q", c.flag, err, codeOf(err), c.want)
		}
	}
	e, bare := boundRun(t)
	err := e.flagError(bare, errors.New("unknown flag: --warehouses"))
	if want := "--warehouses is a workload option (of tpcc, orderentry): name the workload first, e.g. `dbgauge run tpcc --warehouses ...`"; err.Error() != want {
		t.Errorf("no workload named: %q", err)
	}
	err = e.flagError(bare, errors.New(`invalid argument "x" for "--threads" flag`))
	if codeOf(err) != ExitUsage {
		t.Errorf("a bad value: exit %d", codeOf(err))
	}
}
