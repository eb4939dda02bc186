package monitor

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/results"
)

// TestHostSample: a sample after some CPU work reports it, for the host and
// for this process, with percentages that add up.
func TestHostSample(t *testing.T) {
	h := NewHost()
	deadline := time.Now().Add(MinWindow + 100*time.Millisecond)
	for time.Now().Before(deadline) {
	}
	s := h.Sample()
	if s == nil {
		t.Fatal("no sample")
	}
	sum := s.CPUUserPct + s.CPUSystemPct + s.CPUIowaitPct + s.CPUStealPct + s.CPUIdlePct
	if sum < 95 || sum > 105 {
		t.Errorf("CPU shares add up to %.1f%%", sum)
	}
	if s.ProcCPUPct < 5 || s.ProcRSSMB <= 0 || s.MemUsedMB <= 0 {
		t.Errorf("busy-looped 600 ms: process cpu %.1f%%, rss %.1f MB, memory used %.0f MB", s.ProcCPUPct, s.ProcRSSMB, s.MemUsedMB)
	}
}

func TestEnvironment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	os.WriteFile(path, nil, 0o644)
	e := Environment("v", "dbgauge run", path)
	if e.CPUs < 1 || e.MemoryMB < 1 || e.Kernel == "" || e.GoVersion == "" || e.Filesystem == "" || e.DataPath == "" {
		t.Errorf("incomplete environment: %+v", e)
	}
}

func TestResources(t *testing.T) {
	ivs := []results.Interval{
		{Warmup: true, Host: &results.HostSample{CPUUserPct: 99}},
		{Host: &results.HostSample{CPUUserPct: 10, CPUIdlePct: 80, ProcCPUPct: 20, Disks: map[string]results.DiskSample{"sda": {UtilPct: 30}}}},
		{Host: &results.HostSample{CPUUserPct: 30, CPUIdlePct: 60, ProcCPUPct: 40, ProcRSSMB: 25}},
	}
	r := Resources(ivs, 0, 1)
	if r.Samples != 2 || r.CPUUserAvg != 20 || r.ProcCPUPeak != 40 || r.DiskUtilPeak != 30 || r.DiskPeakName != "sda" || r.ProcRSSPeakMB != 25 {
		t.Errorf("%+v", r)
	}
	if r.DiskBusiest != "" || r.DiskIOPSAvg != 0 || r.DiskUtilAvg != 0 {
		t.Errorf("a device without reads or writes is no busiest device: %+v", r)
	}
	// sdb does more IO than sda over the run, though sda peaks higher;
	// a sample without sdb counts as none of its IO.
	ivs = []results.Interval{
		{Host: &results.HostSample{Disks: map[string]results.DiskSample{"sda": {ReadIOPS: 500, UtilPct: 90}, "sdb": {WriteIOPS: 300, UtilPct: 40}}}},
		{Host: &results.HostSample{Disks: map[string]results.DiskSample{"sda": {ReadIOPS: 10, UtilPct: 2}, "sdb": {ReadIOPS: 100, WriteIOPS: 400, UtilPct: 60}}}},
		{Host: &results.HostSample{Disks: map[string]results.DiskSample{"sda": {ReadIOPS: 30, UtilPct: 4}}}},
	}
	r = Resources(ivs, 0, 1)
	if r.DiskBusiest != "sdb" || r.DiskIOPSAvg != 800.0/3 || r.DiskUtilAvg != 100.0/3 || r.DiskPeakName != "sda" {
		t.Errorf("busiest %s at %.1f IOPS, %.1f%% busy; peak %s", r.DiskBusiest, r.DiskIOPSAvg, r.DiskUtilAvg, r.DiskPeakName)
	}
	if Resources(nil, 0, 1) != nil {
		t.Error("no samples must give no section")
	}
}

// TestFindServer: the PostgreSQL of scripts/services is found by its port,
// with its backends; a remote or file database is not looked for.
func TestFindServer(t *testing.T) {
	if FindServer("sqlite:x.db") != nil || FindServer("postgres://u@192.0.2.1:5432/db") != nil {
		t.Error("looked for a server that cannot be local")
	}
	url := os.Getenv("DBGAUGE_TEST_POSTGRES")
	if url == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("DBGAUGE_TEST_POSTGRES is not set under CI")
		}
		t.Skip("SKIPPED: DBGAUGE_TEST_POSTGRES is not set")
	}
	s := FindServer(url)
	if s == nil {
		t.Fatal("the local PostgreSQL was not found by its port")
	}
	if _, mem := s.Sample(); mem <= 0 || s.Processes() < 2 {
		t.Errorf("memory %.1f MB over %d processes", mem, s.Processes())
	}
}

// TestShortSampleDropped: a sample asked 0.2 s after the previous one is
// nil and its time goes to the next, which covers the whole 0.7 s; CPU
// shares never exceed what the cores can give, even with the machine
// taken to have one core while two goroutines burn CPU.
func TestShortSampleDropped(t *testing.T) {
	h := NewHost()
	h.cpus = 1
	stop := make(chan struct{})
	for range 2 {
		go func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
			}
		}()
	}
	defer close(stop)
	time.Sleep(200 * time.Millisecond)
	if s := h.Sample(); s != nil {
		t.Fatalf("a sample of 0.2 s: %+v", s)
	}
	time.Sleep(500 * time.Millisecond)
	s := h.Sample()
	if s == nil {
		t.Fatal("no sample after 0.7 s")
	}
	if s.ProcCPUPct > 100 || s.ProcCPUPct <= 0 {
		t.Errorf("dbgauge's CPU %.0f%% with one core allowed and two goroutines busy (want 0..100]", s.ProcCPUPct)
	}
	if got := s.CPUUserPct + s.CPUSystemPct + s.CPUIowaitPct + s.CPUStealPct + s.CPUIdlePct; got < 99 || got > 101 {
		t.Errorf("CPU shares add up to %.1f%%", got)
	}
}
