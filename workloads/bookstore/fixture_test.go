package bookstore

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
)

// The fixture: 1,000 items and 2,880 customers (one user's), loaded once
// per test binary by the dbgauge binary, on a copy of a SQLite file per
// test and on each server in a database of its own (the servers' bench
// database may hold another workload's customer, orders and item tables:
// tpcc's).
const (
	fixtureSeed      = 13
	fixtureItems     = 1000
	fixtureCustomers = 2880
	serverDatabase   = "dbgauge_bookstore_test"
)

// target is a database the tests run bookstore on.
type target struct {
	name   string
	driver db.Driver
	t      *db.Target
}

func (tg target) open(ctx context.Context) (db.Conn, error) { return tg.driver.Open(ctx, tg.t) }

// conn opens a SQL connection for t, closed at its end.
func (tg target) conn(t *testing.T) sqldb.Conn {
	t.Helper()
	c, err := tg.open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c.(sqldb.Conn)
}

var sqliteTemplate struct {
	once sync.Once
	path string
	err  error
}

// sqliteTarget is a private copy of the fixture on SQLite.
func sqliteTarget(t *testing.T) target {
	t.Helper()
	sqliteTemplate.once.Do(func() {
		dir, err := os.MkdirTemp("", "dbgauge-bookstore-")
		if err != nil {
			sqliteTemplate.err = err
			return
		}
		sqliteTemplate.path = filepath.Join(dir, "bookstore.sqlite")
		sqliteTemplate.err = prepareOn(context.Background(), "sqlite:"+sqliteTemplate.path)
	})
	if sqliteTemplate.err != nil {
		t.Fatalf("prepare the SQLite template: %v", sqliteTemplate.err)
	}
	path := filepath.Join(t.TempDir(), "bookstore.sqlite")
	for _, suffix := range []string{"", "-wal"} {
		if _, err := os.Stat(sqliteTemplate.path + suffix); err == nil {
			if err := copyFile(sqliteTemplate.path+suffix, path+suffix); err != nil {
				t.Fatal(err)
			}
		}
	}
	u, err := db.ParseURL("sqlite:" + path)
	if err != nil {
		t.Fatal(err)
	}
	return target{name: "sqlite", driver: sqlite.Driver{}, t: u}
}

// servers are the servers prepared by this test binary, each once.
var servers struct {
	mu       sync.Mutex
	prepared map[string]target
}

// serverTarget is a real server from its variable (a loud skip without
// it, a failure under CI), with the fixture in a database of its own.
func serverTarget(t *testing.T, env string) target {
	t.Helper()
	base := dbtest.ServerURL(t, env)
	servers.mu.Lock()
	defer servers.mu.Unlock()
	if p, ok := servers.prepared[env]; ok {
		return p
	}
	tg := target{name: env, driver: mysql.Driver{}}
	if env == "DBGAUGE_TEST_POSTGRES" {
		tg.driver = postgres.Driver{}
	}
	u, err := ownDatabase(tg.driver, base, env == "DBGAUGE_TEST_POSTGRES")
	if err != nil {
		t.Fatalf("a database for the tests on %s: %v", env, err)
	}
	tg.t = u
	if err := prepareOn(context.Background(), u.Raw); err != nil {
		t.Fatalf("prepare on %s: %v", env, err)
	}
	if servers.prepared == nil {
		servers.prepared = map[string]target{}
	}
	servers.prepared[env] = tg
	return tg
}

// ownDatabase creates serverDatabase on the server of base if it is not
// there and returns base's URL with that database.
func ownDatabase(d db.Driver, base *db.Target, postgresql bool) (*db.Target, error) {
	ctx := context.Background()
	conn, err := d.Open(ctx, base)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	c := conn.(sqldb.Conn)
	if postgresql {
		// PostgreSQL has no CREATE DATABASE IF NOT EXISTS.
		rows, err := c.QueryStrings(ctx, "SELECT 1 FROM pg_database WHERE datname = ?", serverDatabase)
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			if _, err := c.Exec(ctx, "CREATE DATABASE "+serverDatabase); err != nil && !strings.Contains(err.Error(), "already exists") {
				return nil, err
			}
		}
	} else if _, err := c.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+serverDatabase); err != nil {
		return nil, err
	}
	u := *base.URL
	u.Path = "/" + serverDatabase
	return db.ParseURL(u.String())
}

func TestMain(m *testing.M) {
	code := m.Run()
	ctx := context.Background()
	for _, tg := range servers.prepared {
		if conn, err := tg.open(ctx); err == nil {
			configureT(nil).Dataset().Cleanup(ctx, conn)
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

// fixtureOptions are the options of the fixture's data.
func fixtureOptions() []string {
	return []string{"--items", strconv.Itoa(fixtureItems), "--customers", strconv.Itoa(fixtureCustomers)}
}

// configureT configures the fixture's scale with opts added.
func configureT(opts map[string]string) *instance {
	raw := map[string]string{"items": strconv.Itoa(fixtureItems), "customers": strconv.Itoa(fixtureCustomers)}
	for k, v := range opts {
		raw[k] = v
	}
	v, err := workload.ParseValues(Workload.Options(), raw)
	if err != nil {
		panic(err)
	}
	inst, err := workload.Configure(Workload, v, workload.Params{Users: 1, Seed: fixtureSeed})
	if err != nil {
		panic(err)
	}
	return inst.(*instance)
}

// binary is dbgauge built once per test binary: it prepares the fixture
// (seconds; the race-instrumented test binary would take much longer) and
// runs the end-to-end test.
var binary struct {
	once sync.Once
	path string
	err  error
}

func dbgaugeBinary() (string, error) {
	binary.once.Do(func() {
		dir, err := os.MkdirTemp("", "dbgauge-bookstore-bin-")
		if err != nil {
			binary.err = err
			return
		}
		binary.path = filepath.Join(dir, "dbgauge")
		build := exec.Command("go", "build", "-o", binary.path, "github.com/dbgauge/dbgauge/cmd/dbgauge")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			binary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	return binary.path, binary.err
}

// prepareOn cleans up whatever bookstore data url holds and prepares the
// fixture with the binary.
func prepareOn(ctx context.Context, url string) error {
	bin, err := dbgaugeBinary()
	if err != nil {
		return err
	}
	if out, err := exec.CommandContext(ctx, bin, "cleanup", "bookstore", "--db", url).CombinedOutput(); err != nil {
		return fmt.Errorf("dbgauge cleanup bookstore: %v\n%s", err, out)
	}
	args := append([]string{"prepare", "bookstore", "--db", url, "--seed", strconv.Itoa(fixtureSeed), "--threads", "2", "--force"}, fixtureOptions()...)
	if out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("dbgauge prepare bookstore: %v\n%s", err, out)
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
func targets() map[string]func(*testing.T) target {
	return map[string]func(*testing.T) target{
		"sqlite":   sqliteTarget,
		"postgres": func(t *testing.T) target { return serverTarget(t, "DBGAUGE_TEST_POSTGRES") },
		"mariadb":  func(t *testing.T) target { return serverTarget(t, "DBGAUGE_TEST_MYSQL") },
	}
}

// scalar reads one integer.
func scalar(t *testing.T, c sqldb.Conn, q string, args ...any) int64 {
	t.Helper()
	rows, err := c.QueryStrings(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	if len(rows) != 1 || len(rows[0]) != 1 {
		t.Fatalf("%s: %v", q, rows)
	}
	f, err := strconv.ParseFloat(rows[0][0], 64)
	if err != nil {
		t.Fatalf("%s: %q", q, rows[0][0])
	}
	return int64(f)
}
