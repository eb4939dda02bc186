package orderentry

import (
	"os"
	"testing"

	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// The fixture: scale 0.0002 (200 customers, 286 orders) over 20
// warehouses (about 18,000 inventory rows), loaded once per test binary.
const (
	fixtureSeed       = 17
	fixtureScale      = "0.0002"
	fixtureWarehouses = "20"
)

var fx = &fixture.Fixture{Workload: "orderentry", Seed: fixtureSeed, Database: "dbgauge_orderentry_test",
	Options: []string{"--scale", fixtureScale, "--warehouses", fixtureWarehouses}}

func TestMain(m *testing.M) {
	code := m.Run()
	fx.Close()
	fixture.RemoveBinary()
	os.Exit(code)
}

// configureT configures the fixture's scale with opts added.
func configureT(t testing.TB, opts map[string]string) *instance {
	t.Helper()
	raw := map[string]string{"scale": fixtureScale, "warehouses": fixtureWarehouses}
	for k, v := range opts {
		raw[k] = v
	}
	v, err := workload.ParseValues(Workload.Options(), raw)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(Workload, v, workload.Params{Users: 1, Seed: fixtureSeed})
	if err != nil {
		t.Fatal(err)
	}
	return inst.(*instance)
}
