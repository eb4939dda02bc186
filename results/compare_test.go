package results

import (
	"math"
	"reflect"
	"testing"
)

func TestCompareDifferences(t *testing.T) {
	base := func() *Result {
		return &Result{Workload: Workload{Name: "kv_a", Options: map[string]string{"record-count": "1000"}},
			Run: Run{Threads: 4}, Dataset: &Dataset{Shape: map[string]string{"record-count": "1000", "field-count": "10"}},
			Totals: Totals{TPS: 100}}
	}
	a, same, other := base(), base(), base()
	same.Target.Driver = "redis" // another database is what compare is for
	other.Run.Rate = 50
	other.Workload.Options["record-count"] = "2000"
	other.Dataset.Shape["record-count"] = "2000"
	other.Dataset.Shape["field-count"] = "20"
	wl := base()
	wl.Workload.Name = "kv_b"
	c := Compare([]Named{{"a", a}, {"same", same}, {"other", other}, {"wl", wl}})
	want := []string{
		"C: option record-count=2000 (A: 1000)",
		"C: dataset field-count=20 (A: 10)",
		"C: rate 50/s (A: closed loop)",
		"D: workload kv_b (A: kv_a)",
	}
	if !reflect.DeepEqual(c.Differences, want) {
		t.Errorf("differences:\n got %q\nwant %q", c.Differences, want)
	}
}

func TestCompareDeltas(t *testing.T) {
	a := &Result{Totals: Totals{TPS: 200, Errors: 0}}
	b := &Result{Totals: Totals{TPS: 150, Errors: 4}}
	c := Compare([]Named{{"a", a}, {"b", b}})
	rows := map[string]CompareRow{}
	for _, r := range c.Rows {
		rows[r.Name] = r
	}
	if d := rows["tps"].Deltas[1]; d.Abs != -50 || d.Pct != -25 || d.Noise != NoiseUnknown {
		t.Errorf("tps delta %+v, want -50, -25%%, noise unknown (no intervals)", d)
	}
	if d := rows["errors"].Deltas[1]; d.Abs != 4 || !math.IsNaN(d.Pct) {
		t.Errorf("errors delta %+v, want +4 and no percentage of zero", d)
	}
	if _, ok := rows["cpu user"]; ok {
		t.Errorf("resource rows shown for runs without resource samples")
	}
	if len(c.NoiseNotes) != 2 {
		t.Errorf("noise notes %q, want one per run without intervals", c.NoiseNotes)
	}
}
