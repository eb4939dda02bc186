package report

import (
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

// local is a place on this host's device dev (a partition when disk
// differs), mounted at mount.
func local(path, dev, disk, mount string) *results.StoragePlace {
	return &results.StoragePlace{Path: path, Local: true, Filesystem: "ext4", Device: dev, Disk: disk, Mount: mount}
}

// TestStorageSentence: the sentence follows from the devices: the log on
// a disk of its own, on another partition of the data's disk, on the same
// filesystem, on a tmpfs; unknown devices say why, a remote server says it
// is one, and a run without both places says nothing.
func TestStorageSentence(t *testing.T) {
	data := local("/var/lib/postgresql/15/main", "/dev/sda1", "sda", "/")
	for _, c := range []struct {
		name      string
		data, log *results.StoragePlace
		want      string
	}{
		{"own disk", data, local("/var/lib/postgresql/15/main/pg_wal", "/dev/sdb1", "sdb", "/wal"),
			"The log is on its own device, sdb, apart from the data on sda."},
		{"same filesystem", data, local("/var/lib/postgresql/15/main/pg_wal", "/dev/sda1", "sda", "/"),
			"The log and the data are on the same device, sda: they share its I/O."},
		{"two partitions", data, local("/wal", "/dev/sda2", "sda", "/wal"),
			"The log (sda2) and the data (sda1) are on different partitions of the same disk, sda: they share its I/O."},
		{"tmpfs", data, &results.StoragePlace{Path: "/dev/shm/wal", Local: true, Filesystem: "tmpfs", Device: "tmpfs", Mount: "/dev/shm"},
			"The log is on its own device, tmpfs at /dev/shm, apart from the data on sda."},
		{"two tmpfs", &results.StoragePlace{Path: "/run/data", Local: true, Device: "tmpfs", Mount: "/run"},
			&results.StoragePlace{Path: "/dev/shm/wal", Local: true, Device: "tmpfs", Mount: "/dev/shm"},
			"The log is on its own device, tmpfs at /dev/shm, apart from the data on tmpfs at /run."},
		{"unreadable log", data, &results.StoragePlace{Path: "/var/lib/postgresql/15/main/pg_wal", Local: true, Unknown: "this user cannot read the path"},
			"The log's device is unknown (this user cannot read the path), so whether it shares the data's cannot be said."},
		{"remote", &results.StoragePlace{Path: "/data", Unknown: "the server is on another host"},
			&results.StoragePlace{Path: "/data/pg_wal", Unknown: "the server is on another host"},
			"The server is on another host: the report names its data and log directories, not the devices under them."},
		{"no log", data, nil, ""},
	} {
		e := &results.Environment{ServerData: c.data, ServerLog: c.log}
		if got := storageSentence(e); got != c.want {
			t.Errorf("%s: %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestRunDocStorage: a run with the log on its own disk shows both places
// in its environment (the link resolved, the disk named) and the
// sentence; a comparison shows where each run kept its log.
func TestRunDocStorage(t *testing.T) {
	rot := true
	r := fixedRun("postgres", 4, 1200)
	r.Environment.ServerData = local("/srv/pg/data", "/dev/sda1", "sda", "/srv")
	r.Environment.ServerData.Setting = "data_directory"
	r.Environment.ServerLog = &results.StoragePlace{Path: "/srv/pg/data/pg_wal", Setting: "data_directory/pg_wal", Local: true,
		RealPath: "/wal/pg_wal", Filesystem: "xfs", Device: "/dev/sdb1", Disk: "sdb", Mount: "/wal", Rotational: &rot}
	md := string(markdownOf(t, RunDoc(r)))
	for _, want := range []string{
		"| server data | /srv/pg/data (data_directory): ext4 on /dev/sda1 (disk sda) mounted at /srv |",
		"| server log | /srv/pg/data/pg_wal → /wal/pg_wal (data_directory/pg_wal): xfs on /dev/sdb1 (disk sdb, rotational as the kernel reports it) mounted at /wal |",
		"The log is on its own device, sdb, apart from the data on sda.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(md, "| data file |") {
		t.Error("the server's data directory is shown twice")
	}
	before := fixedRun("postgres", 4, 1000)
	before.Environment.ServerData = r.Environment.ServerData
	before.Environment.ServerLog = local("/srv/pg/data/pg_wal", "/dev/sda1", "sda", "/srv")
	rs := []*results.Result{before, r}
	cmp := string(markdownOf(t, CompareDoc(rs, RunLabels(rs, []string{"shared", "own"}))))
	if !strings.Contains(cmp, "| server log | /srv/pg/data/pg_wal (sda) | /wal/pg_wal (sdb) |") {
		t.Errorf("the comparison does not show where the log moved:\n%s", cmp)
	}
}
