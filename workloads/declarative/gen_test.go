package declarative

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// genFile has one of each generator, for a parameter and a column.
const genFile = `name: gens
options:
  n: {type: int, default: 100}
tables:
  - name: g
    columns:
      id: {type: int, gen: {sequence: 10}}
      a: {type: int, gen: {uniform: [1, "${n}"]}}
      b: {type: int, gen: {gaussian: [1, "${n}"]}}
      c: {type: int, gen: {special: [1, "${n}"]}}
      d: {type: int, gen: {pareto: [1, "${n}"]}}
      e: {type: int, gen: {zipfian: {min: 1, max: "${n}", theta: 0.99}}}
      f: {type: int, gen: {zipfian: {min: 1, max: "${n}", scrambled: true}}}
      h: {type: int, gen: {latest: [1, "${n}"]}}
      i: {type: int, gen: {hotspot: {min: 1, max: "${n}", hot_set: 0.1, hot_ops: 0.9}}}
      j: {type: int, gen: {nurand: {a: 255, x: 1, y: "${n}"}}}
      k: {type: float, gen: {float: {min: 1, max: 2, decimals: 3}}}
      l: {type: bool, gen: {bool: 0.5}}
      m: {type: char(7), gen: {string: "##-@@@@"}}
      o: {type: varchar(200), gen: {random_string: [70, 150]}}
      p: {type: varchar(5), gen: {choice: [x, y, 3]}}
      q: {type: timestamp, gen: {now: true}}
      r: {type: int, gen: {value: "${n}"}}
      s: {type: int, gen: {null: true}}
      t: {type: int, gen: 7}
    primary_key: [id]
    rows: ${n} * 2
transactions:
  - name: x
    statements:
      - sql: INSERT INTO g (id) VALUES (:id)
        params: {id: {sequence: 1000}}
`

func TestGenerators(t *testing.T) {
	w, err := Parse("gens.yaml", []byte(genFile))
	if err != nil {
		t.Fatal(err)
	}
	in := configureFile(t, w, map[string]string{"n": "50"}, workload.Shard{})
	tb := in.p.tables[0]
	if tb.rows != 100 || tb.seqStart == nil || *tb.seqStart != 10 {
		t.Fatalf("rows %d, sequence start %v", tb.rows, tb.seqStart)
	}
	st := tb.sqlTable(0)
	rows := st.Batch(1, 0)
	if len(rows) != 100 {
		t.Fatalf("%d rows", len(rows))
	}
	for i, row := range rows {
		if row[0] != int64(10+i) {
			t.Fatalf("row %d: id %v", i, row[0])
		}
		for c := 1; c <= 9; c++ {
			if v, ok := row[c].(int64); !ok || v < 1 || v > 50 {
				t.Fatalf("row %d column %s: %v out of [1, 50]", i, st.Columns[c], row[c])
			}
		}
		if v := row[10].(float64); v < 1 || v > 2 {
			t.Errorf("float %v", v)
		}
		if _, ok := row[11].(bool); !ok {
			t.Errorf("bool %v", row[11])
		}
		if s := row[12].(string); len(s) != 7 || s[2] != '-' || s[0] < '0' || s[0] > '9' || s[3] < 'a' || s[3] > 'z' {
			t.Errorf("template %q", s)
		}
		if s := row[13].(string); len(s) < 70 || len(s) > 150 {
			t.Errorf("random_string of %d", len(s))
		}
		if v := row[14]; v != "x" && v != "y" && v != int64(3) {
			t.Errorf("choice %v", v)
		}
		if _, ok := row[15].(time.Time); !ok {
			t.Errorf("now %v", row[15])
		}
		if row[16] != int64(50) || row[17] != nil || row[18] != int64(7) {
			t.Errorf("constants %v %v %v", row[16], row[17], row[18])
		}
	}
	// A batch is the same whoever loads it.
	again := st.Batch(1, 0)
	for i := range rows {
		for c := range rows[i] {
			if c != 15 && rows[i][c] != again[i][c] {
				t.Fatalf("batch differs at %d/%d: %v %v", i, c, rows[i][c], again[i][c])
			}
		}
	}
	if where, args := st.Clear(0); where != "id BETWEEN ? AND ?" || args[0] != int64(10) || args[1] != int64(109) {
		t.Errorf("clear %s %v", where, args)
	}
}

// TestSequenceShards: shards of a run count apart, and users share the
// generators (go test -race).
func TestSequenceShards(t *testing.T) {
	w, err := Parse("gens.yaml", []byte(genFile))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int64]bool{}
	var mu sync.Mutex
	for shard := range 2 {
		in := configureFile(t, w, nil, workload.Shard{Index: shard, Count: 2})
		b := in.p.txns[0].steps[0].params[0]
		gens := in.p.tables[0].gens
		var wg sync.WaitGroup
		for u := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := &genCtx{r: randgen.New(uint64(u))}
				for range 500 {
					for _, g := range gens {
						g.next(c)
					}
					v := b.g.next(c).(int64)
					mu.Lock()
					if seen[v] || v < 1000 {
						t.Errorf("sequence value %d twice or below its start", v)
					}
					seen[v] = true
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
	}
	if len(seen) != 4000 {
		t.Errorf("%d values", len(seen))
	}
}

func configureFile(t *testing.T, w workload.Workload, raw map[string]string, sh workload.Shard) *instance {
	t.Helper()
	v, err := workload.ParseValues(w.Options(), raw)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: 1, Shard: sh})
	if err != nil {
		t.Fatal(err)
	}
	return inst.(*instance)
}

// TestConfigureErrorsNameTheLine: a value that makes the file wrong is
// an error at the line that uses it.
func TestConfigureErrorsNameTheLine(t *testing.T) {
	w, err := Parse("gens.yaml", []byte(genFile))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := workload.ParseValues(w.Options(), map[string]string{"n": "0"})
	_, err = w.Configure(v, workload.Params{})
	if err == nil || !strings.Contains(err.Error(), "gens.yaml:8: uniform: max 0 is below min 1") {
		t.Errorf("got %v", err)
	}
}
