package session

import "github.com/dbgauge/dbgauge/results"

// Observer follows a session as it goes. Note and Progress report what
// happens to the data (a line each, and rows loaded); Start comes once the
// results folder exists, Interval after each interval (warmup included,
// marked), End once result.json is written. Interval runs on the runner's
// collector goroutine: it must not block.
type Observer interface {
	Note(line string)
	// Checking is the consistency checks of a dataset starting (after a
	// prepare too, which the caller may offer to skip).
	Checking(dataset string)
	// Print is a line of the workload's own output (a sysbench script's
	// print), for stdout as sysbench shows it. It may come from any
	// goroutine, during a run too: it must not block for long.
	Print(line string)
	// Progress starts a progress report of a load of total rows; update
	// is told of each table's rows as they load, finish when it ends.
	Progress(total int64) (update func(table string, rows, total int64), finish func())
	Start(base *results.Result, dir string)
	Interval(iv results.Interval)
	End(res *results.Result, dir string)
	// Thresholds is the thresholds' section, once they are checked: the
	// lines that follow the summary (summary.txt holds them too).
	Thresholds(section string)
}

// Quiet is an Observer that reports nothing.
type Quiet struct{}

func (Quiet) Note(string)     {}
func (Quiet) Print(string)    {}
func (Quiet) Checking(string) {}
func (Quiet) Progress(int64) (func(string, int64, int64), func()) {
	return func(string, int64, int64) {}, func() {}
}
func (Quiet) Start(*results.Result, string) {}
func (Quiet) Interval(results.Interval)     {}
func (Quiet) End(*results.Result, string)   {}
func (Quiet) Thresholds(string)             {}
