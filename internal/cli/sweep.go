package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/session"
)

// sizeOptions are the workload options a sweep may vary as a data size:
// each step prepares the data at its size (dropping the previous one).
var sizeOptions = []string{"table-size", "record-count"}

// sweepFlags are what sweep has beyond run's flags.
type sweepFlags struct {
	dbs     []string
	threads string
}

func (e *env) sweepCmd() *cobra.Command {
	o := newOptions()
	sf := &sweepFlags{}
	cmd := &cobra.Command{
		Use:   "sweep WORKLOAD",
		Short: "Run a workload over a list of thread counts, data sizes or targets, and find the knee",
		Long: `sweep runs the same workload once per step and writes one sweep folder:
  --threads 1,2,4,8,16          thread counts (the knee is found and stated)
  --table-size 10000,100000     data sizes (also --record-count), each prepared in turn
  --db URL1 --db URL2           targets
One parameter varies per sweep; dbgauge experiment runs a matrix.`,
		Args: oneWorkload,
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.sweep(cmd.Context(), o, sf, args[0])
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&sf.dbs, "db", nil, "database URL; repeat it to sweep over targets (env DBGAUGE_DB)")
	f.StringVar(&sf.threads, "threads", "1", "user (thread) counts, a comma list (1,2,4,8) or one count")
	f.StringVar(&sf.threads, "users", "1", "the same as --threads")
	f.IntVar(&o.spec.Connections, "connections", 0, "connections the users share at every step (0: one per user)")
	f.StringVar(&o.spec.Prepare, "prepare-policy", session.PrepareReplace, "data before each step: "+strings.Join(session.PreparePolicies, ", "))
	addSeedFlags(cmd, o)
	addRunFlags(cmd, o)
	addServerSetFlag(f, &o.spec)
	e.takesWorkload(cmd, o, "")
	return cmd
}

// sweepPlan is the parsed sweep: the parameter and one value per step.
type sweepPlan struct {
	param  string
	values []string
}

func (e *env) planSweep(o *options, sf *sweepFlags) (*sweepPlan, error) {
	var plans []*sweepPlan
	threads, err := intList("--threads", sf.threads)
	if err != nil {
		return nil, err
	}
	if len(threads) > 1 {
		plans = append(plans, &sweepPlan{param: "threads", values: strings.Split(sf.threads, ",")})
	}
	o.spec.Users = threads[0]
	for _, name := range sizeOptions {
		fl := o.workloadFlags.Lookup(name)
		if fl == nil || !fl.Changed || !strings.Contains(fl.Value.String(), ",") {
			continue
		}
		if _, err := intList("--"+name, fl.Value.String()); err != nil {
			return nil, err
		}
		plans = append(plans, &sweepPlan{param: name, values: strings.Split(fl.Value.String(), ",")})
	}
	if len(sf.dbs) > 1 {
		plans = append(plans, &sweepPlan{param: "db", values: sf.dbs})
	}
	switch {
	case len(plans) == 0:
		return nil, usageErr("sweep needs a list to go over: --threads 1,2,4,8, --table-size 1000,10000, --record-count …, or several --db")
	case len(plans) > 1:
		var names []string
		for _, p := range plans {
			names = append(names, "--"+p.param)
		}
		return nil, usageErr("sweep varies one parameter at a time, got lists for %s; use `dbgauge experiment` for a matrix", strings.Join(names, " and "))
	}
	if len(sf.dbs) == 1 {
		o.db = sf.dbs[0]
	}
	if !slices.Contains(session.PreparePolicies, o.spec.Prepare) {
		return nil, usageErr("--prepare-policy must be one of %s, got %q", strings.Join(session.PreparePolicies, ", "), o.spec.Prepare)
	}
	return plans[0], nil
}

// intList parses a comma list of positive integers.
func intList(flag, s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, usageErr("%s: %q is not a positive whole number (give a comma list such as 1,2,4,8)", flag, f)
		}
		out = append(out, n)
	}
	return out, nil
}

