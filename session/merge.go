package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/hist"
	"github.com/dbgauge/dbgauge/results"
)

// Merge merges the results of shards of one run, each a results folder or
// a result.json, into a new results folder under resultsDir, written as a
// run writes its own: intervals.jsonl, result.json and summary.txt (with
// sysbench's latency histogram if histogram). It returns the merged result
// and its folder.
//
// Merge never writes into its inputs: a resultsDir that is an input, or
// inside an input's results folder, is refused, and the merged folder is
// always a new one. Every error it returns about the inputs or resultsDir
// is a usage error.
func Merge(paths []string, resultsDir string, histogram bool) (*results.Result, string, error) {
	shards := make([]results.Named, len(paths))
	for i, p := range paths {
		r, err := readShard(p)
		if err != nil {
			return nil, "", err
		}
		shards[i] = results.Named{Name: p, Result: r}
	}
	if err := outsideInputs(resultsDir, paths); err != nil {
		return nil, "", err
	}
	res, err := results.Merge(shards, hist.Encoded{})
	if err != nil {
		return nil, "", Usagef("merge: %v", err)
	}
	mergeFigures(res, shards)
	folder, err := results.Create(resultsDir, FolderName(res.Workload.Name)+"-merged", time.Now())
	if err != nil {
		return nil, "", resultsDirErr(err)
	}
	defer folder.Close()
	for _, iv := range res.Intervals {
		if err := folder.AppendInterval(iv); err != nil {
			return nil, "", fmt.Errorf("write %s: %w", filepath.Join(folder.Dir, "intervals.jsonl"), err)
		}
	}
	if err := writeResult(res, folder, histogram); err != nil {
		return nil, "", err
	}
	return res, folder.Dir, nil
}

// MergeRun is `dbgauge merge`: Merge, then the merged folder finished as
// a run's: which shards it holds (and which are missing) told to obs, its
// reports, its record in the store at storePath, then obs.End.
func MergeRun(paths []string, resultsDir, storePath string, obs Observer) error {
	res, dir, err := Merge(paths, resultsDir, false)
	if err != nil {
		return err
	}
	sh := res.Run.Shard
	obs.Note(fmt.Sprintf("Merged shards %s of %d", results.JoinShards(sh.Merged), sh.Count))
	if len(sh.Merged) < sh.Count {
		obs.Note(fmt.Sprintf("Note: shards %s are missing: the merged result is part of the run", results.JoinShards(sh.Missing())))
	}
	WriteReports(res, dir, obs)
	Record(storePath, res, dir, obs)
	obs.End(res, dir)
	return nil
}

// readShard reads a results folder's result.json or a result file.
func readShard(path string) (*results.Result, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, Usagef("merge: cannot read %s: %v", path, unwrapPath(err))
	}
	file := path
	if st.IsDir() {
		file = filepath.Join(path, "result.json")
		if _, err := os.Stat(file); err != nil {
			return nil, Usagef("merge: %s has no result.json: it is not a results folder", path)
		}
	}
	r, err := results.Read(file)
	var pe *os.PathError
	switch {
	case errors.As(err, &pe):
		return nil, Usagef("merge: cannot read %s: %v", file, pe.Err)
	case err != nil:
		return nil, Usagef("merge: %v", err)
	}
	return r, nil
}

// outsideInputs refuses a results directory that is one of the inputs or
// lies inside one: a results folder given as such or by its result.json,
// or a result file.
func outsideInputs(resultsDir string, paths []string) error {
	out, err := realPath(resultsDir)
	if err != nil {
		return resultsDirErr(err)
	}
	for _, p := range paths {
		in := p
		if st, err := os.Stat(p); err == nil && !st.IsDir() && filepath.Base(p) == "result.json" {
			in = filepath.Dir(p)
		}
		inReal, err := realPath(in)
		if err != nil {
			return Usagef("merge: %s: %v", p, err)
		}
		if out == inReal || strings.HasPrefix(out, inReal+string(filepath.Separator)) {
			return settingf("{results-dir} %s is inside the input %s: merge never writes into its inputs; give another {results-dir}", resultsDir, in)
		}
	}
	return nil
}

// realPath is p absolute with its symbolic links resolved, as far as it
// exists (the rest is appended as given).
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest), nil
		}
		if filepath.Dir(dir) == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// unwrapPath drops the path an *os.PathError repeats.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
