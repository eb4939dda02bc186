package monitor

import "github.com/dbgauge/dbgauge/results"

// Resources digests the host samples of the measured intervals: averages
// and peaks.
//
// serverBefore is the local server's memory (MB) before the workers
// connected (0 if unknown) and conns the connections the run opened: with
// them, the memory per connection is estimated.
func Resources(ivs []results.Interval, serverBefore float64, conns int) *results.Resources {
	r := &results.Resources{}
	var serverMem float64
	iops, util := map[string]float64{}, map[string]float64{}
	for _, iv := range ivs {
		h := iv.Host
		if h == nil || iv.Warmup {
			continue
		}
		r.Samples++
		r.CPUUserAvg += h.CPUUserPct
		r.CPUSystemAvg += h.CPUSystemPct
		r.CPUIowaitAvg += h.CPUIowaitPct
		r.CPUStealAvg += h.CPUStealPct
		r.CPUIdleAvg += h.CPUIdlePct
		r.ProcCPUAvg += h.ProcCPUPct
		r.CPUIowaitPeak = max(r.CPUIowaitPeak, h.CPUIowaitPct)
		r.CPUBusyPeak = max(r.CPUBusyPeak, 100-h.CPUIdlePct-h.CPUIowaitPct)
		r.Load1Peak = max(r.Load1Peak, h.Load1)
		r.MemUsedPeakMB = max(r.MemUsedPeakMB, h.MemUsedMB)
		r.ProcCPUPeak = max(r.ProcCPUPeak, h.ProcCPUPct)
		r.ProcRSSPeakMB = max(r.ProcRSSPeakMB, h.ProcRSSMB)
		r.ServerCPUAvg += h.ServerCPUPct
		r.ServerCPUPeak = max(r.ServerCPUPeak, h.ServerCPUPct)
		r.ServerMemPeakMB = max(r.ServerMemPeakMB, h.ServerMemMB)
		serverMem += h.ServerMemMB
		for name, d := range h.Disks {
			if d.UtilPct > r.DiskUtilPeak {
				r.DiskUtilPeak, r.DiskPeakName = d.UtilPct, name
			}
			iops[name] += d.ReadIOPS + d.WriteIOPS
			util[name] += d.UtilPct
		}
	}
	if r.Samples == 0 {
		return nil
	}
	n := float64(r.Samples)
	r.CPUUserAvg /= n
	r.CPUSystemAvg /= n
	r.CPUIowaitAvg /= n
	r.CPUStealAvg /= n
	r.CPUIdleAvg /= n
	r.ProcCPUAvg /= n
	r.ServerCPUAvg /= n
	best := ""
	for name, sum := range iops {
		// Ties go to the first name in order, so the choice is stable.
		if sum > 0 && (best == "" || sum > iops[best] || sum == iops[best] && name < best) {
			best = name
		}
	}
	if best != "" {
		r.DiskBusiest, r.DiskIOPSAvg, r.DiskUtilAvg = best, iops[best]/n, util[best]/n
	}
	if serverBefore > 0 && r.ServerMemPeakMB > 0 && conns > 0 {
		r.ServerMemBeforeMB = serverBefore
		r.MemPerConnectionKB = (serverMem/n - serverBefore) * 1024 / float64(conns)
	}
	return r
}
