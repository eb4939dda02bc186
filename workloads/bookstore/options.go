package bookstore

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// Options are bookstore's own options.
func options() []workload.Option {
	return []workload.Option{
		{Name: "items", Help: "Items for sale, one of TPC-W's scales: 1000, 10000, 100000, 1000000 or 10000000; authors are a quarter of them",
			Kind: workload.Int, Default: "10000", Min: math.MinInt64},
		{Name: "customers", Help: "Customers (0: 2880 per user, as TPC-W sizes the database by its emulated browsers); twice as many addresses, 0.9 times as many orders",
			Kind: workload.Int, Default: "0", Min: math.MinInt64},
		{Name: "mix", Help: "Markov chain the users walk: browsing (95% browse), shopping (80%) or ordering (50%), with the transition matrices of the Wisconsin TPC-W RBE",
			Kind: workload.Enum, Default: "shopping", Choices: []string{"browsing", "shopping", "ordering"}},
	}
}

// scales are the item counts TPC-W allows (RBE.stdNumItemA), with the A of
// the NURand that draws search strings for each (RBE.stdNumItemA, TPC-W
// clause 2.10.5.1).
var scales = []struct{ items, searchA int64 }{
	{1000, 63}, {10000, 511}, {100000, 4095}, {1000000, 32767}, {10000000, 524287},
}

// customerA is the A of NURand(A, 1, customers) that picks a returning
// customer (TPC-W clause 2.3.2, RBE.stdCIDA): by the number of customers.
var customerA = []struct{ upTo, a int64 }{
	{9999, 1023}, {39999, 4095}, {159999, 16383}, {639999, 65535}, {2559999, 262143},
	{10239999, 1048575}, {40959999, 4194303}, {163839999, 16777215}, {655359999, 67108863},
}

// customersPerUser is TPC-W's 2880 customers per emulated browser
// (TPCW_Populate's NUM_CUSTOMERS).
const customersPerUser = 2880

// maxCustomers keeps every id in a 32-bit INTEGER column: addresses are
// twice the customers, and the run adds some.
const maxCustomers = 600_000_000

// config is the parsed options.
type config struct {
	items, customers int64
	authors          int64
	mix              *mix
	mixName          string
	// searchA and customerA are the NURand A of the search strings and of
	// returning customers.
	searchA, customerA int64
}

func parseConfig(v workload.Values, p workload.Params) (*config, error) {
	c := &config{items: v.Int("items"), mixName: v.String("mix")}
	for _, s := range scales {
		if s.items == c.items {
			c.searchA = s.searchA
		}
	}
	if c.searchA == 0 {
		allowed := make([]string, len(scales))
		for i, s := range scales {
			allowed[i] = strconv.FormatInt(s.items, 10)
		}
		return nil, fmt.Errorf("--items must be one of TPC-W's scales %s, got %d", strings.Join(allowed, ", "), c.items)
	}
	c.authors = c.items / 4
	c.customers = v.Int("customers")
	switch {
	case v.IsSet("customers") && c.customers < 1:
		return nil, fmt.Errorf("--customers must be at least 1 (leave it out for %d per user), got %d", customersPerUser, c.customers)
	case c.customers == 0:
		c.customers = customersPerUser * int64(max(p.Users, 1))
	}
	if c.customers > maxCustomers {
		return nil, fmt.Errorf("--customers must be at most %d, got %d", maxCustomers, c.customers)
	}
	c.customerA = customerA[len(customerA)-1].a
	for _, a := range customerA {
		if c.customers <= a.upTo {
			c.customerA = a.a
			break
		}
	}
	c.mix = mixes[c.mixName]
	return c, nil
}

// orders is the initial orders: 0.9 per customer (TPCW_Populate).
func (c *config) orders() int64 { return c.customers * 9 / 10 }

// addresses is the initial addresses: two per customer (TPCW_Populate).
func (c *config) addresses() int64 { return 2 * c.customers }

// shape is what decides the data, as stamped: a run whose customers (2880
// per user by default) differ from the data's is refused with the
// stamp's value.
func (c *config) shape() map[string]string {
	return map[string]string{"items": strconv.FormatInt(c.items, 10), "customers": strconv.FormatInt(c.customers, 10)}
}
