package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	neturl "net/url"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/db/dbtest"
)

// serverURL returns a real server's URL from scripts/services, or skips
// (fails under CI).
func serverURL(t *testing.T, env string) string {
	t.Helper()
	return dbtest.ServerURL(t, env).Raw
}

// TestRefusedServers: a wrong password or a closed port gives exit 3 and one
// line naming host:port; the password appears nowhere.
func TestRefusedServers(t *testing.T) {
	for _, env := range []string{"DBGAUGE_TEST_POSTGRES", "DBGAUGE_TEST_MYSQL"} {
		t.Run(env, func(t *testing.T) {
			url := serverURL(t, env)
			pw := os.Getenv("DBGAUGE_TEST_PASSWORD")
			if pw == "" || !strings.Contains(url, pw) {
				t.Fatal("the test server URL must carry DBGAUGE_TEST_PASSWORD")
			}
			wrong := strings.Replace(url, ":"+pw+"@", ":not-"+pw+"@", 1)
			u, err := neturl.Parse(url)
			if err != nil {
				t.Fatal(err)
			}
			closed := strings.Replace(url, "127.0.0.1:"+u.Port(), "127.0.0.1:1", 1)
			for _, bad := range []string{wrong, closed} {
				o := dbgauge(t, t.TempDir(), "run", "oltp_point_select", "--db", bad, "--time", "1")
				if o.code != 3 {
					t.Errorf("exit %d, want 3: %s", o.code, o.stderr)
				}
				line := strings.TrimSpace(o.stderr)
				if strings.Count(line, "\n") != 0 || !strings.Contains(line, "cannot connect to 127.0.0.1:") {
					t.Errorf("want one line naming host:port, got %q", o.stderr)
				}
				if strings.Contains(o.stdout+o.stderr, pw) {
					t.Errorf("the password appears in the output: %q", o.stderr)
				}
			}
		})
	}
}

// TestPasswordNeverPrinted: a whole run, its results folder and its
// result.json never contain the password.
func TestPasswordNeverPrinted(t *testing.T) {
	url := serverURL(t, "DBGAUGE_TEST_POSTGRES")
	pw := os.Getenv("DBGAUGE_TEST_PASSWORD")
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", "oltp_point_select", "--db", url, "--time", "1", "--table-size", "1000", "--out", "r.json")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	defer dbgauge(t, dir, "cleanup", "oltp_point_select", "--db", url)
	if strings.Contains(o.stdout+o.stderr, pw) {
		t.Error("the password appears on the terminal")
	}
	err := walkFiles(dir, func(path string, data []byte) {
		if strings.Contains(string(data), pw) {
			t.Errorf("the password appears in %s", path)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	r := readResult(t, dir+"/r.json")
	if !strings.Contains(r.Target.URL, "xxxxx") || !strings.HasPrefix(r.Target.ServerVersion, "PostgreSQL") {
		t.Errorf("target = %+v", r.Target)
	}
}

// TestPasswordHiddenFromPs: while a run started with the password in --db
// goes on, its command line as ps reads it (/proc/PID/cmdline) shows the
// password as x's, and the run itself still connects with the real one.
func TestPasswordHiddenFromPs(t *testing.T) {
	if _, err := os.Stat("/proc/self/cmdline"); err != nil {
		t.Skip("no /proc on this system")
	}
	url := serverURL(t, "DBGAUGE_TEST_POSTGRES")
	pw := os.Getenv("DBGAUGE_TEST_PASSWORD")
	dir := t.TempDir()
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", url, "--time", "2", "--table-size", "1000")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "DBGAUGE_DB=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer dbgauge(t, dir, "cleanup", "oltp_point_select", "--db", url)
	first, err := bufio.NewReader(stdout).ReadString('\n') // written after main began
	if err != nil {
		t.Fatal(err)
	}
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, stdout) // to the end of the run
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the run failed (%v) after printing %q", err, first)
	}
	shown := strings.ReplaceAll(string(cmdline), "\x00", " ")
	safe := strings.ReplaceAll(shown, pw, "<password>") // for the messages
	if shown != safe {
		t.Errorf("ps shows the password: %q", safe)
	}
	if !strings.Contains(shown, ":"+strings.Repeat("x", len(pw))+"@127.0.0.1") {
		t.Errorf("ps shows %q, want the password replaced by x's", safe)
	}
}

// TestStorageEngines: --mysql-storage-engine gives the tables their engines
// in turn.
func TestStorageEngines(t *testing.T) {
	url := serverURL(t, "DBGAUGE_TEST_MYSQL")
	dir := t.TempDir()
	dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url)
	o := dbgauge(t, dir, "prepare", "oltp_read_write", "--db", url, "--tables", "2", "--table-size", "100", "--mysql-storage-engine", "innodb,myisam")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	defer dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url)
	rows, err := sqlConn(t, url).QueryStrings(context.Background(),
		"SELECT table_name, engine FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE 'sbtest%' ORDER BY table_name")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.ToLower(strings.Join([]string{rows[0][1], rows[1][1]}, ",")); got != "innodb,myisam" {
		t.Errorf("engines %v, want innodb then myisam", rows)
	}
}

// TestPostgresSimpleProtocol: the whole read/write mix runs without
// server-side prepared statements.
func TestPostgresSimpleProtocol(t *testing.T) {
	url := serverURL(t, "DBGAUGE_TEST_POSTGRES")
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", "oltp_read_write", "--db", url, "--pg-simple-protocol", "--time", "1", "--table-size", "1000", "--out", "r.json")
	if o.code != 0 {
		t.Fatalf("exit %d: %s", o.code, o.stderr)
	}
	defer dbgauge(t, dir, "cleanup", "oltp_read_write", "--db", url)
	r := readResult(t, dir+"/r.json")
	if tx := r.Totals.Transactions; tx == 0 || r.Totals.Queries.Read < 14*tx || r.Totals.Queries.Read > 14*(tx+r.Totals.IgnoredErrors) {
		t.Errorf("%d transactions, %d reads", tx, r.Totals.Queries.Read)
	}
	if !strings.Contains(r.Target.URL, "simple_protocol") {
		t.Errorf("the result does not say the protocol: %s", r.Target.URL)
	}
}
