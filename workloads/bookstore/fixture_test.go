package bookstore

import (
	"os"
	"strconv"
	"testing"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
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
)

var fx = &fixture.Fixture{Workload: "bookstore", Seed: fixtureSeed, Database: "dbgauge_bookstore_test", Options: fixtureOptions()}

// target is a database the tests run bookstore on.
type target = fixture.Target

func TestMain(m *testing.M) {
	code := m.Run()
	fx.Close()
	fixture.RemoveBinary()
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

// targets are SQLite and, when their variables are set, the servers.
func targets() map[string]func(testing.TB) target { return fx.Targets() }

// scalar reads one integer.
func scalar(t testing.TB, c sqldb.Conn, q string, args ...any) int64 {
	t.Helper()
	return fixture.Scalar(t, c, q, args...)
}
