package tpcc

import (
	"slices"
	"testing"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

func configure(t *testing.T, opts map[string]string, p workload.Params) *instance {
	t.Helper()
	v, err := workload.ParseValues(Workload.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(Workload, v, p)
	if err != nil {
		t.Fatal(err)
	}
	return inst.(*instance)
}

// TestDeck: every 100 transactions of a user are exactly 45 New-Orders,
// 43 Payments and 4 of each other type (clause 5.2.4.2), in an order that
// changes from deck to deck.
func TestDeck(t *testing.T) {
	t.Parallel()
	in := configure(t, nil, workload.Params{Users: 1})
	u := newUser(workload.UserEnv{Rand: randgen.New(1, 2), Users: 1}, in)
	var decks [][]workload.TxnID
	for range 5 {
		got := map[workload.TxnID]int{}
		var seq []workload.TxnID
		for range 100 {
			tx := u.Next()
			got[tx]++
			seq = append(seq, tx)
		}
		want := map[workload.TxnID]int{txNewOrder: 45, txPayment: 43, txOrderStatus: 4, txDelivery: 4, txStockLevel: 4}
		for tx, n := range want {
			if got[tx] != n {
				t.Fatalf("deck %d: %d of %s, want %d (all: %v)", len(decks), got[tx], in.Transactions()[tx].Name, n, got)
			}
		}
		decks = append(decks, seq)
	}
	if slices.Equal(decks[0], decks[1]) {
		t.Error("two decks dealt in the same order: the deck is not shuffled again")
	}
}

// TestNURandConstants: whatever the seed, the run's C for C_LAST satisfies
// clause 2.1.6.1 against the load's, and the others lie in [0, A].
func TestNURandConstants(t *testing.T) {
	t.Parallel()
	seen := map[int64]bool{}
	for seed := range uint64(300) {
		c := configure(t, nil, workload.Params{Users: 1, Seed: seed}).c
		if !randgen.ValidCLastDelta(cLastLoad, c.cLast) || c.cLast < 0 || c.cLast > 255 {
			t.Fatalf("seed %d: C_LAST run constant %d against load %d breaks clause 2.1.6.1", seed, c.cLast, cLastLoad)
		}
		if c.cID < 0 || c.cID > 1023 || c.cItem < 0 || c.cItem > 8191 {
			t.Fatalf("seed %d: C_ID %d or OL_I_ID %d out of [0, A]", seed, c.cID, c.cItem)
		}
		seen[c.cLast] = true
	}
	if len(seen) < 20 {
		t.Errorf("only %d different C_LAST run constants over 300 seeds: not drawn", len(seen))
	}
	// The rule itself, on the spec's boundaries.
	for _, tc := range []struct {
		run  int64
		want bool
	}{{cLastLoad + 64, false}, {cLastLoad + 65, true}, {cLastLoad + 96, false}, {cLastLoad + 112, false}, {cLastLoad + 119, true}, {cLastLoad + 120, false}, {cLastLoad - 65, true}} {
		if got := randgen.ValidCLastDelta(cLastLoad, tc.run); got != tc.want {
			t.Errorf("ValidCLastDelta(%d, %d) = %v, want %v", cLastLoad, tc.run, got, tc.want)
		}
	}
}

// TestNURandRange: draws stay in [x, y] and are not uniform (the OR skews
// them).
func TestNURandRange(t *testing.T) {
	t.Parallel()
	c := configure(t, nil, workload.Params{Users: 1, Seed: 3}).c
	r := randgen.New(9)
	counts := make([]int, items+1)
	for range 200000 {
		v := c.nurandItem().Next(r)
		if v < 1 || v > items {
			t.Fatalf("item %d out of [1, %d]", v, items)
		}
		counts[v]++
	}
	top := slices.Max(counts)
	if top < 20 { // uniform would give ~2 per value; NURand's hot items get far more
		t.Errorf("the most drawn item came %d times in 200,000: the draw looks uniform", top)
	}
}

// TestLastName: clause 4.3.2.3's example, 371 is PRICALLYOUGHT.
func TestLastName(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{371: "PRICALLYOUGHT", 0: "BARBARBAR", 999: "EINGEINGEING"} {
		if got := lastName(n); got != want {
			t.Errorf("lastName(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestTerminals: with --wait, ten users per warehouse, one per district;
// without, users spread over the warehouses.
func TestTerminals(t *testing.T) {
	t.Parallel()
	in := configure(t, map[string]string{"warehouses": "3", "wait": "on"}, workload.Params{Users: 30})
	seen := map[[2]int64]bool{}
	for n := range 30 {
		u := newUser(workload.UserEnv{Rand: randgen.New(1, uint64(n)), User: n, Users: 30}, in)
		seen[[2]int64{u.home, u.district}] = true
	}
	if len(seen) != 30 {
		t.Errorf("30 terminals cover %d (warehouse, district) pairs, want 30", len(seen))
	}
	in = configure(t, map[string]string{"warehouses": "3"}, workload.Params{Users: 2})
	if u := newUser(workload.UserEnv{Rand: randgen.New(1), User: 1, Users: 2}, in); u.home != 0 || u.district != 0 {
		t.Errorf("2 users over 3 warehouses: user bound to %d/%d, want warehouses drawn per transaction", u.home, u.district)
	}
	in = configure(t, map[string]string{"warehouses": "2"}, workload.Params{Users: 4})
	if u := newUser(workload.UserEnv{Rand: randgen.New(1), User: 3, Users: 4}, in); u.home != 2 || u.district != 0 {
		t.Errorf("user 3 of 4 over 2 warehouses: home %d district %d, want 2 and drawn", u.home, u.district)
	}
	// Waits only with --wait, and never with --rate.
	if ts := in.Transactions(); !ts[txNewOrder].Keying.IsZero() || !ts[txNewOrder].Think.IsZero() {
		t.Error("waits without --wait")
	}
	v, _ := workload.ParseValues(Workload.Options(), map[string]string{"wait": "on"})
	if _, err := workload.Configure(Workload, v, workload.Params{Users: 1, OpenLoop: true}); err == nil {
		t.Error("--wait with --rate was accepted")
	}
}

// TestOrderPlan: a district's orders and order lines agree on the lines
// of each order, and the data is a pure function of the seed.
func TestOrderPlan(t *testing.T) {
	t.Parallel()
	lines := map[int64]int64{}
	for _, r := range orderLineRows(5, 13) {
		lines[r[0].(int64)]++
		if r[2].(int64) != 2 || r[1].(int64) != 4 {
			t.Fatalf("batch 13 is warehouse 2 district 4, got a line of %v/%v", r[2], r[1])
		}
	}
	orders := ordersRows(5, 13)
	for _, o := range orders {
		if id := o[0].(int64); lines[id] != o[6].(int64) {
			t.Fatalf("order %d: O_OL_CNT %d, %d lines", id, o[6], lines[id])
		}
	}
	seen := map[int64]bool{}
	for _, o := range orders {
		seen[o[3].(int64)] = true
	}
	if len(seen) != customersPerDist {
		t.Errorf("O_C_ID takes %d customers, want a permutation of %d", len(seen), customersPerDist)
	}
	if a, b := customerRows(5, 13), customerRows(5, 13); !slices.EqualFunc(a, b, func(x, y sqldb.Row) bool { return slices.Equal(x, y) }) {
		t.Error("the same batch differs between two calls")
	}
	if a, b := customerRows(5, 13), customerRows(6, 13); a[0][3] == b[0][3] && a[1][3] == b[1][3] {
		t.Error("two seeds give the same customers")
	}
}
