package report

import (
	"fmt"
	"io"

	"github.com/dbgauge/dbgauge/results"
)

// mib is sysbench's megabyte: 1024 × 1024 bytes.
const mib = 1024 * 1024

// SysHeader is what precedes a `dbgauge sys` run, in sysbench's words: its
// options header, then the test's own description (mode).
func SysHeader(w io.Writer, r *results.Result, mode []string) {
	header(w, r, "sys "+r.Workload.Name, mode)
}

// SysIntervalLine is the interval line of a sys test, as sysbench prints it:
// cpu uses sysbench's default line, memory and fileio their own
// (memory_report_intermediate, file_report_intermediate).
func SysIntervalLine(iv results.Interval, s *results.Sys, percentile float64, openLoop bool) string {
	prefix := ""
	if iv.Warmup {
		prefix = "warmup "
	}
	var line string
	switch s.Test {
	case "memory":
		line = fmt.Sprintf("[ %.0fs ] %s%4.2f MiB/sec\n", iv.T, prefix, iv.TPS*float64(s.BlockSize)/mib)
	case "fileio":
		b := float64(s.BlockSize) / mib
		line = fmt.Sprintf("[ %.0fs ] %sreads: %4.2f MiB/s writes: %4.2f MiB/s fsyncs: %4.2f/s latency (ms,%d%%): %4.3f\n",
			iv.T, prefix, iv.Reads*b, iv.Writes*b, iv.Other, int(percentile), iv.PctMs)
	default:
		line = fmt.Sprintf("[ %.0fs ] %sthds: %d eps: %4.2f lat (ms,%d%%): %4.2f\n", iv.T, prefix, iv.Threads, iv.TPS, int(percentile), iv.PctMs)
	}
	if openLoop {
		line += fmt.Sprintf("[ %.0fs ] queue length: %d, concurrency: %d\n", iv.T, iv.QueueLength, iv.Concurrency)
	}
	return line
}

// sysStatistics replaces "SQL statistics" for a sys test: the lines its
// report_cumulative prints before sysbench's General statistics.
func sysStatistics(w io.Writer, r *results.Result) {
	s := r.Sys
	switch s.Test {
	case "memory": // memory_report_cumulative
		fmt.Fprintf(w, "Total operations: %d (%8.2f per second)\n\n", s.Operations, s.EventsPerSec)
		if r.Workload.Options["memory-oper"] != "none" {
			fmt.Fprintf(w, "%4.2f MiB transferred (%4.2f MiB/sec)\n\n", s.MiBTransferred, s.MiBPerSec)
		}
	case "fileio": // file_report_cumulative
		fmt.Fprintf(w, "\nFile operations:\n")
		fmt.Fprintf(w, "    reads/s:                      %4.2f\n", s.ReadsPerSec)
		fmt.Fprintf(w, "    writes/s:                     %4.2f\n", s.WritesPerSec)
		fmt.Fprintf(w, "    fsyncs/s:                     %4.2f\n", s.FsyncsPerSec)
		fmt.Fprintf(w, "\nThroughput:\n")
		fmt.Fprintf(w, "    read, MiB/s:                  %4.2f\n", s.ReadMiBPerSec)
		fmt.Fprintf(w, "    written, MiB/s:               %4.2f\n", s.WrittenMiBPerSec)
	default: // cpu_report_cumulative
		fmt.Fprintf(w, "CPU speed:\n")
		fmt.Fprintf(w, "    events per second: %8.2f\n", s.EventsPerSec)
	}
}
