//go:build unix

package deploy

import (
	"os/exec"
	"syscall"
)

// ownGroup puts a shard in a process group of its own: a Ctrl-C at the
// terminal reaches the launcher only, which passes it on once (a second
// SIGINT would stop a shard before it saved its partial result).
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
