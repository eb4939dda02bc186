package monitor

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/testenv"
)

// TestHostSample: a sample after some CPU work reports it, for the host and
// for this process, with percentages that add up. The process spins until
// it has had 200 ms of CPU (longer on a busy machine, where it gets less
// than a core), and its share is checked against what getrusage says it
// had, not against a share it cannot count on.
func TestHostSample(t *testing.T) {
	cpu0, start := selfCPU(t), time.Now()
	h := NewHost()
	for selfCPU(t)-cpu0 < 200*time.Millisecond || time.Since(start) < MinWindow+100*time.Millisecond {
	}
	s := h.Sample()
	used, wall := selfCPU(t)-cpu0, time.Since(start)
	if s == nil {
		t.Fatal("no sample")
	}
	sum := s.CPUUserPct + s.CPUSystemPct + s.CPUIowaitPct + s.CPUStealPct + s.CPUIdlePct
	if sum < 95 || sum > 105 {
		t.Errorf("CPU shares add up to %.1f%%", sum)
	}
	// The sample covers a little less than [start, now] and the kernel
	// counts in 10 ms ticks: half of the share getrusage gives is a bound
	// with room to spare.
	share := used.Seconds() / wall.Seconds() * 100
	if s.ProcCPUPct < share/2 || s.ProcRSSMB <= 0 || s.MemUsedMB <= 0 {
		t.Errorf("%v of CPU in %v (%.1f%%): process cpu %.1f%%, rss %.1f MB, memory used %.0f MB",
			used.Round(time.Millisecond), wall.Round(time.Millisecond), share, s.ProcCPUPct, s.ProcRSSMB, s.MemUsedMB)
	}
}

// selfCPU is this process's user and system CPU time so far.
func selfCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestEnvironment(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	os.WriteFile(path, nil, 0o644)
	e := Environment("v", "dbgauge run", path)
	if e.CPUs < 1 || e.MemoryMB < 1 || e.Kernel == "" || e.OS == "" || e.GoVersion == "" || e.Filesystem == "" || e.DataPath == "" {
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
	url := testenv.URL(t, "DBGAUGE_TEST_POSTGRES")
	s := FindServer(url)
	if s == nil {
		t.Fatal("the local PostgreSQL was not found by its port")
	}
	if _, mem := s.Sample(); mem <= 0 || s.Processes() < 2 {
		t.Errorf("memory %.1f MB over %d processes", mem, s.Processes())
	}
}

// TestShortSampleDropped: a sample asked right after the previous one
// (well within MinWindow, whatever the machine's load) is nil and its time
// goes to the next, which covers the whole 0.7 s or more; CPU shares never exceed
// what the cores can give, even with the machine taken to have one core
// while two goroutines burn CPU.
func TestShortSampleDropped(t *testing.T) {
	cpu0 := selfCPU(t)
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
	if s := h.Sample(); s != nil {
		t.Fatalf("a sample of no time: %+v", s)
	}
	// At least 0.7 s, and until the goroutines had 100 ms of CPU (longer
	// on a busy machine): a share the kernel's 10 ms ticks can count.
	for start := time.Now(); time.Since(start) < MinWindow+200*time.Millisecond || selfCPU(t)-cpu0 < 100*time.Millisecond; {
		time.Sleep(10 * time.Millisecond)
	}
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

func TestParseOSRelease(t *testing.T) {
	t.Parallel()
	id, v := parseOSRelease([]byte("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n# comment\nID=debian\n"))
	if id != "debian" || v != "12" {
		t.Errorf("got %q %q", id, v)
	}
	if id, v := parseOSRelease([]byte("ID='alpine'\nVERSION_ID=3.20.1\n")); id != "alpine" || v != "3.20.1" {
		t.Errorf("got %q %q", id, v)
	}
}
