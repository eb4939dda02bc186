package sys

import (
	"context"
	"errors"
	"github.com/dbgauge/dbgauge/testenv"
	"github.com/dbgauge/dbgauge/workload"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// smallFiles is 4 files of 64 KiB in blocks of 4 KiB: 16 blocks a file.
func smallFiles(dir string, extra map[string]string) map[string]string {
	raw := map[string]string{"file-num": "4", "file-total-size": "256K", "file-block-size": "4K", "file-dir": dir}
	for k, v := range extra {
		raw[k] = v
	}
	return raw
}

func fileTestOf(t *testing.T, threads int, raw map[string]string) *fileTest {
	t.Helper()
	return configure(t, FileIO{}, threads, raw).(*fileTest)
}

func prepare(t *testing.T, ft *fileTest) []string {
	t.Helper()
	var lines []string
	if _, err := ft.Prepare(context.Background(), func(l string) { lines = append(lines, l) }); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestFilePrepare: prepare makes exactly file-num files of the file size,
// stamps them, reuses them the second time, and extends a short one.
func TestFilePrepare(t *testing.T) {
	dir := t.TempDir()
	ft := fileTestOf(t, 1, smallFiles(dir, nil))
	if err := ft.Ready(); !errors.Is(err, ErrNotPrepared) {
		t.Fatalf("Ready before prepare: %v, want ErrNotPrepared", err)
	}
	lines := prepare(t, ft)
	if !slices.Contains(lines, "Creating file test_file.3") || lines[0] != "4 files, 64Kb each, 0Mb total" {
		t.Errorf("prepare said %q", lines)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		if strings.HasPrefix(e.Name(), "test_file.") {
			if fi, _ := e.Info(); fi.Size() != 64<<10 {
				t.Errorf("%s has %d bytes, want %d", e.Name(), fi.Size(), 64<<10)
			}
		}
	}
	want := []string{StampName, "test_file.0", "test_file.1", "test_file.2", "test_file.3"}
	if !slices.Equal(names, want) {
		t.Errorf("files %v, want %v", names, want)
	}
	if err := ft.Ready(); err != nil {
		t.Errorf("Ready after prepare: %v", err)
	}
	if err := os.Truncate(filepath.Join(dir, "test_file.2"), 5000); err != nil {
		t.Fatal(err)
	}
	if err := ft.Ready(); !errors.Is(err, ErrNotPrepared) {
		t.Errorf("Ready with a short file: %v, want ErrNotPrepared", err)
	}
	lines = prepare(t, ft)
	if !slices.Contains(lines, "Reusing existing file test_file.0") || !slices.Contains(lines, "Extending existing file test_file.2") {
		t.Errorf("second prepare said %q", lines)
	}
	if err := ft.Ready(); err != nil {
		t.Errorf("Ready after extending: %v", err)
	}
}

// TestFileCleanupOnlyOwn: cleanup removes the files dbgauge made and nothing
// else; prepare and run refuse test files somebody else made.
func TestFileCleanupOnlyOwn(t *testing.T) {
	dir := t.TempDir()
	ft := fileTestOf(t, 1, smallFiles(dir, nil))
	prepare(t, ft)
	for _, name := range []string{"keep.txt", "test_file.9"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := ft.Cleanup()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(removed, []string{"test_file.0", "test_file.1", "test_file.2", "test_file.3"}) {
		t.Errorf("removed %v", removed)
	}
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if !slices.Equal(left, []string{"keep.txt", "test_file.9"}) {
		t.Errorf("left %v, want the foreign files only", left)
	}
	// test_file.9 is somebody else's: with 10 files, prepare and run refuse.
	ten := fileTestOf(t, 1, smallFiles(dir, map[string]string{"file-num": "10", "file-total-size": "640K"}))
	var ie *InputError
	if _, err := ten.Prepare(context.Background(), func(string) {}); !errors.As(err, &ie) || !strings.Contains(err.Error(), "test_file.9") {
		t.Errorf("prepare over a foreign test file: %v", err)
	}
	if err := ten.Ready(); !errors.As(err, &ie) {
		t.Errorf("run over a foreign test file: %v", err)
	}
	seqwr := fileTestOf(t, 1, smallFiles(dir, map[string]string{"file-num": "10", "file-total-size": "640K", "file-test-mode": "seqwr"}))
	if err := seqwr.OpenFiles(); !errors.As(err, &ie) {
		t.Errorf("seqwr over a foreign test file: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "test_file.9")); string(b) != "mine" {
		t.Errorf("the foreign test file was changed: %q", b)
	}
	// Nothing to clean: no error.
	if removed, err := fileTestOf(t, 1, smallFiles(t.TempDir(), nil)).Cleanup(); err != nil || len(removed) != 0 {
		t.Errorf("cleanup of an empty directory: %v, %v", removed, err)
	}
	if err := os.WriteFile(filepath.Join(dir, StampName), []byte(`{"tool":"dbgauge","files":["../keep.txt","test_file.9x"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ten.Cleanup(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "keep.txt")); err != nil {
		t.Error("a stamp naming a file that is not a test file removed it")
	}
}

// runEvents opens the files and runs n events on one worker, then closes it.
func runEvents(t *testing.T, ft *fileTest, n int) *countingTx {
	t.Helper()
	if err := ft.OpenFiles(); err != nil {
		t.Fatal(err)
	}
	defer ft.CloseFiles()
	m := newCounting()
	w := worker(t, ft, 0, m)
	for range n {
		if err := w.Run(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.(workload.Finisher).Finish(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestFileModes checks each mode's mix of requests over 1000 events on one
// thread, as sb_fileio.c's generators hand them out.
func TestFileModes(t *testing.T) {
	dir := t.TempDir()
	prepare(t, fileTestOf(t, 1, smallFiles(dir, nil)))
	for _, tc := range []struct {
		name                  string
		opts                  map[string]string
		reads, writes, fsyncs int
	}{
		// 10 writes, then one fsync per file (4): 71 cycles of 14 events,
		// then 6 writes; the end adds one fsync per file.
		{"rndwr", map[string]string{"file-test-mode": "rndwr", "file-fsync-freq": "10"}, 0, 716, 284 + 4},
		{"seqwr", map[string]string{"file-test-mode": "seqwr", "file-fsync-freq": "10"}, 0, 716, 284 + 4},
		{"seqrewr", map[string]string{"file-test-mode": "seqrewr", "file-fsync-freq": "0"}, 0, 1000, 4},
		// reads never make the files dirty: no fsync at all.
		{"seqrd", map[string]string{"file-test-mode": "seqrd"}, 1000, 0, 0},
		{"rndrd", map[string]string{"file-test-mode": "rndrd"}, 1000, 0, 0},
		// (reads+1)/(writes+1) < 1.5 decides a read: 3 reads for every 2 writes.
		{"rndrw", map[string]string{"file-test-mode": "rndrw", "file-fsync-freq": "0"}, 600, 400, 4},
		{"rndrw ratio 4", map[string]string{"file-test-mode": "rndrw", "file-fsync-freq": "0", "file-rw-ratio": "4", "file-fsync-end": "off"}, 800, 200, 0},
		// fsync after every write, and no periodic or final fsync.
		{"fsync-all", map[string]string{"file-test-mode": "rndwr", "file-fsync-all": "on"}, 0, 1000, 1000},
		{"fdatasync", map[string]string{"file-test-mode": "rndwr", "file-fsync-mode": "fdatasync", "file-fsync-freq": "500"}, 0, 996, 4 + 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := runEvents(t, fileTestOf(t, 1, smallFiles(dir, tc.opts)), 1000)
			if m.OK[opRead] != tc.reads || m.OK[opWrite] != tc.writes || m.OK[opFsync] != tc.fsyncs {
				t.Errorf("reads/writes/fsyncs %d/%d/%d, want %d/%d/%d", m.OK[opRead], m.OK[opWrite], m.OK[opFsync], tc.reads, tc.writes, tc.fsyncs)
			}
			if len(m.Failed) != 0 {
				t.Errorf("failed operations: %v", m.Failed)
			}
		})
	}
}

// TestFileSequential: sequential requests walk every block of every file in
// order and wrap around; seqwr starts from empty files.
func TestFileSequential(t *testing.T) {
	dir := t.TempDir()
	ft := fileTestOf(t, 1, smallFiles(dir, map[string]string{"file-test-mode": "seqwr", "file-fsync-freq": "0"}))
	if err := ft.Ready(); err != nil {
		t.Fatalf("seqwr needs no prepare: %v", err)
	}
	for i := range 64 + 3 {
		r := ft.next(nil)
		if want := (request{op: opWrite, file: (i / 16) % 4, pos: int64(i%16) * 4096, size: 4096}); r != want {
			t.Fatalf("request %d = %+v, want %+v", i, r, want)
		}
	}
	prepare(t, fileTestOf(t, 1, smallFiles(dir, nil)))
	// 2.5 files of 16 blocks: the files are recreated empty first.
	runEvents(t, fileTestOf(t, 1, smallFiles(dir, map[string]string{"file-test-mode": "seqwr", "file-fsync-freq": "0"})), 40)
	for i, want := range []int64{64 << 10, 64 << 10, 32 << 10, 0} {
		if fi, err := os.Stat(filepath.Join(dir, fileName(i))); err != nil || fi.Size() != want {
			t.Errorf("after 40 seqwr writes test_file.%d has %v bytes, want %d (%v)", i, fi.Size(), want, err)
		}
	}
}

// TestFileRandomOffsets: random requests are block-aligned and inside a file.
func TestFileRandomOffsets(t *testing.T) {
	ft := fileTestOf(t, 1, smallFiles(t.TempDir(), map[string]string{"file-test-mode": "rndrd"}))
	rng := newXoroshiro(3, 4)
	seen := map[int]bool{}
	for range 2000 {
		r := ft.next(&rng)
		if r.pos%4096 != 0 || r.pos+r.size > 64<<10 || r.size != 4096 || r.file < 0 || r.file >= 4 {
			t.Fatalf("bad request %+v", r)
		}
		seen[r.file] = true
	}
	if len(seen) != 4 {
		t.Errorf("random requests reached %d of 4 files", len(seen))
	}
}

// TestFileDirect runs with O_DIRECT where the filesystem allows it.
func TestFileDirect(t *testing.T) {
	dir := t.TempDir()
	ft := fileTestOf(t, 1, smallFiles(dir, map[string]string{"file-extra-flags": "direct", "file-test-mode": "rndrw"}))
	if _, err := ft.Prepare(context.Background(), func(string) {}); err != nil {
		testenv.Skip(t, "O_DIRECT is not supported in %s: %v", dir, err)
	}
	m := runEvents(t, ft, 200)
	if m.OK[opRead]+m.OK[opWrite] < 190 {
		t.Errorf("O_DIRECT run: %v", m.OK)
	}
	if ft.Mode(0)[0] != "Extra file open flags: directio" {
		t.Errorf("mode says %q", ft.Mode(0)[0])
	}
}

func TestFileRejects(t *testing.T) {
	dir := t.TempDir()
	for _, extra := range []map[string]string{
		{"file-test-mode": "rndrx"},
		{"file-io-mode": "async"},
		{"file-io-mode": "mmap"},
		{"file-extra-flags": "odirect"},
		{"file-extra-flags": "direct", "file-block-size": "1000", "file-total-size": "4000"},
		{"file-rw-ratio": "-1"},
		{"file-rw-ratio": "NaN"},
		{"file-rw-ratio": "Inf"},
		{"file-block-size": "0"},
		{"file-block-size": "3000"}, // 64 KiB files are not whole blocks
		{"file-total-size": "2"},    // less than a byte a file
		{"file-num": "0"},
		{"file-fsync-freq": "-1"},
		{"file-fsync-mode": "never"},
		{"file-fsync-all": "maybe"},
		{"file-dir": " "},
	} {
		if err := configureErr(FileIO{}, 1, smallFiles(dir, extra)); err == nil {
			t.Errorf("%v accepted", extra)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error of more than one line: %q", extra, err)
		}
	}
}
