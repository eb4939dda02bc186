package session

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/dbgauge/dbgauge/sys"
	"github.com/dbgauge/dbgauge/workload"
)

// SysVerbs are the commands of sys test name: run, and fileio's prepare
// and cleanup.
func SysVerbs(name string) []string {
	if name == "fileio" {
		return []string{"prepare", "run", "cleanup"}
	}
	return []string{"run"}
}

// Sys is `dbgauge sys TEST VERB`: sysbench's machine test w configured
// from its options given (raw, by name) and in, then verb done: fileio's
// prepare and cleanup, or a run (fileio preparing its files first if they
// are missing, unless in.NoPrepare) through RunSys. sysbench's own lines
// go to obs's Print, notes to its Note; observer is the run's Observer,
// given the configured test.
func Sys(ctx context.Context, verb string, w workload.Workload, raw map[string]string, in Inputs, obs Observer, observer func(sys.Test) Observer, env Env) error {
	t, v, err := ConfigureSys(w, raw, in.Spec)
	if err != nil {
		return err
	}
	files, isFiles := t.(sys.Files)
	switch verb {
	case "prepare":
		return sysPrepare(ctx, files, true, obs, env.Version)
	case "cleanup":
		obs.Print(fmt.Sprintf("dbgauge %s (sys %s)\n\nRemoving test files...", env.Version, w.Meta().Name))
		removed, err := files.Cleanup()
		if err != nil {
			return sysFileErr(err)
		}
		obs.Note(fmt.Sprintf("Removed %d test files made by dbgauge from %s", len(removed), absDir(files.Dir())))
		return nil
	}
	if isFiles && files.TestMode() == "" {
		return settingf("sys fileio run: missing required argument {file-test-mode} (%s)", "seqwr, seqrewr, seqrd, rndrd, rndwr or rndrw")
	}
	// The test's own limit (memory-total-size) ends a run too: --time 0
	// with --events 0 is then fine, as in sysbench.
	checked := in
	if checked.Spec.Events == 0 {
		checked.Spec.Events = t.EventLimit()
	}
	if err := checked.Check(); err != nil {
		return err
	}
	if err := in.CheckWritable(); err != nil {
		return err
	}
	if isFiles {
		switch err := files.Ready(); {
		case errors.Is(err, sys.ErrNotPrepared) && in.NoPrepare:
			return settingf("the test files in %s are missing or too short ({no-prepare}): run `dbgauge sys fileio prepare` with the same {file-num} and {file-total-size} first", files.Dir())
		case errors.Is(err, sys.ErrNotPrepared):
			obs.Note(fmt.Sprintf("Preparing the test files in %s (missing or too short)...", absDir(files.Dir())))
			if err := sysPrepare(ctx, files, false, obs, env.Version); err != nil {
				return err
			}
		case err != nil:
			return sysFileErr(err)
		}
		if err := files.OpenFiles(); err != nil {
			return sysFileErr(err)
		}
		defer files.CloseFiles()
	}
	s := in.Spec
	s.Workload = w.Meta().Name
	s.Finish = checked.Finish() // Check parsed the thresholds into checked
	_, _, err = RunSys(ctx, s, w, t, v, observer(t), env)
	return err
}

// absDir is dir made absolute for messages ("." says little).
func absDir(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// sysFileErr gives the files' problems their kind.
func sysFileErr(err error) error {
	var ie *sys.InputError
	switch {
	case errors.As(err, &ie):
		return Usagef("%v", err)
	case errors.Is(err, sys.ErrNotPrepared):
		return settingf("the test files are missing or too short: run `dbgauge sys fileio prepare` with the same {file-num} and {file-total-size}")
	case errors.Is(err, context.Canceled):
		return &Error{Interrupted, errors.New("interrupted; `dbgauge sys fileio cleanup` removes the test files made so far")}
	}
	return err
}

// sysPrepare is sysbench's fileio prepare, with its lines printed.
func sysPrepare(ctx context.Context, files sys.Files, banner bool, obs Observer, version string) error {
	if banner {
		obs.Print(fmt.Sprintf("dbgauge %s (sys fileio)\n", version))
	}
	start := time.Now()
	written, err := files.Prepare(ctx, obs.Print)
	if err != nil {
		return sysFileErr(err)
	}
	if files.TestMode() == "seqwr" {
		return nil
	}
	secs := time.Since(start).Seconds()
	if written > 0 {
		obs.Print(fmt.Sprintf("%d bytes written in %.2f seconds (%.2f MiB/sec).", written, secs, float64(written)/(1<<20)/secs))
	} else {
		obs.Print("No bytes written.")
	}
	return nil
}