// apply sets o for one step of the plan.
func (p *sweepPlan) apply(o *options, i int) error {
	v := strings.TrimSpace(p.values[i])
	switch p.param {
	case "threads":
		o.spec.Users, _ = strconv.Atoi(v)
	case "db":
		o.db = v
	default:
		return o.workloadFlags.Set(p.param, v)
	}
	return nil
}

func (e *env) sweep(ctx context.Context, o *options, sf *sweepFlags, name string) error {
	plan, err := e.planSweep(o, sf)
	if err != nil {
		return err
	}
	// Validate every step before the first one runs: a bad URL or size in
	// the last step must not cost the user the whole sweep.
	for i := range plan.values {
		step := *o
		if err := plan.apply(&step, i); err != nil {
			return usageErr("--%s: %v", plan.param, err)
		}
		step.spec.Workload = name
		if err := step.validate(); err != nil {
			return err
		}
		spec, err := step.specFor(name)
		if err != nil {
			return err
		}
		if _, err := session.Configure(&spec); err != nil {
			return err
		}
		if _, err := session.ResolveTarget(spec.Target); err != nil {
			return err
		}
		e.secretOf(spec.Target)
	}
	start := time.Now()
	dir, err := makeFolder(o.spec.ResultsDir, "sweep-"+name+"-"+plan.param, start)
	if err != nil {
		return usageErr("--results-dir: %v", err)
	}
	sw := &results.Sweep{SchemaVersion: results.SchemaVersion, Workload: name, Parameter: plan.param, StartedAt: start.Format(time.RFC3339)}
	var runErr error
	for i := range plan.values {
		step := *o
		step.spec.ResultsDir = dir
		step.out, step.outs = "", nil // --out is the sweep's, written at the end
		plan.apply(&step, i)
		fmt.Fprintf(e.stderr, "\n=== sweep %s: step %d of %d, %s = %s ===\n", name, i+1, len(plan.values), plan.param, redactStep(plan, i, e))
		res, rdir, err := e.runOne(ctx, &step, name)
		if res != nil {
			sw.Steps = append(sw.Steps, sweepStep(plan, i, res, dir, rdir, e))
			if aerr := e.afterRun(&step, res, rdir); aerr != nil && runErr == nil {
				runErr = aerr
			}
		}
		if err != nil {
			runErr = err
			break
		}
	}
	sw.EndedAt = time.Now().Format(time.RFC3339)
	sw.Interrupted = codeOf(runErr) == ExitInterrupted
	if plan.param == "threads" {
		sw.Knee = results.FindKnee(sw.Steps)
		sw.MemPerConnectionKB = results.MemPerConnection(sw.Steps)
	}
	if err := results.WriteJSON(filepath.Join(dir, results.SweepFile), sw); err != nil {
		return err
	}
	e.printSweep(e.stdout, sw)
	sub := make([]string, len(sw.Steps))
	for i, s := range sw.Steps {
		sub[i] = s.Dir
	}
	e.folderReport("Sweep", dir, report.SweepDoc(sw, stepResults(dir, sub)))
	for _, out := range o.outs {
		var err error
		if out.format == "csv" {
			err = writeSweepCSV(out.path, sw)
		} else {
			err = results.WriteJSON(out.path, sw)
		}
		if err != nil {
			return err
		}
	}
	return runErr
}

// writeSweepCSV writes one row per step: --out csv=FILE of a sweep.
func writeSweepCSV(path string, sw *results.Sweep) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{sw.Parameter, "threads", "tps", "qps", "avg_ms", "p95_ms", "p99_ms", "max_ms", "errors", "server_mem_mb", "knee"})
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for i, s := range sw.Steps {
		knee := ""
		if sw.Knee != nil && sw.Knee.Index == i {
			knee = "knee"
		}
		w.Write([]string{s.Value, strconv.Itoa(s.Threads), f(s.TPS), f(s.QPS), f(s.AvgMs), f(s.P95Ms), f(s.P99Ms), f(s.MaxMs),
			strconv.FormatInt(s.Errors, 10), f(s.ServerMemMB), knee})
	}
	w.Flush()
	return results.WriteFile(path, b.Bytes())
}

