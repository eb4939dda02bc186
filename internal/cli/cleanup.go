package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

func (e *env) cleanupCmd() *cobra.Command {
	o := &options{}
	cmd := &cobra.Command{
		Use:   "cleanup WORKLOAD",
		Short: "Drop exactly what prepare created for a workload, nothing else",
		Args:  oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.cleanup(cmd.Context(), o, args[0])
		},
	}
	addTargetFlags(cmd, o)
	addWorkloadFlags(cmd, o)
	return cmd
}

func (e *env) cleanup(ctx context.Context, o *options, name string) error {
	s, err := e.start(ctx, o, name, false, nil)
	if err != nil {
		return err
	}
	defer s.conn.Close()
	ds, st := s.ds, s.state
	dropped, err := ds.Cleanup(ctx, s.conn)
	if err != nil {
		return fmt.Errorf("cleanup %s: %w", ds.Name(), err)
	}
	if len(dropped) == 0 {
		fmt.Fprintf(e.stderr, "Dataset %s is not prepared here; nothing dropped.\n", ds.Name())
	} else {
		fmt.Fprintf(e.stderr, "Dropped %s (dataset %s).\n", strings.Join(dropped, ", "), ds.Name())
	}
	if len(st.Foreign) > 0 {
		fmt.Fprintf(e.stderr, "Left alone: %s (not created by this dataset's prepare).\n", strings.Join(st.Foreign, ", "))
	}
	return nil
}
