package monitor

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/shirou/gopsutil/v4/cpu"
	"github.com/shirou/gopsutil/v4/disk"
	"github.com/shirou/gopsutil/v4/host"
	"github.com/shirou/gopsutil/v4/mem"

	"github.com/dbgauge/dbgauge/results"
)

// Environment describes the machine and the build. dataPath, if not empty,
// is a local file of the database (SQLite): its filesystem and whether its
// device is rotational are recorded too.
func Environment(version, commandLine, dataPath string) results.Environment {
	e := results.Environment{GoVersion: runtime.Version(), Version: version, CPUs: runtime.NumCPU(),
		GOMAXPROCS: runtime.GOMAXPROCS(0), CommandLine: commandLine}
	e.Hostname, _ = os.Hostname()
	e.OS = osRelease()
	e.Kernel, _ = host.KernelVersion()
	if c, err := cpu.Info(); err == nil && len(c) > 0 {
		e.CPUModel = c[0].ModelName
	}
	if m, err := mem.VirtualMemory(); err == nil {
		e.MemoryMB = int64(m.Total >> 20)
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				e.Commit = s.Value
			}
		}
	}
	if dataPath != "" {
		describeStorage(&e, dataPath)
	}
	return e
}

// describeStorage records the mount that holds path, its filesystem and
// device, and whether the device is rotational.
func describeStorage(e *results.Environment, path string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return
	}
	e.DataPath = abs
	m := mountOf(abs)
	e.Filesystem, e.Device, e.Rotational = m.fstype, m.device, m.rotational
}

// mount is the mounted filesystem that holds a path.
type mount struct {
	point, fstype, device string
	rotational            *bool
}

// mountOf finds the mount that holds the absolute path abs (the longest
// mount point that is a prefix of it), its filesystem and device, and
// reads whether the device is rotational (an HDD) from sysfs. It is empty
// when no mount is found.
func mountOf(abs string) mount {
	parts, err := disk.Partitions(true)
	if err != nil {
		return mount{}
	}
	best := -1
	for i, p := range parts {
		// A later mount on the same point hides the earlier one.
		if under(abs, p.Mountpoint) && (best < 0 || len(p.Mountpoint) >= len(parts[best].Mountpoint)) {
			best = i
		}
	}
	if best < 0 {
		return mount{}
	}
	m := mount{point: parts[best].Mountpoint, fstype: parts[best].Fstype, device: parts[best].Device}
	dev := filepath.Base(m.device)
	for _, name := range []string{dev, strings.TrimRight(dev, "0123456789"), strings.TrimSuffix(strings.TrimRight(dev, "0123456789"), "p")} {
		if b, err := os.ReadFile("/sys/block/" + name + "/queue/rotational"); err == nil {
			rot := strings.TrimSpace(string(b)) == "1"
			m.rotational = &rot
			break
		}
	}
	return m
}

// under says whether path is the mount point dir or inside it: /data2 is
// not under /data.
func under(path, dir string) bool {
	return dir == "/" || path == dir || strings.HasPrefix(path, strings.TrimSuffix(dir, "/")+"/")
}
