package catalog

import (
	"slices"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/sys"
	"github.com/dbgauge/dbgauge/workload"
)

func sysTests() []workload.Workload { return sys.Tests() }

// TestCatalog: names are unique, and an option shared by several workloads
// has one kind everywhere (the command line registers it once).
func TestCatalog(t *testing.T) {
	names := map[string]bool{}
	kinds := map[string]string{}
	for _, w := range Workloads() {
		m := w.Meta()
		if names[m.Name] || m.Name == "" || m.Description == "" || m.Family == "" {
			t.Errorf("workload %q: duplicate or incomplete meta %+v", m.Name, m)
		}
		names[m.Name] = true
		for _, o := range w.Options() {
			if k, ok := kinds[o.Name]; ok && k != o.Kind.String() {
				t.Errorf("option --%s is %s in %s but %s elsewhere", o.Name, o.Kind, m.Name, k)
			}
			kinds[o.Name] = o.Kind.String()
		}
	}
	schemes := map[string]bool{}
	for _, d := range Drivers() {
		for _, s := range d.Schemes() {
			if schemes[s] {
				t.Errorf("scheme %s claimed twice", s)
			}
			schemes[s] = true
			if got, ok := DriverFor(s); !ok || got.Name() != d.Name() {
				t.Errorf("DriverFor(%s) = %v", s, got)
			}
		}
	}
}

// TestEveryWorkloadReadsOnlyItsOptions configures every workload with its
// defaults, and with each option set, through workload.Configure: a
// workload that reads an option it does not declare (a misspelt name would
// read as zero) fails here.
func TestEveryWorkloadReadsOnlyItsOptions(t *testing.T) {
	for _, w := range append(Workloads(), sysTests()...) {
		v, err := workload.ParseValues(w.Options(), nil)
		if err != nil {
			t.Errorf("%s: defaults do not parse: %v", w.Meta().Name, err)
			continue
		}
		inst, err := workload.Configure(w, v, workload.Params{Users: 2})
		if err != nil {
			t.Errorf("%s: %v", w.Meta().Name, err)
			continue
		}
		if len(inst.Transactions()) == 0 {
			t.Errorf("%s declares no transaction type", w.Meta().Name)
		}
	}
}

// TestMisspeltOptionFails: the check above can fail.
func TestMisspeltOptionFails(t *testing.T) {
	v, err := workload.ParseValues(misspelt{}.Options(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := workload.Configure(misspelt{}, v, workload.Params{Users: 1}); err == nil || !strings.Contains(err.Error(), "tabel-size") {
		t.Errorf("a workload reading --tabel-size configured without an error (%v)", err)
	}
}

type misspelt struct{ workload.Workload }

func (misspelt) Meta() workload.Meta { return workload.Meta{Name: "misspelt"} }
func (misspelt) Options() []workload.Option {
	return []workload.Option{{Name: "table-size", Kind: workload.Int, Default: "10"}}
}
func (misspelt) Configure(v workload.Values, _ workload.Params) (workload.Instance, error) {
	_ = v.Int("tabel-size")
	return nil, nil
}

func TestOptionOwners(t *testing.T) {
	owners := OptionOwners("record-count")
	if len(owners) == 0 || !strings.HasPrefix(owners[0], "kv") {
		t.Errorf("record-count's owners: %v", owners)
	}
	for _, o := range owners {
		w, _ := Workload(o)
		if !slices.ContainsFunc(w.Options(), func(opt workload.Option) bool { return opt.Name == "record-count" }) {
			t.Errorf("%s has no --record-count", o)
		}
	}
	if got := OptionOwners("no-such-option"); got != nil {
		t.Errorf("an unknown option's owners: %v", got)
	}
}

func TestDriverNames(t *testing.T) {
	names := DriverNames()
	drivers := Drivers()
	if len(names) != len(drivers) {
		t.Fatalf("%d names for %d drivers", len(names), len(drivers))
	}
	for i, d := range drivers {
		if names[i] != d.Name() {
			t.Errorf("name %d: %q, want %q", i, names[i], d.Name())
		}
	}
}
