package kv

import (
	"testing"

	"github.com/dbgauge/dbgauge/workload"
)

// TestFigures: the kv figures count records: a HandlerSocket read of
// --batch-size pipelined gets counts --batch-size gets, an SQL read one
// whatever --batch-size says (SQL reads are single), an insert
// --batch-size records; kv_get's and kv_insert's figure is their
// throughput, a mix's is not.
func TestFigures(t *testing.T) {
	t.Parallel()
	counts := workload.Counts{Seconds: 2, Types: make([]workload.TypeCounts, len(txns))}
	counts.Types[txRead].Count, counts.Types[txInsert].Count, counts.Types[txUpdate].Count = 100, 30, 50
	byName := map[string]workload.Workload{}
	for _, w := range Workloads() {
		byName[w.Meta().Name] = w
	}
	type fig struct {
		name       string
		value      float64
		throughput bool
	}
	for _, c := range []struct {
		workload string
		opts     map[string]string
		want     []fig
	}{
		{"kv_get", map[string]string{"batch-size": "10", "mysql-access": "handlersocket"}, []fig{{"gets", 500, true}}},
		{"kv_get", map[string]string{"batch-size": "10"}, []fig{{"gets", 50, true}}},
		{"kv_get", nil, []fig{{"gets", 50, true}}},
		{"kv_insert", map[string]string{"batch-size": "100"}, []fig{{"inserts", 1500, true}}},
		{"kv_d", map[string]string{"batch-size": "4", "mysql-access": "handlersocket"}, []fig{{"gets", 200, false}, {"inserts", 60, false}}},
		{"kv_a", nil, []fig{{"gets", 50, false}}},
		{"kv_e", nil, []fig{{"inserts", 15, false}}},
	} {
		w := byName[c.workload]
		v, err := workload.ParseValues(w.Options(), c.opts)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := workload.Configure(w, v, workload.Params{Users: 1})
		if err != nil {
			t.Fatal(err)
		}
		var got []fig
		for _, f := range inst.(workload.Figurer).Figures(counts) {
			got = append(got, fig{f.Name, f.Value, f.Throughput})
		}
		if len(got) != len(c.want) {
			t.Errorf("%s %v: figures %v, want %v", c.workload, c.opts, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s %v: figures %v, want %v", c.workload, c.opts, got, c.want)
			}
		}
	}
}
