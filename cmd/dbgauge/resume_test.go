package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// TestPrepareResumes interrupts a TPC-C prepare of two warehouses once
// some batches are in, prepares again with the same options, and checks that the second prepare
// resumed (it says so, and loads fewer batches than a whole prepare) and
// that the data passes every consistency condition of clause 3.3.2, which
// a batch loaded twice or not at all would fail (the row counts of
// conditions 3.3.2.2 to 3.3.2.12 are exact).
func TestPrepareResumes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "tpcc.sqlite")
	cmd := exec.Command(binary, "prepare", "tpcc", "--db", url, "--warehouses", "2", "--threads", "2")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait, by reading the stamp, for some batches to be in.
	var done int64
	for i := 0; i < 1200 && done < 5; i++ {
		time.Sleep(50 * time.Millisecond)
		done = batchesIn(t, url)
	}
	if done < 5 {
		cmd.Process.Kill()
		t.Fatalf("no batches in after 60 s: %s%s", stdout.String(), stderr.String())
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 {
		t.Fatalf("interrupted prepare: %v, want exit 130\n%s%s", err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "prepare again with the same options to resume it") {
		t.Errorf("the interruption does not say how to resume:\n%s", stderr.String())
	}
	o := dbgauge(t, dir, "run", "tpcc", "--db", url, "--warehouses", "2", "--time", "1", "--no-prepare")
	if o.code != 2 || !strings.Contains(o.stderr, "resumes it") {
		t.Errorf("run on the incomplete data: exit %d, %s", o.code, o.stderr)
	}
	o = dbgauge(t, dir, "prepare", "tpcc", "--db", url, "--warehouses", "2", "--threads", "2")
	if o.code != 0 {
		t.Fatalf("resumed prepare: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if !strings.Contains(o.stdout+o.stderr, "Resuming the interrupted prepare") {
		t.Errorf("the second prepare did not resume:\n%s%s", o.stdout, o.stderr)
	}
	if strings.Contains(o.stdout, "FAILED") || !strings.Contains(o.stdout, "3.3.2.12") {
		t.Errorf("the resumed data does not pass every check:\n%s", o.stdout)
	}
	// check reads the warehouses from the data when not given.
	if o = dbgauge(t, dir, "check", "tpcc", "--db", url); o.code != 0 || !strings.Contains(o.stdout, "11 passed, 0 failed") {
		t.Errorf("check without --warehouses on 2 warehouses: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
}

// batchesIn reads how many batches an unfinished prepare's stamp lists as
// done (0 when there is no stamp yet).
func batchesIn(t *testing.T, url string) int64 {
	c := sqlConn(t, url)
	defer c.Close()
	st, err := sqldb.ReadStamp(context.Background(), c, "tpcc")
	if err != nil || st == nil {
		return 0
	}
	return batchesDone(st.Loading)
}

// batchesDone counts the batches a stamp's progress lists as done.
func batchesDone(loading map[string]*db.Loading) int64 {
	var n int64
	for _, l := range loading {
		for _, s := range l.Done {
			n += s[1] - s[0]
		}
	}
	return n
}
