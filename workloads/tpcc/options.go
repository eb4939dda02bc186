package tpcc

import (
	"fmt"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// Options are tpcc's own options.
func options() []workload.Option {
	return []workload.Option{
		{Name: "warehouses", Help: "Number of warehouses (the scale: 10 districts, 30,000 customers and 100,000 stock rows each)", Kind: workload.Int, Default: "1", Min: 1, Max: 100000},
		{Name: "wait", Help: "Keying and think times of clause 5.2.5, with 10 users per warehouse bound to their home warehouse and district (off: no waits, as go-tpc and HammerDB)", Kind: workload.Bool, Default: "off"},
	}
}

// Scale of clause 1.2 and 4.3.3.1.
const (
	items             = 100000 // ITEM rows, whatever the warehouses
	districtsPerWH    = 10
	customersPerDist  = 3000
	ordersPerDist     = 3000
	firstNewOrder     = 2101 // orders 2101..3000 of each district are undelivered (NEW-ORDER rows)
	stockPerWarehouse = items
)

// cLastLoad is the C of NURand(255, 0, 999) for C_LAST at load time (clause
// 4.3.2.3). It is fixed, as BenchBase's 157, so that a run with any --seed
// can choose its own C against it (clause 2.1.6.1).
const cLastLoad = 157

// config is the parsed options and the run's NURand constants.
type config struct {
	warehouses int64
	wait       bool
	// C constants of the run (clause 2.1.6): C_LAST's satisfies the delta
	// rule against cLastLoad; C_ID's and OL_I_ID's are free in [0, A].
	cLast, cID, cItem int64
}

func parseConfig(v workload.Values, p workload.Params) (*config, error) {
	c := &config{warehouses: v.Int("warehouses"), wait: v.Bool("wait")}
	if c.wait && p.OpenLoop {
		return nil, fmt.Errorf("--wait (keying and think times) cannot be used with --rate: an open-loop schedule decides when transactions start")
	}
	// One stream for the run's constants: every shard and every user of a
	// run with the same --seed uses the same C (they are run constants).
	r := randgen.New(p.Seed, 0x74706363, 0xc0) // "tpcc", constants
	c.cLast = randgen.CLastRun(r, cLastLoad)
	c.cID = r.Uniform(0, 1023)
	c.cItem = r.Uniform(0, 8191)
	return c, nil
}

// nurandCID, nurandItem and nurandLast are the three NURand draws of the
// run (clause 2.1.6).
func (c *config) nurandCID() randgen.NURand {
	return randgen.NURand{A: 1023, X: 1, Y: customersPerDist, C: c.cID}
}

func (c *config) nurandItem() randgen.NURand {
	return randgen.NURand{A: 8191, X: 1, Y: items, C: c.cItem}
}

func (c *config) nurandLast() randgen.NURand {
	return randgen.NURand{A: 255, X: 0, Y: 999, C: c.cLast}
}

// shape is what decides the data, as stamped.
func (c *config) shape() map[string]string {
	return map[string]string{"warehouses": fmt.Sprint(c.warehouses), "items": fmt.Sprint(items)}
}
