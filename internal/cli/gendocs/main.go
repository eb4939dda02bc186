// Command gendocs writes the generated reference pages, docs/reference/cli.md
// (every command and flag, read from the cobra tree of internal/cli) and
// docs/reference/options.md (every workload's options, from the
// workload.Option declarations of catalog.Workloads). Run it from the
// repository root:
//
//	go run ./internal/cli/gendocs
//
// Its test fails when the pages in docs/reference are stale, and checks that
// every page under docs/ is reachable from README.md and that every relative
// link of README.md and docs/ resolves.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/internal/cli"
)

// regenerate is the command that rewrites the pages, for messages.
const regenerate = "go run ./internal/cli/gendocs"

// pages are the generated files, by name under docs/reference.
func pages() map[string][]byte {
	root := cli.Command()
	return map[string][]byte{
		"cli.md":     cliReference(root),
		"options.md": optionsReference(catalog.Workloads(), takesWorkload(root)),
	}
}

func main() {
	dir := flag.String("dir", filepath.Join("docs", "reference"), "directory the pages are written to")
	flag.Parse()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
	for name, b := range pages() {
		path := filepath.Join(*dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gendocs:", err)
			os.Exit(1)
		}
		fmt.Println(path)
	}
}
