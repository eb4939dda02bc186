package cli

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/session"
)

func (e *env) runCmd() *cobra.Command {
	o := newOptions()
	cmd := e.workloadCmd(o, "run WORKLOAD", "Run a workload (prepares the data first if it is missing)",
		func(ctx context.Context, name string) error { return e.run(ctx, o, name) })
	addRunFlags(cmd.Flags(), o)
	addShardsFlags(cmd.Flags(), o)
	addServerSetFlag(cmd.Flags(), o)
	return cmd
}

// runDefault is the bare command: oltp_read_write on a fresh SQLite file.
func (e *env) runDefault(ctx context.Context, o *options) error {
	if o.DB != "" || os.Getenv(session.TargetEnv) != "" {
		return e.run(ctx, o, defaultWorkload)
	}
	url, remove, err := session.TempSQLite()
	if err != nil {
		return err
	}
	defer remove()
	o.DB = url
	return e.run(ctx, o, defaultWorkload)
}

// run runs one workload once through the session (or as shards): it
// prepares the data if missing, runs the load, writes and finishes the
// results folder (thresholds, --out, the store) and prints the summary.
func (e *env) run(ctx context.Context, o *options, name string) error {
	if o.shards != 1 {
		return e.runShards(ctx, o, name)
	}
	o.Spec.Workload = name
	s, err := e.spec(o, name)
	if err != nil {
		return err
	}
	if err := o.Check(); err != nil {
		return err
	}
	s.Finish = o.Finish() // with the thresholds validate parsed
	p, err := session.NewPlan(s, true)
	if err != nil {
		return err
	}
	if err := o.CheckWritable(); err != nil {
		return err
	}
	_, _, err = session.Run(ctx, p.Spec, e.observer(o.Spec), e.sessionEnv())
	return err
}

// sessionEnv is what the session records about this process.
func (e *env) sessionEnv() session.Env {
	return session.Env{Version: Version, CommandLine: message(errors.New(strings.Join(os.Args, " ")), e.secrets)}
}
