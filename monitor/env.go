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
	if info, err := host.Info(); err == nil {
		e.OS = strings.TrimSpace(info.Platform + " " + info.PlatformVersion)
		e.Kernel = info.KernelVersion
	}
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

// describeStorage finds the mount that holds path, its filesystem and device,
// and reads whether the device is rotational (an HDD) from sysfs.
func describeStorage(e *results.Environment, path string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return
	}
	e.DataPath = abs
	parts, err := disk.Partitions(true)
	if err != nil {
		return
	}
	best := -1
	for i, p := range parts {
		if strings.HasPrefix(abs, p.Mountpoint) && (best < 0 || len(p.Mountpoint) > len(parts[best].Mountpoint)) {
			best = i
		}
	}
	if best < 0 {
		return
	}
	e.Filesystem = parts[best].Fstype
	e.Device = parts[best].Device
	dev := filepath.Base(e.Device)
	for _, name := range []string{dev, strings.TrimRight(dev, "0123456789"), strings.TrimSuffix(strings.TrimRight(dev, "0123456789"), "p")} {
		if b, err := os.ReadFile("/sys/block/" + name + "/queue/rotational"); err == nil {
			rot := strings.TrimSpace(string(b)) == "1"
			e.Rotational = &rot
			return
		}
	}
}
