package tpcc

import (
	"os"
	"strconv"
	"testing"

	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// fixtureSeed is the seed every fixture is loaded with.
const fixtureSeed = 11

// fx is one warehouse, loaded once per test binary by the dbgauge binary
// (under -race, loading 600,000 rows in-process takes minutes; the binary
// takes seconds), on a fresh copy of a SQLite file per test and on each
// server in a database of its own. The transactions, the figures and the
// checks run in-process.
var fx = &fixture.Fixture{Workload: "tpcc", Seed: fixtureSeed, Database: "dbgauge_tpcc_test",
	Options: []string{"--warehouses", "1", "--no-check"}}

// target is a database the tests run tpcc on.
type target = fixture.Target

func TestMain(m *testing.M) {
	code := m.Run()
	fx.Close()
	fixture.RemoveBinary()
	os.Exit(code)
}

func configureT(warehouses int) workload.Instance {
	v, _ := workload.ParseValues(Workload.Options(), map[string]string{"warehouses": strconv.Itoa(warehouses)})
	inst, _ := workload.Configure(Workload, v, workload.Params{Users: 1, Seed: fixtureSeed})
	return inst
}

// targets are SQLite and, when their variables are set, the servers.
func targets(*testing.T) map[string]func(testing.TB) target { return fx.Targets() }
