package report

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// Where the database server keeps its data and its write-ahead (redo)
// log, in a run's environment: a study that moves the log to a disk of
// its own compares runs that differ only there, so the report names both
// devices and says in words whether the log shares the data's.

// storageRows are the environment table's rows for the server's data and
// log directories: path, real path under a link, filesystem, device.
func storageRows(e *results.Environment) [][]string {
	var rows [][]string
	for _, p := range []struct {
		name  string
		place *results.StoragePlace
	}{{"server data", e.ServerData}, {"server log", e.ServerLog}} {
		if p.place != nil {
			rows = append(rows, []string{p.name, placeCell(p.place)})
		}
	}
	return rows
}

// placeCell is a place in full: "/d/pg_wal → /wal/pg_wal (data_directory/pg_wal):
// xfs on /dev/sdb1 (disk sdb, rotational as the kernel reports it) mounted
// at /wal".
func placeCell(p *results.StoragePlace) string {
	s := p.Path
	if p.RealPath != "" {
		s += " → " + p.RealPath
	}
	if p.Setting != "" {
		s += " (" + p.Setting + ")"
	}
	if p.Unknown != "" || p.Device == "" {
		return s + ": device unknown, " + orNone(p.Unknown)
	}
	if p.Filesystem == p.Device { // tmpfs, overlay: no device of their own
		s += ": " + p.Filesystem
	} else {
		s += ": " + strings.TrimSpace(p.Filesystem+" on "+p.Device)
	}
	var about []string
	if p.Disk != "" && p.Disk != filepath.Base(p.Device) {
		about = append(about, "disk "+p.Disk)
	}
	if p.Rotational != nil {
		about = append(about, rotational(*p.Rotational))
	}
	if len(about) > 0 {
		s += " (" + strings.Join(about, ", ") + ")"
	}
	if p.Mount != "" {
		s += " mounted at " + p.Mount
	}
	return s
}

// placeShort is a place in a comparison's cell: its path and device.
func placeShort(p *results.StoragePlace) string {
	if p == nil {
		return ""
	}
	path := p.Path
	if p.RealPath != "" {
		path = p.RealPath
	}
	if p.Unknown != "" || p.Device == "" {
		return path + " (device unknown)"
	}
	return path + " (" + deviceName(p) + ")"
}

// deviceName names the device under a place as a DBA says it: the whole
// disk (sdb), else the device (dm-0), else what is mounted and where
// (tmpfs at /dev/shm).
func deviceName(p *results.StoragePlace) string {
	switch {
	case p.Disk != "":
		return p.Disk
	case strings.HasPrefix(p.Device, "/dev/"):
		return filepath.Base(p.Device)
	}
	return p.Device + " at " + p.Mount
}

// deviceKey is what two places share when their I/O goes to the same
// device: the whole disk, else the block device, else the mount (two
// tmpfs mounts are two filesystems). Logical volumes on one physical disk
// are different devices here: sysfs's slaves are not followed.
func deviceKey(p *results.StoragePlace) string {
	switch {
	case p.Disk != "":
		return "disk " + p.Disk
	case strings.HasPrefix(p.Device, "/dev/"):
		return "device " + p.Device
	}
	return "mount " + p.Device + " " + p.Mount
}

// storageSentence says in one plain sentence whether the server's log is
// on a device of its own or shares the data's; "" when the run does not
// record both.
func storageSentence(e *results.Environment) string {
	d, l := e.ServerData, e.ServerLog
	if d == nil || l == nil {
		return ""
	}
	known := func(p *results.StoragePlace) bool { return p.Unknown == "" && p.Device != "" }
	switch {
	case !d.Local && !l.Local:
		return "The server is on another host: the report names its data and log directories, not the devices under them."
	case !known(l):
		return fmt.Sprintf("The log's device is unknown (%s), so whether it shares the data's cannot be said.", orNone(l.Unknown))
	case !known(d):
		return fmt.Sprintf("The data's device is unknown (%s), so whether the log shares it cannot be said.", orNone(d.Unknown))
	case deviceKey(l) != deviceKey(d):
		return fmt.Sprintf("The log is on its own device, %s, apart from the data on %s.", deviceName(l), deviceName(d))
	case d.Device != l.Device:
		return fmt.Sprintf("The log (%s) and the data (%s) are on different partitions of the same disk, %s: they share its I/O.",
			filepath.Base(l.Device), filepath.Base(d.Device), deviceName(d))
	}
	return fmt.Sprintf("The log and the data are on the same device, %s: they share its I/O.", deviceName(d))
}

// rotational words the kernel's rotational flag of a disk as what it is:
// the kernel's report, not the hardware (a virtio disk reports itself
// rotational whatever stores it, so "HDD" would be a guess).
func rotational(r bool) string {
	if r {
		return "rotational as the kernel reports it"
	}
	return "not rotational as the kernel reports it"
}