// folderReport writes a sweep's or an experiment's own report into its
// folder and names the folder; a report that cannot be written is a
// warning, the results are on disk already.
func (e *env) folderReport(what, dir string, d *report.Doc) {
	if _, err := writeReports(dir, d); err != nil {
		fmt.Fprintf(e.stderr, "dbgauge: cannot write the %s report: %s\n", strings.ToLower(what), message(err, e.secrets))
	}
	fmt.Fprintf(e.stderr, "%s: %s (report.html, report.md)\n", what, dir)
}

// makeFolder makes a sweep's or an experiment's folder under root, named
// after the start time and name; each run's folder goes inside.
func makeFolder(root, name string, start time.Time) (string, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	base := filepath.Join(root, start.Format("20060102-150405")+"-"+name)
	dir := base
	for i := 2; ; i++ {
		err := os.Mkdir(dir, 0o755)
		if err == nil {
			return dir, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return "", err
		}
		dir = fmt.Sprintf("%s-%d", base, i)
	}
}

// redactStep is step i's value as it may be printed.
func redactStep(p *sweepPlan, i int, e *env) string {
	v := strings.TrimSpace(p.values[i])
	if p.param == "db" {
		return message(errors.New(v), e.secrets)
	}
	return v
}

func sweepStep(p *sweepPlan, i int, res *results.Result, sweepDir, runDir string, e *env) results.SweepStep {
	rel, err := filepath.Rel(sweepDir, runDir)
	if err != nil {
		rel = runDir
	}
	s := results.SweepStep{
		Value: redactStep(p, i, e), Threads: res.Run.Threads, Dir: rel,
		TPS: res.Totals.TPS, QPS: res.Totals.QPS, AvgMs: res.Latency.Avg, P95Ms: res.Latency.P95, P99Ms: res.Latency.P99,
		MaxMs: res.Latency.Max, Errors: res.Totals.Errors,
	}
	if p.param == "db" {
		s.Value = res.Target.URL
	}
	if r := res.Resources; r != nil && r.ServerMemBeforeMB > 0 {
		// The server's average memory during the step.
		s.ServerMemMB = r.ServerMemBeforeMB + r.MemPerConnectionKB*float64(res.Run.Threads)/1024
	}
	return s
}

// printSweep prints the sweep's table and its finding.
func (e *env) printSweep(w io.Writer, sw *results.Sweep) {
	fmt.Fprintf(w, "\nSweep of %s over %s:\n", sw.Workload, sw.Parameter)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	first := sw.Parameter + "\t"
	if sw.Parameter == "threads" {
		first = ""
	}
	fmt.Fprintf(tw, "%sthreads\ttps\tqps\tavg ms\tp95 ms\tp99 ms\tmax ms\terrors\tserver MB\t\n", first)
	for i, s := range sw.Steps {
		mark := ""
		if sw.Knee != nil && sw.Knee.Index == i {
			mark = " <- knee"
		}
		mem := "-"
		if s.ServerMemMB > 0 {
			mem = fmt.Sprintf("%.1f", s.ServerMemMB)
		}
		if first != "" {
			fmt.Fprintf(tw, "%s\t", s.Value)
		}
		fmt.Fprintf(tw, "%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%d\t%s\t%s\n",
			s.Threads, s.TPS, s.QPS, s.AvgMs, s.P95Ms, s.P99Ms, s.MaxMs, s.Errors, mem, mark)
	}
	tw.Flush()
	if f := results.SweepFinding(sw); f != "" {
		fmt.Fprintf(w, "\n%s\n", f)
	}
	if sw.MemPerConnectionKB != 0 {
		fmt.Fprintf(w, "Server memory per connection: %.0f KB (slope of its memory against the thread count).\n", sw.MemPerConnectionKB)
	}
	if sw.Interrupted {
		fmt.Fprintf(w, "Interrupted after %d steps; the finished steps are saved.\n", len(sw.Steps))
	}
}
