// Package monitor watches the host beside the load, in the same timeline:
// CPU (user, system, iowait, steal, idle), load, memory, per-device disk
// IOPS, throughput, utilisation and wait, network bytes, and dbgauge's own
// CPU and RSS, sampled by the runner at every interval; and the environment
// a result was measured in. It reads /proc through gopsutil: about a
// millisecond per sample. Profile writes Go profiles of dbgauge itself.
//
// monitor imports results only.
package monitor

import (
	"context"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/shirou/gopsutil/v4/cpu"
	"github.com/shirou/gopsutil/v4/disk"
	"github.com/shirou/gopsutil/v4/load"
	"github.com/shirou/gopsutil/v4/mem"
	"github.com/shirou/gopsutil/v4/net"
	"github.com/shirou/gopsutil/v4/process"

	"github.com/dbgauge/dbgauge/results"
)

// MinWindow is the shortest time a sample covers. The kernel counts CPU
// time in ticks of 10 ms (USER_HZ 100): over a fraction of a second a
// process's CPU share is off by tens of percent, and a 2-core machine was
// seen "using" 392% of a core in the 0.1 s left at the end of a run. A
// Sample asked sooner returns nil and leaves its time to the next one (the
// run's last sliver is dropped).
const MinWindow = 500 * time.Millisecond

// Host samples the host; each Sample covers the time since the previous one.
type Host struct {
	// cpus caps a process's CPU share: cpus × 100% at most.
	cpus  int
	at    time.Time
	cpu   cpu.TimesStat
	disks map[string]disk.IOCountersStat
	net   net.IOCountersStat
	proc  *process.Process
	ptime float64 // the process's user+system seconds
}

// NewHost takes the baseline sample.
func NewHost() *Host {
	h := &Host{cpus: runtime.NumCPU()}
	h.proc, _ = process.NewProcess(int32(os.Getpid()))
	h.read()
	return h
}

// read updates the counters and returns the previous ones.
func (h *Host) read() (prev Host) {
	prev = *h
	h.at = time.Now()
	if t, err := cpu.Times(false); err == nil && len(t) > 0 {
		h.cpu = t[0]
	}
	if d, err := disk.IOCounters(); err == nil {
		h.disks = d
	}
	if n, err := net.IOCounters(false); err == nil && len(n) > 0 {
		h.net = n[0]
	}
	if h.proc != nil {
		if t, err := h.proc.Times(); err == nil {
			h.ptime = t.User + t.System
		}
	}
	return prev
}

// Sample returns the host over the time since the previous sample, nil
// when that is shorter than MinWindow.
func (h *Host) Sample() *results.HostSample {
	if time.Since(h.at) < MinWindow {
		return nil
	}
	p := h.read()
	dt := h.at.Sub(p.at).Seconds()
	s := &results.HostSample{}
	c, pc := h.cpu, p.cpu
	total := busy(c) + c.Idle + c.Iowait - busy(pc) - pc.Idle - pc.Iowait
	if total > 0 {
		pct := func(now, before float64) float64 { return (now - before) / total * 100 }
		s.CPUUserPct = pct(c.User+c.Nice, pc.User+pc.Nice)
		s.CPUSystemPct = pct(c.System+c.Irq+c.Softirq, pc.System+pc.Irq+pc.Softirq)
		s.CPUIowaitPct = pct(c.Iowait, pc.Iowait)
		s.CPUStealPct = pct(c.Steal, pc.Steal)
		s.CPUIdlePct = pct(c.Idle, pc.Idle)
	}
	if l, err := load.Avg(); err == nil {
		s.Load1 = l.Load1
	}
	if m, err := mem.VirtualMemory(); err == nil {
		s.MemUsedMB = float64(m.Used) / (1 << 20)
		s.MemCachedMB = float64(m.Cached+m.Buffers) / (1 << 20)
	}
	for name, d := range h.disks {
		b, ok := p.disks[name]
		if !ok || !wholeDevice(name) {
			continue
		}
		ios := float64(d.ReadCount - b.ReadCount + d.WriteCount - b.WriteCount)
		ds := results.DiskSample{
			ReadIOPS: float64(d.ReadCount-b.ReadCount) / dt, WriteIOPS: float64(d.WriteCount-b.WriteCount) / dt,
			ReadMBs: float64(d.ReadBytes-b.ReadBytes) / dt / (1 << 20), WriteMBs: float64(d.WriteBytes-b.WriteBytes) / dt / (1 << 20),
			UtilPct: min(float64(d.IoTime-b.IoTime)/(dt*1000)*100, 100),
		}
		if ios > 0 {
			ds.AwaitMs = float64(d.ReadTime-b.ReadTime+d.WriteTime-b.WriteTime) / ios
		}
		if s.Disks == nil {
			s.Disks = map[string]results.DiskSample{}
		}
		s.Disks[name] = ds
	}
	s.NetRxMBs = float64(h.net.BytesRecv-p.net.BytesRecv) / dt / (1 << 20)
	s.NetTxMBs = float64(h.net.BytesSent-p.net.BytesSent) / dt / (1 << 20)
	s.GoLiveMB, s.GoHeapMB, s.GoFreeMB, s.GoStacksMB, s.GoTotalMB = goMemory()
	if h.proc != nil {
		s.ProcCPUPct = CapCPU((h.ptime-p.ptime)/dt*100, h.cpus)
		if m, err := h.proc.MemoryInfoWithContext(context.Background()); err == nil {
			s.ProcRSSMB = float64(m.RSS) / (1 << 20)
		}
	}
	return s
}

// CapCPU bounds a CPU share (100 per core) by what cpus cores can give:
// tick rounding never makes a process use more than the machine has.
func CapCPU(pct float64, cpus int) float64 {
	return max(0, min(pct, float64(cpus)*100))
}

func busy(c cpu.TimesStat) float64 {
	return c.User + c.Nice + c.System + c.Irq + c.Softirq + c.Steal
}

// wholeDevice keeps disks and drops partitions and pseudo devices.
func wholeDevice(name string) bool {
	for _, p := range []string{"loop", "ram", "zram", "dm-", "sr"} {
		if strings.HasPrefix(name, p) {
			return false
		}
	}
	_, err := os.Stat("/sys/block/" + name)
	return err == nil
}
