package monitor

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// Place describes the directory path of a database server, found from its
// setting. local says the server runs on this host; then the path is
// looked up here, following symbolic links.
func Place(path, setting string, local bool) *results.StoragePlace {
	p := &results.StoragePlace{Path: path, Setting: setting, Local: local}
	if !local {
		p.Unknown = "the server is on another host"
		return p
	}
	real, err := filepath.EvalSymlinks(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		p.Unknown = "the path is not on this host's filesystems (a server in a container?)"
		return p
	case errors.Is(err, fs.ErrPermission):
		p.Unknown = "this user cannot read the path; run dbgauge as the server's user or root to see its device"
		return p
	case err != nil:
		p.Unknown = "the path cannot be resolved here"
		return p
	}
	if real != filepath.Clean(path) {
		p.RealPath = real
	}
	m := mountOf(real)
	if m.point == "" {
		p.Unknown = "no mount holds the path"
		return p
	}
	p.Mount, p.Filesystem, p.Device, p.Rotational = m.point, m.fstype, m.device, m.rotational
	p.Disk = wholeDisk(m.device)
	return p
}

// wholeDisk is the whole disk a block device is or is a partition of, from
// sysfs (/dev/sdb1 is on sdb, /dev/nvme0n1p2 on nvme0n1); "" for what is
// not a block device (tmpfs, overlay, a network filesystem).
func wholeDisk(device string) string {
	if !strings.HasPrefix(device, "/dev/") {
		return ""
	}
	if real, err := filepath.EvalSymlinks(device); err == nil {
		device = real // /dev/mapper/vg-lv is a link to /dev/dm-0
	}
	sys := "/sys/class/block/" + filepath.Base(device)
	if _, err := os.Stat(sys); err != nil {
		return ""
	}
	if _, err := os.Stat(sys + "/partition"); err == nil {
		if parent, err := filepath.EvalSymlinks(sys); err == nil {
			return filepath.Base(filepath.Dir(parent))
		}
	}
	return filepath.Base(device)
}
