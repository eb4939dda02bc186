package orderentry

import (
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

func TestWeights(t *testing.T) {
	t.Parallel()
	w, err := parseWeights(defaultWeights())
	if err != nil {
		t.Fatal(err)
	}
	want := [numTxns]int{15, 10, 50, 40, 5, 5, 0, 0, 0}
	if w != want {
		t.Errorf("defaults %v, want Swingbench's %v", w, want)
	}
	w, err = parseWeights("bp=60, OP=20,sales_rep_query=2")
	if err != nil {
		t.Fatal(err)
	}
	if w[txBrowseProducts] != 60 || w[txNewOrder] != 20 || w[txSalesRepQuery] != 2 || w[txNewCustomer] != 15 {
		t.Errorf("BP=60,OP=20,SQ=2 over the defaults gave %v", w)
	}
	for in, msg := range map[string]string{
		"XX=1":                            `no transaction "XX"`,
		"BP=-1":                           "whole number from 0 to 1000",
		"BP=1.5":                          "whole number",
		"BP":                              "CODE=WEIGHT",
		"NCR=0,UCD=0,BP=0,OP=0,PO=0,BO=0": "every transaction off",
	} {
		if _, err := parseWeights(in); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("--weights %q: %v, want an error with %q", in, err, msg)
		}
	}
}

func TestBadOptions(t *testing.T) {
	t.Parallel()
	for opts, msg := range map[string]map[string]string{
		"above --max-delay":       {"min-delay": "10", "max-delay": "5"},
		"above --inter-max-delay": {"inter-min-delay": "2s", "inter-max-delay": "1s"},
		"must be above 0":         {"scale": "0"},
		"must not be negative":    {"max-delay": "-1"},
		"wants a duration":        {"max-delay": "soon"},
		"--warehouses must be":    {"warehouses": "0"},
		"the least is":            {"scale": "0.00001"},
	} {
		v, err := workload.ParseValues(Workload.Options(), msg)
		if err == nil {
			_, err = Workload.Configure(v, workload.Params{Users: 1})
		}
		if err == nil || !strings.Contains(err.Error(), opts) {
			t.Errorf("%v: %v, want an error with %q", msg, err, opts)
		}
	}
}

func TestParseDelay(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]time.Duration{"0": 0, "20": 20 * time.Millisecond, "1.5s": 1500 * time.Millisecond, "250ms": 250 * time.Millisecond} {
		if got, err := parseDelay("min-delay", in); err != nil || got != want {
			t.Errorf("parseDelay(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
}

// TestDeck: every pass of sum(weights) cards holds each type exactly as
// often as its weight, whatever the shuffle.
func TestDeck(t *testing.T) {
	t.Parallel()
	w := [numTxns]int{15, 10, 50, 40, 5, 5, 2, 0, 1}
	d := newDeck(w)
	r := randgen.New(3)
	total := 0
	for _, n := range w {
		total += n
	}
	for pass := range 5 {
		var got [numTxns]int
		for range total {
			got[d.deal(r)]++
		}
		if got != w {
			t.Fatalf("pass %d dealt %v, want %v", pass, got, w)
		}
	}
}

// TestOwners: every address and card belongs to a customer, every customer
// has one or two, and its preferred one is its first.
func TestOwners(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ customers, children int64 }{{100, 150}, {200, 300}, {1000000, 1500000}, {7, 11}, {5, 5}} {
		per := map[int64]int64{}
		for a := int64(1); a <= c.children; a++ {
			o := owner(a, c.children, c.customers)
			if o < 1 || o > c.customers {
				t.Fatalf("%v: child %d belongs to customer %d", c, a, o)
			}
			if per[o] == 0 && firstChild(o, c.children, c.customers) != a {
				t.Fatalf("%v: customer %d's first child is %d, firstChild says %d", c, o, a, firstChild(o, c.children, c.customers))
			}
			per[o]++
		}
		if int64(len(per)) != c.customers {
			t.Errorf("%v: %d customers have children", c, len(per))
		}
		for o, n := range per {
			if n < 1 || n > 2 {
				t.Errorf("%v: customer %d has %d", c, o, n)
			}
		}
	}
}

// TestNormal: draws stay in range and gather at the middle.
func TestNormal(t *testing.T) {
	t.Parallel()
	r := randgen.New(5)
	mid := 0
	for range 10000 {
		v := normal(r, 1, 10)
		if v < 1 || v > 10 {
			t.Fatalf("normal(1, 10) gave %d", v)
		}
		if v >= 4 && v <= 7 {
			mid++
		}
	}
	// 4..7 is what rounds from 3.5..7.5, within 1.33 standard deviations
	// (1.5) of the mean 5.5: 81.6% before the redraws of the tails.
	if mid < 7800 || mid > 8500 {
		t.Errorf("%d of 10000 draws in 4..7, want about 82%%", mid)
	}
}
