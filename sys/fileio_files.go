package sys

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unsafe"
)

// Files is what the fileio test's prepare, run and cleanup do with its test
// files: test_file.0 … test_file.N-1 in --file-dir, as sysbench names them,
// and a stamp (StampName) listing the ones dbgauge made. dbgauge never
// writes to, truncates or removes a test file it did not make.
type Files interface {
	// Dir is the directory of the test files.
	Dir() string
	// TestMode is --file-test-mode ("" when not given).
	TestMode() string
	// Ready reports whether run can start on the files as they are:
	// ErrNotPrepared if one is missing or shorter than the file size.
	Ready() error
	// Prepare creates the files, or extends the ones that are too short,
	// and reports each step to progress in sysbench's words. It returns the
	// bytes it wrote. In mode seqwr it removes them instead, as sysbench's
	// prepare does.
	Prepare(ctx context.Context, progress func(string)) (int64, error)
	// OpenFiles opens every file for the run (seqwr: recreates them empty).
	OpenFiles() error
	// CloseFiles closes what OpenFiles opened.
	CloseFiles() error
	// Cleanup removes the files the stamp lists, then the stamp, and
	// returns the names it removed.
	Cleanup() ([]string, error)
}

var _ Files = (*fileTest)(nil)

// StampName is the file, in --file-dir, listing the test files dbgauge made.
const StampName = "dbgauge-fileio.json"

// ErrNotPrepared says the test files are missing or too short.
var ErrNotPrepared = errors.New("the test files are not prepared")

// InputError is a problem with the directory or the files found there
// (another tool's test files, an unreadable stamp): the user's to fix.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

func inputErr(format string, a ...any) error { return &InputError{fmt.Errorf(format, a...)} }

// stamp is the content of StampName.
type stamp struct {
	Tool  string   `json:"tool"`
	Files []string `json:"files"`
}

var testFileName = regexp.MustCompile(`^test_file\.[0-9]+$`)

func fileName(i int) string { return fmt.Sprintf("test_file.%d", i) }

func (t *fileTest) Dir() string             { return t.dir }
func (t *fileTest) path(name string) string { return filepath.Join(t.dir, name) }

func (t *fileTest) readStamp() (*stamp, error) {
	b, err := os.ReadFile(t.path(StampName))
	if errors.Is(err, os.ErrNotExist) {
		return &stamp{Tool: "dbgauge"}, nil
	}
	if err != nil {
		return nil, inputErr("cannot read %s: %v", t.path(StampName), unwrapPath(err))
	}
	var s stamp
	if err := json.Unmarshal(b, &s); err != nil || s.Tool != "dbgauge" {
		return nil, inputErr("%s is not a dbgauge fileio stamp; remove it or use another --file-dir", t.path(StampName))
	}
	// Only names of test files count: a stamp never points elsewhere.
	s.Files = slices.DeleteFunc(s.Files, func(n string) bool { return !testFileName.MatchString(n) })
	return &s, nil
}

// writeStamp replaces the stamp atomically.
func (t *fileTest) writeStamp(s *stamp) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp := t.path(StampName + ".tmp")
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return inputErr("cannot write in --file-dir %s: %v", t.dir, unwrapPath(err))
	}
	return os.Rename(tmp, t.path(StampName))
}

// claim adds the first num test files to the stamp (before they are
// created, so that an interrupted prepare can still be cleaned up) after
// checking that none of them is somebody else's.
func (t *fileTest) claim(s *stamp) error {
	var foreign []string
	changed := false
	for i := range t.num {
		name := fileName(i)
		if slices.Contains(s.Files, name) {
			continue
		}
		if _, err := os.Lstat(t.path(name)); err == nil {
			foreign = append(foreign, name)
			continue
		}
		s.Files = append(s.Files, name)
		changed = true
	}
	if len(foreign) > 0 {
		more := ""
		if len(foreign) > 3 {
			more = fmt.Sprintf(" and %d more", len(foreign)-3)
			foreign = foreign[:3]
		}
		return inputErr("%s%s in %s were not made by dbgauge (sysbench's?); remove them or use another --file-dir",
			strings.Join(foreign, ", "), more, t.dir)
	}
	if changed {
		return t.writeStamp(s)
	}
	return nil
}

// foreign checks the files without claiming them.
func (t *fileTest) foreign(s *stamp) error {
	c := *s
	c.Files = slices.Clone(s.Files)
	for i := range t.num {
		name := fileName(i)
		if slices.Contains(c.Files, name) {
			continue
		}
		if _, err := os.Lstat(t.path(name)); err == nil {
			return t.claim(&c) // reports them
		}
	}
	return nil
}

// Ready implements Files: sysbench's file_prepare checks, without opening.
func (t *fileTest) Ready() error {
	s, err := t.readStamp()
	if err != nil {
		return err
	}
	if err := t.foreign(s); err != nil {
		return err
	}
	if t.mode == "seqwr" {
		return nil // run makes them
	}
	for i := range t.num {
		fi, err := os.Stat(t.path(fileName(i)))
		if err != nil || fi.Size() < t.fileSize {
			return ErrNotPrepared
		}
	}
	return nil
}

