package monitor

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestProfile(t *testing.T) {
	dir := t.TempDir()
	p := Profile{CPU: filepath.Join(dir, "cpu.prof"), Heap: filepath.Join(dir, "heap.prof")}
	if err := p.StartCPU(); err != nil {
		t.Fatal(err)
	}
	p.Stop()
	for _, f := range []string{p.CPU, p.Heap} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	bad := Profile{CPU: filepath.Join(dir, "none", "cpu.prof")}
	var pe *fs.PathError
	if err := bad.StartCPU(); !errors.As(err, &pe) {
		t.Errorf("a CPU profile that cannot be created: %v, want an *fs.PathError", err)
	}
	bad.Stop()
	var none Profile
	if err := none.StartCPU(); err != nil {
		t.Errorf("no profile: %v", err)
	}
	none.Stop()
}
