// Command dbgauge is the database benchmark workbench. It only wires the
// command line; everything else lives in the packages it imports.
package main

import (
	"os"

	"github.com/dbgauge/dbgauge/internal/cli"
)

func main() {
	os.Exit(cli.Main(cli.Args(), os.Stdout, os.Stderr)) // Args hides passwords from ps
}
