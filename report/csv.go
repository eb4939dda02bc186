package report

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/dbgauge/dbgauge/results"
)

// IntervalsCSV writes one row per interval, warmup included (marked), under
// a header: time, length, threads, rates, the --percentile latency and a
// digest, error and reconnect rates, the host's CPU when it was sampled,
// and the statements per second by verb (select_per_s, …) when the
// workload counts them.
func IntervalsCSV(w io.Writer, r *results.Result) error {
	host := false
	for _, iv := range r.Intervals {
		host = host || iv.Host != nil
	}
	pct := "lat_pct_ms"
	if r.Run.Percentile > 0 {
		pct = "lat_p" + strconv.FormatFloat(r.Run.Percentile, 'f', -1, 64) + "_ms"
	}
	header := []string{"t", "dur_s", "warmup", "threads", "tps", "qps", "reads", "writes", "other",
		pct, "p50_ms", "p99_ms", "max_ms", "err_per_s", "reconn_per_s"}
	if host {
		header = append(header, "cpu_user_pct", "cpu_system_pct", "cpu_iowait_pct", "cpu_idle_pct")
	}
	verbs := statementColumns(r.Intervals)
	for _, v := range verbs {
		header = append(header, v+"_per_s")
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	for _, iv := range r.Intervals {
		warm := "0"
		if iv.Warmup {
			warm = "1"
		}
		row := []string{f(iv.T), f(iv.DurS), warm, strconv.Itoa(iv.Threads), f(iv.TPS), f(iv.QPS),
			f(iv.Reads), f(iv.Writes), f(iv.Other), f(iv.PctMs), f(iv.P50Ms), f(iv.P99Ms), f(iv.MaxMs),
			f(iv.ErrPerSec), f(iv.ReconnPerSec)}
		if host {
			if h := iv.Host; h != nil {
				row = append(row, f(h.CPUUserPct), f(h.CPUSystemPct), f(h.CPUIowaitPct), f(h.CPUIdlePct))
			} else {
				row = append(row, "", "", "", "")
			}
		}
		for _, v := range verbs {
			if x, ok := iv.Statements[v]; ok {
				row = append(row, f(x))
			} else {
				row = append(row, "")
			}
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