// Prepare implements Files: file_cmd_prepare and create_files. Existing
// files of the right size are reused, shorter ones extended from their end,
// block by block, and each file is fsynced, as sysbench does.
func (t *fileTest) Prepare(ctx context.Context, progress func(string)) (int64, error) {
	if err := os.MkdirAll(t.dir, 0o755); err != nil {
		return 0, inputErr("--file-dir: cannot create %s: %v", t.dir, unwrapPath(err))
	}
	s, err := t.readStamp()
	if err != nil {
		return 0, err
	}
	if t.mode == "seqwr" {
		if err := t.foreign(s); err != nil {
			return 0, err
		}
		progress("Removing test files...")
		_, err := t.remove(s, t.num)
		return 0, err
	}
	if err := t.claim(s); err != nil {
		return 0, err
	}
	progress(fmt.Sprintf("%d files, %dKb each, %dMb total", t.num, t.fileSize/1024, t.fileSize*int64(t.num)/(1024*1024)))
	progress("Creating files for the test...")
	progress("Extra file open flags: " + t.flagsText())
	buf := alignedBuffer(int(t.block))
	var written int64
	for i := range t.num {
		n, err := t.extend(ctx, fileName(i), buf, progress)
		written += n
		if err != nil {
			return written, err
		}
	}
	return written, nil
}

// extend brings one file to at least the file size.
func (t *fileTest) extend(ctx context.Context, name string, buf []byte, progress func(string)) (int64, error) {
	f, err := os.OpenFile(t.path(name), os.O_CREATE|os.O_WRONLY|t.openFlags(), 0o600)
	if err != nil {
		return 0, fmt.Errorf("cannot open %s: %w", t.path(name), err)
	}
	defer f.Close()
	off, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return 0, fmt.Errorf("cannot seek in %s: %w", t.path(name), err)
	}
	switch {
	case off >= t.fileSize:
		progress("Reusing existing file " + name)
	case off > 0:
		progress("Extending existing file " + name)
	default:
		progress("Creating file " + name)
	}
	var written int64
	for ; off < t.fileSize; off += t.block {
		if err := ctx.Err(); err != nil {
			return written, err
		}
		if _, err := f.Write(buf); err != nil {
			return written, fmt.Errorf("cannot write %s: %w", t.path(name), err)
		}
		written += t.block
	}
	// fsync files to prevent cache flush from affecting test results
	// (create_files).
	if err := f.Sync(); err != nil {
		return written, fmt.Errorf("cannot fsync %s: %w", t.path(name), err)
	}
	return written, f.Close()
}

// OpenFiles implements Files: sysbench's file_prepare. In seqwr mode the files
// are made empty (sysbench unlinks and recreates them).
func (t *fileTest) OpenFiles() error {
	s, err := t.readStamp()
	if err != nil {
		return err
	}
	flags := os.O_RDWR | t.openFlags()
	if t.mode == "seqwr" {
		if err := os.MkdirAll(t.dir, 0o755); err != nil {
			return inputErr("--file-dir: cannot create %s: %v", t.dir, unwrapPath(err))
		}
		if err := t.claim(s); err != nil {
			return err
		}
		flags |= os.O_CREATE | os.O_TRUNC
	} else if err := t.foreign(s); err != nil {
		return err
	}
	t.files, t.fds = make([]*os.File, 0, t.num), make([]int, 0, t.num)
	for i := range t.num {
		name := t.path(fileName(i))
		f, err := os.OpenFile(name, flags, 0o600)
		if err != nil {
			t.CloseFiles()
			if errors.Is(err, os.ErrNotExist) {
				return ErrNotPrepared
			}
			return fmt.Errorf("cannot open %s: %w", name, err)
		}
		t.files = append(t.files, f)
		t.fds = append(t.fds, int(f.Fd()))
		if t.mode == "seqwr" {
			continue
		}
		if fi, err := f.Stat(); err != nil || fi.Size() < t.fileSize {
			t.CloseFiles()
			return ErrNotPrepared
		}
	}
	return nil
}

// CloseFiles implements Files.
func (t *fileTest) CloseFiles() error {
	var errs []error
	for _, f := range t.files {
		errs = append(errs, f.Close())
	}
	t.files, t.fds = nil, nil
	return errors.Join(errs...)
}

// Cleanup implements Files: unlike sysbench's, which removes test_file.0 …
// test_file.N-1 whoever made them, it removes only the files its stamp
// lists, whatever --file-num is now.
func (t *fileTest) Cleanup() ([]string, error) {
	s, err := t.readStamp()
	if err != nil {
		return nil, err
	}
	removed, err := t.remove(s, -1)
	if err != nil {
		return removed, err
	}
	if err := os.Remove(t.path(StampName)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return removed, fmt.Errorf("cannot remove %s: %w", t.path(StampName), err)
	}
	return removed, nil
}

// remove deletes the stamped files (the first n test files only, if n >= 0)
// and drops them from the stamp.
func (t *fileTest) remove(s *stamp, n int) ([]string, error) {
	var removed, kept []string
	for _, name := range s.Files {
		var i int
		fmt.Sscanf(name, "test_file.%d", &i)
		if n >= 0 && i >= n {
			kept = append(kept, name)
			continue
		}
		if err := os.Remove(t.path(name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return removed, fmt.Errorf("cannot remove %s: %w", t.path(name), err)
		}
		removed = append(removed, name)
	}
	if n >= 0 && len(removed) > 0 {
		s.Files = kept
		return removed, t.writeStamp(s)
	}
	return removed, nil
}

// alignedBuffer is a zeroed buffer aligned to a page, as sb_memalign gives
// sysbench (O_DIRECT needs aligned buffers).
func alignedBuffer(size int) []byte {
	const page = 4096
	b := make([]byte, size+page)
	clear(b) // written, as sysbench memsets it: no zero-page mappings
	off := int(uintptr(unsafe.Pointer(&b[0])) & (page - 1))
	if off != 0 {
		off = page - off
	}
	return b[off : off+size : off+size]
}

// unwrapPath drops the *PathError's repetition of the path.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
