package tpcc

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
)

// target is a database the tests run tpcc on: a fresh copy of a SQLite
// file prepared once per test binary, or a real server.
type target struct {
	name   string
	driver db.Driver
	t      *db.Target
}

func (tg target) open(ctx context.Context) (db.Conn, error) { return tg.driver.Open(ctx, tg.t) }

// fixtureSeed is the seed every fixture is loaded with.
const fixtureSeed = 11

var sqliteTemplate struct {
	once sync.Once
	path string
	err  error
}

// sqliteTarget is a private copy of one warehouse prepared on SQLite. The
// first caller prepares it (a few seconds); the others copy the file.
func sqliteTarget(t *testing.T) target {
	t.Helper()
	sqliteTemplate.once.Do(func() {
		dir, err := os.MkdirTemp("", "dbgauge-tpcc-")
		if err != nil {
			sqliteTemplate.err = err
			return
		}
		sqliteTemplate.path = filepath.Join(dir, "tpcc.sqlite")
		tg := target{name: "sqlite", driver: sqlite.Driver{}}
		if tg.t, err = db.ParseURL("sqlite:" + sqliteTemplate.path); err != nil {
			sqliteTemplate.err = err
			return
		}
		sqliteTemplate.err = prepareOn(context.Background(), tg, 1)
	})
	if sqliteTemplate.err != nil {
		t.Fatalf("prepare the SQLite template: %v", sqliteTemplate.err)
	}
	path := filepath.Join(t.TempDir(), "tpcc.sqlite")
	if err := copyFile(sqliteTemplate.path, path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(sqliteTemplate.path + "-wal"); err == nil {
		if err := copyFile(sqliteTemplate.path+"-wal", path+"-wal"); err != nil {
			t.Fatal(err)
		}
	}
	u, err := db.ParseURL("sqlite:" + path)
	if err != nil {
		t.Fatal(err)
	}
	return target{name: "sqlite", driver: sqlite.Driver{}, t: u}
}

// servers are the servers prepared by this test binary, each once:
// tests on a server share its data and leave it consistent.
var servers struct {
	mu       sync.Mutex
	prepared map[string]target
}

// serverTarget is a real server from its variable, with one warehouse
// prepared by the first test that asks (TestMain drops it at the end).
func serverTarget(t *testing.T, env string) target {
	t.Helper()
	tg := target{name: env, t: dbtest.ServerURL(t, env)}
	switch env {
	case "DBGAUGE_TEST_POSTGRES":
		tg.driver = postgres.Driver{}
	default:
		tg.driver = mysql.Driver{}
	}
	servers.mu.Lock()
	defer servers.mu.Unlock()
	if p, ok := servers.prepared[env]; ok {
		return p
	}
	if err := prepareOn(context.Background(), tg, 1); err != nil {
		t.Fatalf("prepare on %s: %v", env, err)
	}
	if servers.prepared == nil {
		servers.prepared = map[string]target{}
	}
	servers.prepared[env] = tg
	return tg
}

func TestMain(m *testing.M) {
	code := m.Run()
	ctx := context.Background()
	for _, tg := range servers.prepared {
		if conn, err := tg.open(ctx); err == nil {
			configureT(1).Dataset().Cleanup(ctx, conn)
			conn.Close()
		}
	}
	for _, p := range []string{sqliteTemplate.path, binary.path} {
		if p != "" {
			os.RemoveAll(filepath.Dir(p))
		}
	}
	os.Exit(code)
}

func configureT(warehouses int) workload.Instance {
	v, _ := workload.ParseValues(Workload.Options(), map[string]string{"warehouses": strconv.Itoa(warehouses)})
	inst, _ := workload.Configure(Workload, v, workload.Params{Users: 1, Seed: fixtureSeed})
	return inst
}

// binary is dbgauge built without the race detector, once per test binary.
var binary struct {
	once sync.Once
	path string
	err  error
}

// prepareOn loads the fixture with the dbgauge binary: under -race, loading
// 600,000 rows in-process takes minutes (modernc's SQLite is Go, and
// instrumented); the binary takes seconds. The transactions, the figures
// and the checks run in-process.
func prepareOn(ctx context.Context, tg target, warehouses int) error {
	binary.once.Do(func() {
		dir, err := os.MkdirTemp("", "dbgauge-tpcc-bin-")
		if err != nil {
			binary.err = err
			return
		}
		binary.path = filepath.Join(dir, "dbgauge")
		out, err := exec.CommandContext(ctx, "go", "build", "-o", binary.path, "github.com/dbgauge/dbgauge/cmd/dbgauge").CombinedOutput()
		if err != nil {
			binary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binary.err != nil {
		return binary.err
	}
	// Whatever tpcc data the database holds (another scale, an interrupted
	// prepare) goes first: cleanup drops only what its stamp lists.
	if out, err := exec.CommandContext(ctx, binary.path, "cleanup", "tpcc", "--db", tg.t.Raw).CombinedOutput(); err != nil {
		return fmt.Errorf("dbgauge cleanup tpcc: %v\n%s", err, out)
	}
	out, err := exec.CommandContext(ctx, binary.path, "prepare", "tpcc", "--db", tg.t.Raw, "--warehouses", strconv.Itoa(warehouses),
		"--seed", strconv.Itoa(fixtureSeed), "--threads", "2", "--force", "--no-check").CombinedOutput()
	if err != nil {
		return fmt.Errorf("dbgauge prepare tpcc: %v\n%s", err, out)
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// targets are SQLite and, when their variables are set, the servers.
func targets(t *testing.T) map[string]func(*testing.T) target {
	return map[string]func(*testing.T) target{
		"sqlite":   sqliteTarget,
		"postgres": func(t *testing.T) target { return serverTarget(t, "DBGAUGE_TEST_POSTGRES") },
		"mariadb":  func(t *testing.T) target { return serverTarget(t, "DBGAUGE_TEST_MYSQL") },
	}
}
