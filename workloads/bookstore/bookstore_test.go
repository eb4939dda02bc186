package bookstore

import (
	"context"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// TestOptions: the defaults, the spec's scales and NURand constants, and
// bad values refused with one line naming the option.
func TestOptions(t *testing.T) {
	t.Parallel()
	configure := func(raw map[string]string, users int) (*instance, error) {
		v, err := workload.ParseValues(Workload.Options(), raw)
		if err != nil {
			return nil, err
		}
		inst, err := workload.Configure(Workload, v, workload.Params{Users: users})
		if err != nil {
			return nil, err
		}
		return inst.(*instance), nil
	}
	in, err := configure(nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	if in.c.items != 10000 || in.c.customers != 3*2880 || in.c.mixName != "shopping" || in.c.searchA != 511 || in.c.customerA != 1023 {
		t.Errorf("defaults for 3 users: %+v", in.c)
	}
	if s := in.Dataset().Shape(); s["customers"] != "8640" || s["items"] != "10000" || len(s) != 2 {
		t.Errorf("shape %v", s)
	}
	in, _ = configure(map[string]string{"items": "10000000", "customers": "40000", "mix": "ordering"}, 1)
	if in.c.searchA != 524287 || in.c.customerA != 16383 || in.c.authors != 2500000 || in.c.mix != mixes["ordering"] {
		t.Errorf("10 million items, 40,000 customers: %+v", in.c)
	}
	for _, bad := range []struct {
		raw  map[string]string
		want string
	}{
		{map[string]string{"mix": "window-shopping"}, "--mix must be one of browsing, shopping, ordering"},
		{map[string]string{"items": "5000"}, "--items must be one of TPC-W's scales 1000, 10000, 100000, 1000000, 10000000, got 5000"},
		{map[string]string{"items": "-1"}, "--items must be one of"},
		{map[string]string{"customers": "0"}, "--customers must be at least 1"},
		{map[string]string{"customers": "-7"}, "--customers must be at least 1"},
		{map[string]string{"customers": "2000000000"}, "--customers must be at most"},
	} {
		_, err := configure(bad.raw, 1)
		if err == nil || !strings.Contains(err.Error(), bad.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want one line with %q", bad.raw, err, bad.want)
		}
	}
	ts := in.Transactions()
	if len(ts) != int(numTxns) {
		t.Fatalf("%d transaction types", len(ts))
	}
	for _, tx := range ts {
		if tx.Think != workload.NegExpWait(7*time.Second, 70*time.Second) || !tx.Keying.IsZero() {
			t.Errorf("%s: think %s keying %s, want TPC-W's exp:7s,cap=70s and none", tx.Name, tx.Think, tx.Keying)
		}
	}
	if n := in.Connections(40); n != 40 {
		t.Errorf("40 users get a pool of %d", n)
	}
	if n := in.Connections(10000); n != 100 {
		t.Errorf("10,000 users get a pool of %d, want 100", n)
	}
}

// TestData: batches are pure functions of the seed; titles and author
// names carry the search strings' syllables; orders, their lines and
// their card transactions agree.
func TestData(t *testing.T) {
	t.Parallel()
	c := configureT(nil).c
	same := func(a, b []sqldb.Row) bool {
		return slices.EqualFunc(a, b, func(x, y sqldb.Row) bool { return slices.Equal(x, y) })
	}
	if !same(c.itemRows(5, 0), c.itemRows(5, 0)) || same(c.itemRows(5, 0), c.itemRows(6, 0)) {
		t.Error("items are not a pure function of the seed")
	}
	items := c.itemRows(5, 0)
	if len(items) != fixtureItems || items[len(items)-1][0] != int64(fixtureItems) {
		t.Fatalf("batch 0 of 1,000 items has %d rows", len(items))
	}
	for _, r := range items {
		id := r[0].(int64)
		if title := r[1].(string); !strings.HasPrefix(title, digSyl(id%201, 7)+" ") || len(title) > 60 {
			t.Fatalf("item %d's title %q", id, title)
		}
		if a := r[2].(int64); a < 1 || a > c.authors || (id <= c.authors && a != id) {
			t.Fatalf("item %d's author %d", id, a)
		}
		related := []any{r[7], r[8], r[9], r[10], r[11]}
		if len(slices.Compact(slices.SortedFunc(slices.Values(related), func(a, b any) int { return int(a.(int64) - b.(int64)) }))) != 5 {
			t.Fatalf("item %d's related items %v are not five different ones", id, related)
		}
		if s := r[17].(int64); s < 10 || s > 30 {
			t.Fatalf("item %d's stock %d", id, s)
		}
	}
	for _, r := range c.authorRows(5, 0) {
		if id := r[0].(int64); !strings.HasPrefix(r[2].(string), digSyl(id%101, 7)) {
			t.Fatalf("author %d's last name %q", id, r[2])
		}
	}
	for _, r := range c.customerRows(5, 0)[:50] {
		if id, uname := r[0].(int64), r[1].(string); uname != digSyl(id, 0) || r[2] != strings.ToLower(uname) {
			t.Fatalf("customer %d: %q / %q", id, uname, r[2])
		}
	}
	// 2,592 orders: batch 1 is the last 592.
	orders, lines, cards := c.ordersRows(5, 1), c.orderLineRows(5, 1), c.ccXactsRows(5, 1)
	perOrder := map[int64]int64{}
	for _, l := range lines {
		perOrder[l[1].(int64)]++
	}
	if len(orders) != 592 || len(cards) != 592 || orders[0][0] != int64(orderBatch+1) {
		t.Fatalf("order batch 1: %d orders from %v, %d card transactions", len(orders), orders[0][0], len(cards))
	}
	for i, o := range orders {
		id, total := o[0].(int64), o[5].(float64)
		n := perOrder[id]
		if n < 1 || n > 5 || cards[i][0] != id || cards[i][6] != total {
			t.Fatalf("order %d: %d lines, card %v for %v", id, n, cards[i][:7], total)
		}
		if want := cents(o[3].(float64) + o[4].(float64) + shipCost(n)); math.Abs(total-want) > 0.011 {
			t.Fatalf("order %d: total %.2f, want sub-total, tax and shipping %.2f", id, total, want)
		}
	}
	if got := digSyl(371, 0); got != "RIULOG" {
		t.Errorf("DigSyl(371) = %q", got)
	}
	if got := digSyl(5, 3); got != "BABASE" {
		t.Errorf("DigSyl(5, 3) = %q", got)
	}
}

// TestFigures: WIPS is every completed interaction per second, WIPSb and
// WIPSo split it, with the browse and order shares.
func TestFigures(t *testing.T) {
	t.Parallel()
	in := configureT(map[string]string{"mix": "browsing"})
	types := make([]workload.TypeCounts, numTxns)
	types[txHome].Count = 60
	types[txSearchResults] = workload.TypeCounts{Count: 35, Errors: 4}
	types[txBuyConfirm].Count = 5
	figs := map[string]float64{}
	for _, f := range in.Figures(workload.Counts{Seconds: 10, Types: types}) {
		figs[f.Name] = f.Value
	}
	want := map[string]float64{"WIPS": 10, "WIPSb": 9.5, "WIPSo": 0.5, "browse": 95, "order": 5}
	for k, v := range want {
		if math.Abs(figs[k]-v) > 1e-9 {
			t.Errorf("%s = %v, want %v (all: %v)", k, figs[k], v, figs)
		}
	}
	if f := in.Figures(workload.Counts{Seconds: 0, Types: types}); f != nil {
		t.Errorf("figures of no time: %v", f)
	}
}

// TestUserFootprint: 10,000 users cost well under 50 KB each on the
// client (what a transaction reads lands in the connection's session).
func TestUserFootprint(t *testing.T) {
	in := configureT(nil)
	const n = 10000
	users := make([]workload.User, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range users {
		u, err := in.NewUser(context.Background(), workload.UserEnv{Rand: randgen.New(1, uint64(i)), User: i, Users: n})
		if err != nil {
			t.Fatal(err)
		}
		u.Next() // a session started
		users[i] = u
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / n
	t.Logf("%.0f bytes of heap per user (with its random stream)", per)
	if per > 2048 {
		t.Errorf("%.0f bytes per user, want at most 2 KB", per)
	}
	runtime.KeepAlive(users)
}

// TestClear: the rows a resumed prepare deletes for batch b are exactly
// the rows batch b writes, and the batches' ranges tile the ids.
func TestClear(t *testing.T) {
	t.Parallel()
	in := configureT(nil)
	for _, tb := range newDatasetTables(in.c) {
		if tb.Clear == nil {
			if tb.Batch != nil {
				t.Errorf("%s: batches but no Clear", tb.Name)
			}
			continue
		}
		batches := (tb.Rows + tb.BatchRows - 1) / tb.BatchRows
		next := int64(1)
		for b := range batches {
			where, args := tb.Clear(b)
			if where == "" {
				if batches != 1 {
					t.Errorf("%s: batch %d of %d clears everything", tb.Name, b, batches)
				}
				continue
			}
			col, _, _ := strings.Cut(where, " ")
			first, last := args[0].(int64), args[1].(int64)
			if first != next || last < first {
				t.Errorf("%s: batch %d clears %s in [%d, %d], want from %d", tb.Name, b, col, first, last, next)
			}
			next = last + 1
			at := slices.Index(tb.Columns, col)
			for _, r := range tb.Batch(fixtureSeed, b) {
				if v := r[at].(int64); v < first || v > last {
					t.Fatalf("%s: batch %d writes %s %d outside [%d, %d]", tb.Name, b, col, v, first, last)
				}
			}
		}
	}
}
