package monitor

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/dbgauge/dbgauge/testenv"
)

// tmpfsMagic is statfs's f_type of a tmpfs (linux/magic.h).
const tmpfsMagic = 0x01021994

// TestPlaceFollowsLink: a data directory with its log linked to a
// directory on another filesystem (/dev/shm, a tmpfs, as pg_wal is linked
// to a WAL disk): the log's real path is the link's target and its mount
// is that filesystem's, the data's mount is the one its own path is on
// (the same st_dev), and the two differ.
func TestPlaceFollowsLink(t *testing.T) {
	var shm syscall.Statfs_t
	if err := syscall.Statfs("/dev/shm", &shm); err != nil || shm.Type != tmpfsMagic {
		testenv.Skip(t, "this host has no tmpfs at /dev/shm to link a log directory to")
	}
	data := t.TempDir()
	wal, err := os.MkdirTemp("/dev/shm", "dbgauge-wal-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(wal) })
	link := filepath.Join(data, "pg_wal")
	if err := os.Symlink(wal, link); err != nil {
		t.Fatal(err)
	}
	d, l := Place(data, "data_directory", true), Place(link, "data_directory/pg_wal", true)
	if l.Path != link || l.RealPath != wal || l.Filesystem != "tmpfs" || l.Unknown != "" || !l.Local {
		t.Errorf("log %+v, want %s through the link, on tmpfs", l, wal)
	}
	for _, p := range []struct{ path, mount string }{{data, d.Mount}, {wal, l.Mount}} {
		if !sameDevice(t, p.path, p.mount) {
			t.Errorf("%s is not on the filesystem mounted at %s", p.path, p.mount)
		}
	}
	if d.Mount == l.Mount || d.Device == "" {
		t.Errorf("data %+v and log %+v: want two mounts", d, l)
	}
}

func sameDevice(t *testing.T, a, b string) bool {
	t.Helper()
	var sa, sb syscall.Stat_t
	if err := syscall.Stat(a, &sa); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Stat(b, &sb); err != nil {
		t.Fatal(err)
	}
	return sa.Dev == sb.Dev
}

// TestPlaceUnknown: a remote server's path and a path this host lacks are
// recorded without a device, saying why.
func TestPlaceUnknown(t *testing.T) {
	r := Place("/var/lib/postgresql/15/main", "data_directory", false)
	if r.Path != "/var/lib/postgresql/15/main" || r.Device != "" || r.Unknown != "the server is on another host" || r.Local {
		t.Errorf("remote: %+v", r)
	}
	missing := filepath.Join(t.TempDir(), "not-here")
	m := Place(missing, "datadir", true)
	if m.Device != "" || m.Unknown == "" {
		t.Errorf("missing path: %+v", m)
	}
}

// TestWholeDisk: the root filesystem's device is a whole disk or a
// partition of one that sysfs lists; tmpfs is no disk.
func TestWholeDisk(t *testing.T) {
	if wholeDisk("tmpfs") != "" || wholeDisk("/dev/no-such-device") != "" {
		t.Error("a disk for what is none")
	}
	m := mountOf("/")
	if m.point != "/" {
		t.Fatalf("no mount for /: %+v", m)
	}
	disk := wholeDisk(m.device)
	if disk == "" {
		testenv.Skip(t, "the root device %s is not a block device in sysfs (a container's overlay?)", m.device)
	}
	if _, err := os.Stat("/sys/block/" + disk); err != nil {
		t.Errorf("%s is on %s, which /sys/block lacks", m.device, disk)
	}
}
