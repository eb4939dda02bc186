package catalog

import "testing"

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
