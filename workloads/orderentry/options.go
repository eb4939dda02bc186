package orderentry

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// Options are orderentry's own options.
func options() []workload.Option {
	return []workload.Option{
		{Name: "scale", Help: "Size of the data as Swingbench's -scale (about GB): 1,000,000 customers, 1.5 M addresses and cards, 1.43 M orders, 2.38 M logons per unit; products and inventories do not scale",
			Kind: workload.Float, Default: "0.1"},
		{Name: "warehouses", Help: "Warehouses (Swingbench's fixed 1000); each product is stocked at 80-100% of them",
			Kind: workload.Int, Default: "1000", Min: math.MinInt64},
		{Name: "weights", Help: "Transaction weights, CODE=WEIGHT by code or name; types not named keep theirs (0 turns one off). Codes: " + weightCodes(),
			Kind: workload.String, Default: defaultWeights()},
		{Name: "min-delay", Help: "Least pause between statements inside a transaction, holding the connection (Swingbench's MinDelay; a duration, or milliseconds)",
			Kind: workload.String, Default: "0"},
		{Name: "max-delay", Help: "Most pause between statements inside a transaction (Swingbench's MaxDelay)",
			Kind: workload.String, Default: "0"},
		{Name: "inter-min-delay", Help: "Least wait between transactions, off the connection (Swingbench's InterMinDelay)",
			Kind: workload.String, Default: "0"},
		{Name: "inter-max-delay", Help: "Most wait between transactions (Swingbench's InterMaxDelay)",
			Kind: workload.String, Default: "0"},
	}
}

// Scale of Swingbench's soe2.xml, per unit of --scale.
const (
	customersPerScale = 1_000_000
	addressesPerScale = 1_500_000
	cardsPerScale     = 1_500_000
	ordersPerScale    = 1_429_790
	logonsPerScale    = 2_382_984
	products          = 1000 // product_information and product_descriptions
	categories        = 199  // category_id 1..199, as the transactions browse them
	maxScale          = 500  // logon ids (2.38 M per unit) stay within 32 bits, with room for a long run
	minCustomers      = 100
)

// config is the parsed options.
type config struct {
	scale                        float64
	customers, addresses, cards  int64
	orders, logons               int64
	warehouses                   int64
	weights                      [numTxns]int
	delay, interDelay            workload.Wait
	minDelay, maxDelay           time.Duration
	interMinDelay, interMaxDelay time.Duration
}

func parseConfig(v workload.Values) (*config, error) {
	c := &config{scale: v.Float("scale"), warehouses: v.Int("warehouses")}
	if !(c.scale > 0) || c.scale > maxScale {
		return nil, fmt.Errorf("--scale must be above 0 and at most %d (Swingbench's GB: 1 is a million customers), got %v", maxScale, v.Float("scale"))
	}
	c.customers = int64(math.Round(c.scale * customersPerScale))
	if c.customers < minCustomers {
		return nil, fmt.Errorf("--scale %v makes %d customers; the least is %g (%d customers)", c.scale, c.customers, float64(minCustomers)/customersPerScale, minCustomers)
	}
	c.addresses = int64(math.Round(c.scale * addressesPerScale))
	c.cards = int64(math.Round(c.scale * cardsPerScale))
	c.orders = int64(math.Round(c.scale * ordersPerScale))
	c.logons = int64(math.Round(c.scale * logonsPerScale))
	if c.warehouses < 1 || c.warehouses > 100_000 {
		return nil, fmt.Errorf("--warehouses must be from 1 to 100000, got %d", c.warehouses)
	}
	var err error
	if c.weights, err = parseWeights(v.String("weights")); err != nil {
		return nil, err
	}
	if c.minDelay, err = parseDelay("min-delay", v.String("min-delay")); err != nil {
		return nil, err
	}
	if c.maxDelay, err = parseDelay("max-delay", v.String("max-delay")); err != nil {
		return nil, err
	}
	if c.interMinDelay, err = parseDelay("inter-min-delay", v.String("inter-min-delay")); err != nil {
		return nil, err
	}
	if c.interMaxDelay, err = parseDelay("inter-max-delay", v.String("inter-max-delay")); err != nil {
		return nil, err
	}
	if c.minDelay > c.maxDelay {
		return nil, fmt.Errorf("--min-delay %s is above --max-delay %s", c.minDelay, c.maxDelay)
	}
	if c.interMinDelay > c.interMaxDelay {
		return nil, fmt.Errorf("--inter-min-delay %s is above --inter-max-delay %s", c.interMinDelay, c.interMaxDelay)
	}
	c.delay = workload.UniformWait(c.minDelay, c.maxDelay)
	c.interDelay = workload.UniformWait(c.interMinDelay, c.interMaxDelay)
	return c, nil
}

// parseDelay reads a delay: a duration (50ms, 1s) or, as Swingbench
// takes it, a number of milliseconds.
func parseDelay(name, s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if ms, err := strconv.ParseInt(s, 10, 64); err == nil {
		if ms < 0 {
			return 0, fmt.Errorf("--%s must not be negative, got %s", name, s)
		}
		return time.Duration(ms) * time.Millisecond, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("--%s wants a duration (50ms, 1s) or milliseconds, got %q", name, s)
	}
	if d < 0 {
		return 0, fmt.Errorf("--%s must not be negative, got %s", name, s)
	}
	return d, nil
}

// shape is what decides the data, as stamped.
func (c *config) shape() map[string]string {
	return map[string]string{"scale": strconv.FormatFloat(c.scale, 'g', -1, 64), "warehouses": strconv.FormatInt(c.warehouses, 10)}
}
