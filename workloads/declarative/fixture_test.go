package declarative

import (
	"os"
	"testing"

	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// The fixtures are the shipped examples at small sizes, prepared once per
// test binary by the dbgauge binary. The tests run from the examples'
// folder, so that a fixture names its file without a directory.
var (
	shopFx = &fixture.Fixture{Workload: "shop.yaml", Seed: 11, Database: "dbgauge_spec_test",
		Options: []string{"--customers", "300", "--products", "120"}}
	sessionsFx = &fixture.Fixture{Workload: "sessions.yaml", Seed: 12, Database: "dbgauge_spec_test",
		Options: []string{"--sessions", "2500", "--accounts", "50"}}
)

func TestMain(m *testing.M) {
	if err := os.Chdir(examplesDir); err != nil {
		panic(err)
	}
	code := m.Run()
	shopFx.Close()
	sessionsFx.Close()
	fixture.RemoveBinary()
	os.Exit(code)
}
