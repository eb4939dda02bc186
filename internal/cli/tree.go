package cli

import (
	"io"

	"github.com/spf13/cobra"
)

// Command is dbgauge's command tree as Main builds it, with no workload's
// options bound (they are per workload: catalog.Workloads lists them), for
// tools that read the tree, such as the generated CLI reference. Nothing in
// it has run.
func Command() *cobra.Command {
	e := &env{stdout: io.Discard, stderr: io.Discard}
	root := e.rootCmd()
	root.InitDefaultCompletionCmd()
	return root
}
