package bookstore

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// testShards runs two users at once, each the only user of its shard of a
// two-shard run, each on its own connection, each making new carts, new
// customers (with new addresses) and orders: every id is the database's
// own, so none collides, across users and across shards.
func testShards(t *testing.T, tg target) {
	const rounds = 4
	var wg sync.WaitGroup
	type made struct{ carts, customers []int64 }
	out := make([]made, 2)
	errs := make(chan error, 2)
	for shard := range 2 {
		v, err := workload.ParseValues(Workload.Options(), map[string]string{"items": "1000", "customers": "2880", "mix": "ordering"})
		if err != nil {
			t.Fatal(err)
		}
		inst, err := workload.Configure(Workload, v, workload.Params{Users: 2, Seed: fixtureSeed, Shard: workload.Shard{Index: shard, Count: 2}})
		if err != nil {
			t.Fatal(err)
		}
		b := newBrowser(t, tg, inst.(*instance), shard, 2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				b.u.customer, b.u.cart = 0, 0
				for _, step := range [][2]workload.TxnID{{txHome, txShoppingCart}, {txShoppingCart, txCustomerRegistration},
					{txCustomerRegistration, txBuyRequest}, {txBuyRequest, txBuyConfirm}} {
					b.u.from, b.u.cur = step[0], step[1]
					if err := b.u.Run(context.Background(), wltest.NewTx(b.s)); err != nil {
						errs <- fmt.Errorf("shard %d: %s: %w", shard, txnNames[step[1]], err)
						return
					}
				}
				out[shard].carts = append(out[shard].carts, b.u.cart)
				out[shard].customers = append(out[shard].customers, b.u.customer)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	c := tg.Conn(t)
	carts := append(out[0].carts, out[1].carts...)
	customers := append(out[0].customers, out[1].customers...)
	var orders, addresses []int64
	for _, cu := range customers {
		orders = append(orders, scalar(t, c, "SELECT MAX(o_id) FROM orders WHERE o_c_id = ?", cu))
		addresses = append(addresses, scalar(t, c, "SELECT c_addr_id FROM customer WHERE c_id = ?", cu))
		if n := scalar(t, c, "SELECT COUNT(*) FROM orders WHERE o_c_id = ?", cu); n != 1 {
			t.Errorf("new customer %d has %d orders, want 1", cu, n)
		}
	}
	for what, ids := range map[string][]int64{"carts": carts, "customers": customers, "orders": orders, "addresses": addresses} {
		if sorted := slices.Compact(slices.Sorted(slices.Values(ids))); len(sorted) != 2*rounds || sorted[0] <= 0 {
			t.Errorf("%s of two shards' users: %v, want %d different ids", what, ids, 2*rounds)
		}
	}
	if customers[0] <= fixtureCustomers || addresses[0] <= 2*fixtureCustomers || orders[0] <= fixtureCustomers*9/10 {
		t.Errorf("new ids below the loaded ones: customer %d, address %d, order %d", customers[0], addresses[0], orders[0])
	}
}

// testWalks runs each mix's chain through wltest for a few hundred
// interactions: every interaction the chain reaches runs without error.
func testWalks(t *testing.T, tg target) {
	for _, mix := range []string{"browsing", "shopping", "ordering"} {
		in := configureT(map[string]string{"mix": mix})
		c := tg.Conn(t)
		tx := wltest.Run(t, in, c, wltest.Options{Driver: tg.Driver.Name(), User: 1, Users: 2, Seed: 99}, 300)
		kinds := 0
		for typ := range numTxns {
			if tx.Types[typ] > 0 {
				kinds++
			}
		}
		if kinds < 8 {
			t.Errorf("%s: 300 interactions of %d kinds: %v", mix, kinds, tx.Types)
		}
		for op, n := range tx.Failed {
			t.Errorf("%s: %s failed %d times", mix, statements.Stmts[op].Name, n)
		}
	}
}
