package cli

import (
	"github.com/dbgauge/dbgauge/results"
)

// runObserver follows runs as they go: the live dashboard (--web) is one.
// Start comes once the results folder exists, Interval after each interval
// (warmup included, marked), End once result.json is written. A sweep or an
// experiment calls Start…End once per step. Observers must not block: they
// run on the runner's collector goroutine.
type runObserver interface {
	Start(base *results.Result, dir string)
	Interval(iv results.Interval)
	End(res *results.Result, dir string)
}

// observe calls f for every registered observer.
func (e *env) observe(f func(runObserver)) {
	for _, ob := range e.observers {
		f(ob)
	}
}

// afterRun is what follows every run once its result is written: the
// thresholds (printed and saved in result.json), the --out files, and the
// results store. It returns the error that sets the exit code, if any: an
// --out file that could not be written, else a failed threshold (exit 5).
// A store failure is only a warning: the result is in its folder.
func (e *env) afterRun(o *options, res *results.Result, dir string) error {
	terr := e.checkThresholds(o, res, dir)
	oerr := e.writeOuts(o, res)
	e.record(o, res, dir)
	if oerr != nil {
		return oerr
	}
	return terr
}
