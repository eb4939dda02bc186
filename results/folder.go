package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Folder is the results folder of one run.
type Folder struct {
	Dir       string
	intervals *os.File
}

// Create makes a new folder under root named after the start time and name
// (a counter is appended if it exists). root is created if missing.
func Create(root, name string, start time.Time) (*Folder, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create results directory %s: %w", root, unwrapPath(err))
	}
	base := filepath.Join(root, start.Format("20060102-150405")+"-"+name)
	dir := base
	for i := 2; ; i++ {
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			break
		}
		if !os.IsExist(err) {
			return nil, fmt.Errorf("cannot create results folder %s: %w", dir, unwrapPath(err))
		}
		dir = fmt.Sprintf("%s-%d", base, i)
	}
	f, err := os.OpenFile(filepath.Join(dir, "intervals.jsonl"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot write in results folder %s: %w", dir, unwrapPath(err))
	}
	return &Folder{Dir: dir, intervals: f}, nil
}

// AppendInterval writes one interval as a JSON line and syncs it to disk, so
// that after a crash or SIGKILL every finished interval is there.
func (f *Folder) AppendInterval(iv Interval) error {
	b, err := json.Marshal(iv)
	if err != nil {
		return err
	}
	if _, err := f.intervals.Write(append(b, '\n')); err != nil {
		return err
	}
	return f.intervals.Sync()
}

// WriteResult writes result.json into the folder.
func (f *Folder) WriteResult(r *Result) error {
	return WriteJSON(filepath.Join(f.Dir, "result.json"), r)
}

// WriteFile writes a named file into the folder (summary.txt and reports).
func (f *Folder) WriteFile(name string, data []byte) error {
	return writeAtomic(filepath.Join(f.Dir, name), data)
}

// Close closes intervals.jsonl.
func (f *Folder) Close() error { return f.intervals.Close() }

// WriteJSON writes r as indented JSON to path, atomically: a reader never
// sees half a file.
func WriteJSON(path string, r any) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(path, append(b, '\n'))
}

// CheckWritable fails early, before a run, if path cannot be written.
func CheckWritable(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("cannot write %s: it is a directory", path)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, ".dbgauge-check-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the path an *os.PathError repeats.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// Read loads a result.json.
func Read(path string) (*Result, error) { return readJSON[Result](path, "result") }

// readJSON loads one of dbgauge's JSON files; what names it in the error.
func readJSON[T any](path, what string) (*T, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("%s is not a dbgauge %s: %w", path, what, err)
	}
	return &v, nil
}

// ReadIntervals reads back the intervals appended to intervals.jsonl.
func (f *Folder) ReadIntervals() ([]Interval, error) {
	b, err := os.ReadFile(filepath.Join(f.Dir, "intervals.jsonl"))
	if err != nil {
		return nil, err
	}
	var out []Interval
	for _, line := range bytes.Split(b, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var iv Interval
		if err := json.Unmarshal(line, &iv); err != nil {
			return nil, fmt.Errorf("intervals.jsonl: %w", err)
		}
		out = append(out, iv)
	}
	return out, nil
}
