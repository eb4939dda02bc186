package cli

import (
	"fmt"
	"io"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
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

// printer is the session's Observer on the terminal: notes and progress on
// stderr; sysbench's header, interval lines and summary on stdout; and the
// run observers.
type printer struct {
	e *env
	s session.Spec
}

var _ session.Observer = printer{}

func (e *env) observer(s session.Spec) printer { return printer{e, s} }

func (p printer) Note(line string) { fmt.Fprintln(p.e.stderr, line) }

// notef prints a launcher's line about its shards or pods on stderr, as
// an error's message is (without secrets).
func (e *env) notef(format string, a ...any) {
	fmt.Fprintln(e.stderr, message(fmt.Errorf(format, a...), e.secrets))
}

func (p printer) Checking(dataset string) {
	fmt.Fprintf(p.e.stderr, "Checking the consistency of %s (--no-check skips it)...\n", dataset)
}

// Print writes a line of the workload's own output (a script's print) to
// stdout, as sysbench does, whole between interval lines: a run's users
// print from their own goroutines.
func (p printer) Print(line string) {
	p.e.outMu.Lock()
	defer p.e.outMu.Unlock()
	io.WriteString(p.e.stdout, line+"\n")
}

func (p printer) Progress(total int64) (func(string, int64, int64), func()) {
	pr := report.NewLoadProgress(p.e.stderr, total)
	return pr.Update, pr.Finish
}

func (p printer) Start(base *results.Result, dir string) {
	report.Header(p.e.stdout, base)
	p.e.observe(func(ob runObserver) { ob.Start(base, dir) })
}

func (p printer) Interval(iv results.Interval) {
	s := p.s
	if s.ReportIntervalS > 0 && iv.DurS >= s.ReportIntervalS/2 {
		p.e.outMu.Lock()
		io.WriteString(p.e.stdout, report.IntervalLine(iv, float64(s.Percentile), s.Rate > 0))
		p.e.outMu.Unlock()
	}
	p.e.observe(func(ob runObserver) { ob.Interval(iv) })
}

func (p printer) End(res *results.Result, dir string) {
	report.Summary(p.e.stdout, res, p.s.Histogram)
	p.e.observe(func(ob runObserver) { ob.End(res, dir) })
	fmt.Fprintf(p.e.stderr, "Results: %s\n", dir)
}

func (p printer) Thresholds(section string) {
	p.e.outMu.Lock()
	defer p.e.outMu.Unlock()
	io.WriteString(p.e.stdout, section)
}
