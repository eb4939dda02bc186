package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
)

func (e *env) runCmd() *cobra.Command {
	o := newOptions()
	cmd := &cobra.Command{
		Use:   "run WORKLOAD",
		Short: "Run a workload (prepares the data first if it is missing)",
		Args:  oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.run(cmd.Context(), o, args[0])
		},
	}
	addTargetFlags(cmd.Flags(), o)
	addRunFlags(cmd.Flags(), o)
	addShardsFlags(cmd.Flags(), o)
	addServerSetFlag(cmd.Flags(), o)
	e.takesWorkload(cmd, o, "")
	return cmd
}

// runDefault is the bare command: oltp_read_write on a fresh SQLite file.
func (e *env) runDefault(ctx context.Context, o *options) error {
	if o.DB != "" || os.Getenv("DBGAUGE_DB") != "" {
		return e.run(ctx, o, defaultWorkload)
	}
	dir, err := os.MkdirTemp("", "dbgauge-")
	if err != nil {
		return fmt.Errorf("cannot create a temporary directory for the SQLite file: %w", err)
	}
	defer os.RemoveAll(dir)
	o.DB = "sqlite:" + filepath.Join(dir, "dbgauge.sqlite")
	return e.run(ctx, o, defaultWorkload)
}

func (e *env) run(ctx context.Context, o *options, name string) error {
	if o.shards != 1 {
		return e.runShards(ctx, o, name)
	}
	_, _, err := e.runOne(ctx, o, name)
	return err
}

// runOne runs one workload once through the session: it prepares the data
// if missing, runs the load, writes and finishes the results folder
// (thresholds, --out, the store) and prints the summary. It returns the result and its folder whenever a result was
// written, with the error that ended the run (interrupted, aborted) if any.
// sweep and experiment call it once per step.
func (e *env) runOne(ctx context.Context, o *options, name string) (*results.Result, string, error) {
	o.Spec.Workload = name
	s, err := o.specFor(name)
	if err != nil {
		return nil, "", err
	}
	e.secretOf(s.Target)
	if err := o.validate(); err != nil {
		return nil, "", err
	}
	s.Finish = o.Finish() // with the thresholds validate parsed
	p, err := session.NewPlan(s, true)
	if err != nil {
		return nil, "", err
	}
	if err := o.CheckWritable(); err != nil {
		return nil, "", err
	}
	return session.Run(ctx, p.Spec, e.observer(o.Spec), e.sessionEnv())
}

// sessionEnv is what the session records about this process.
func (e *env) sessionEnv() session.Env {
	return session.Env{Version: Version, CommandLine: message(errors.New(strings.Join(os.Args, " ")), e.secrets)}
}
