// Command dbgauge is the database benchmark workbench. It only wires the
// command line; everything else lives in the packages it imports.
package main

import (
	"os"

	"github.com/dbgauge/dbgauge/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
