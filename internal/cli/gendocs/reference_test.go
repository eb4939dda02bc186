package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/internal/cli"
)

// repoRoot is the repository's root, seen from this package.
const repoRoot = "../../.."

// TestReferenceFresh fails when a generated page under docs/reference differs
// from what the code declares now.
func TestReferenceFresh(t *testing.T) {
	for name, want := range pages() {
		path := filepath.Join(repoRoot, "docs", "reference", name)
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("docs/reference/%s: %v; generate it with `%s` from the repository root", name, err, regenerate)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("docs/reference/%s is stale (first difference at line %d): regenerate it with `%s` from the repository root", name, firstDiff(got, want), regenerate)
		}
	}
}

func firstDiff(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// TestReferenceComplete checks the pages name what they must: every visible
// command, every flag of run, every workload and each of its options.
func TestReferenceComplete(t *testing.T) {
	page := string(cliReference(cli.Command()))
	root := cli.Command()
	for _, c := range visible(root) {
		if !strings.Contains(page, "\n## "+c.CommandPath()+"\n") {
			t.Errorf("cli.md has no section for %q", c.CommandPath())
		}
	}
	run, _, err := root.Find([]string{"run"})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"--users", "--time", "--db", "--threshold", "--out"} {
		if run.Flags().Lookup(strings.TrimPrefix(name, "--")) == nil {
			t.Fatalf("run has no flag %s: the test's list is out of date", name)
		}
		if !strings.Contains(page, "| `"+name) {
			t.Errorf("cli.md does not list %s", name)
		}
	}
	if got := takesWorkload(root); !slices.Contains(got, "run") || !slices.Contains(got, "prepare") || slices.Contains(got, "list") {
		t.Errorf("commands that take a workload: %v", got)
	}
	if strings.Contains(page, "cpuprofile") {
		t.Error("cli.md lists the hidden --cpuprofile")
	}
	opts := string(optionsReference(catalog.Workloads(), takesWorkload(root)))
	for _, w := range catalog.Workloads() {
		if !strings.Contains(opts, "\n## "+w.Meta().Name+"\n") {
			t.Errorf("options.md has no section for %s", w.Meta().Name)
		}
		for _, o := range w.Options() {
			if !strings.Contains(opts, "| `--"+o.Name+"` |") {
				t.Errorf("options.md does not list %s's --%s", w.Meta().Name, o.Name)
			}
		}
	}
	// The data size column (the fifth) says yes exactly for the options
	// that size the data, in each workload's section.
	sized := map[string]bool{} // "workload --option"
	for _, w := range catalog.Workloads() {
		for _, o := range w.Options() {
			sized[w.Meta().Name+" --"+o.Name] = o.DataSize
		}
	}
	if !sized["oltp_read_write --table-size"] || !sized["kv_get --record-count"] {
		t.Fatalf("oltp's --table-size or kv's --record-count is not a data size")
	}
	rows, section := 0, ""
	for _, line := range strings.Split(opts, "\n") {
		if name, ok := strings.CutPrefix(line, "## "); ok {
			section = name
		}
		if !strings.HasPrefix(line, "| `--") {
			continue
		}
		rows++
		cells := strings.Split(line, " | ")
		key := section + " " + strings.Trim(strings.TrimPrefix(cells[0], "| "), "`")
		if want := map[bool]string{true: "yes"}[sized[key]]; cells[4] != want {
			t.Errorf("options.md's data size of %s is %q, want %q", key, cells[4], want)
		}
	}
	if rows == 0 {
		t.Error("options.md has no option rows")
	}
}

func TestAnchor(t *testing.T) {
	for in, want := range map[string]string{
		"dbgauge k8s run":                   "dbgauge-k8s-run",
		"Reports: report.md and `report`":   "reports-reportmd-and-report",
		"oltp_read_write":                   "oltp_read_write",
		"Where dbgauge differs, on purpose": "where-dbgauge-differs-on-purpose",
		"Shards — and merge":                "shards--and-merge",
	} {
		if got := anchor(in); got != want {
			t.Errorf("anchor(%q) = %q, want %q", in, got, want)
		}
	}
}
