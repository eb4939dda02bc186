package cli

import (
	"os"
	"strings"
	"unsafe"

	"github.com/dbgauge/dbgauge/db"
)

// Args returns the command-line arguments (os.Args[1:]) for Main, and hides
// every password in them from other processes, as mysql(1) does with -p.
//
// On Unix the strings of os.Args are the process's own argument memory, the
// bytes ps and /proc/PID/cmdline show; Args copies them first, then
// overwrites each password byte with 'x' in place, so a run started with
// --db postgres://u:secret@host/db shows postgres://u:xxxxxx@host/db for
// all but its first milliseconds. Elsewhere the overwrite only touches a
// private copy. $DBGAUGE_DB keeps the password off the command line
// altogether.
//
// Args must be called once, by main, before anything else reads os.Args.
func Args() []string {
	if len(os.Args) < 2 {
		return nil
	}
	args := make([]string, len(os.Args)-1)
	for i, a := range os.Args[1:] {
		args[i] = strings.Clone(a)
		for _, sp := range db.Secrets(a) {
			mem := unsafe.Slice(unsafe.StringData(a), len(a))
			for j := sp[0]; j < sp[1]; j++ {
				mem[j] = 'x'
			}
		}
	}
	return args
}
