package workload

import (
	"context"

	"github.com/dbgauge/dbgauge/db"
)

// Commander is an Instance with commands of its own besides prepare and
// cleanup, run by `dbgauge command`: a sysbench script's
// sysbench.cmdline.commands (oltp_common's prewarm).
type Commander interface {
	// Commands are the names of its commands, sorted.
	Commands() []string
	// Command runs the command name, which Commands lists.
	Command(ctx context.Context, name string, env CommandEnv) error
}

// CommandEnv is what a command needs: a connection, more of them for a
// command that runs on several threads, and where its messages go.
type CommandEnv struct {
	Conn     db.Conn
	Open     func(ctx context.Context) (db.Conn, error)
	Driver   string
	Parallel int
	// SingleWriter is PrepareEnv's: a command's threads run one at a time.
	SingleWriter bool
	Seed         uint64
	// Note is told each line the command prints; it may be nil.
	Note func(string)
}
