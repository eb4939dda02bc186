package report

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/results"
)

func TestForSaved(t *testing.T) {
	root := t.TempDir()
	var dirs []string
	for i, tps := range []float64{100, 120} {
		dir := filepath.Join(root, []string{"a", "b"}[i])
		os.Mkdir(dir, 0o755)
		if err := results.WriteJSON(filepath.Join(dir, "result.json"), fixedRun("postgres", 4, tps)); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	if _, dir, err := ForSaved(dirs[:1], "", root, time.Now()); err != nil || dir != dirs[0] {
		t.Errorf("one run: dir %q, %v; want its own folder", dir, err)
	}
	now := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	doc, dir, err := ForSaved(dirs, "", root, now)
	if err != nil || doc == nil || dir != filepath.Join(root, "20300102-030405-report") {
		t.Errorf("two runs: dir %q, %v; want a new folder under the results directory", dir, err)
	}
	var ie *results.InputError
	if _, _, err := ForSaved([]string{filepath.Join(root, "none")}, "", root, now); !errors.As(err, &ie) {
		t.Errorf("no results there: %v, want an InputError", err)
	}
	var oe *OutDirError
	blocker := filepath.Join(root, "a", "result.json")
	if _, _, err := ForSaved(dirs, filepath.Join(blocker, "x"), root, now); !errors.As(err, &oe) || oe.Dir != filepath.Join(blocker, "x") {
		t.Errorf("out dir under a file: %v, want an OutDirError", err)
	}
}

// TestWriteSaved: the report of a saved run goes into its folder, and
// the files written are named; nothing is written for a bad input.
func TestWriteSaved(t *testing.T) {
	dir := t.TempDir()
	if err := results.WriteJSON(filepath.Join(dir, "result.json"), fixedRun("postgres", 4, 100)); err != nil {
		t.Fatal(err)
	}
	paths, err := WriteSaved([]string{dir}, "", t.TempDir(), time.Now())
	if err != nil || len(paths) != 2 || paths[0] != filepath.Join(dir, MarkdownFile) || paths[1] != filepath.Join(dir, HTMLFile) {
		t.Fatalf("WriteSaved = %q, %v", paths, err)
	}
	var ie *results.InputError
	if paths, err := WriteSaved([]string{filepath.Join(dir, "none")}, "", dir, time.Now()); !errors.As(err, &ie) || paths != nil {
		t.Errorf("no results there: %q, %v", paths, err)
	}
}
