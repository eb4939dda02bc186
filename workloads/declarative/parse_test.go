package declarative

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/workload"
)

// TestExamples loads every workload file shipped in examples/workloads:
// none may have a problem, and each declares options and transactions.
func TestExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(examplesFromHere, "*.y*ml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("want at least two examples in %s, found %v", examplesDir, files)
	}
	for _, path := range files {
		w, err := Load(path)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		m := w.Meta()
		if m.Family != "spec" || m.Name == "" || strings.Contains(m.Name, "/") {
			t.Errorf("%s: meta %+v", path, m)
		}
		v, err := workload.ParseValues(w.Options(), nil)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		inst, err := workload.Configure(w, v, workload.Params{Users: 1})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if len(inst.Transactions()) == 0 || len(inst.Ops()) == 0 || len(inst.Dataset().Objects()) == 0 {
			t.Errorf("%s: empty instance", path)
		}
	}
}

// badFile has one problem of each kind on its own line.
const badFile = `name: bad/name
options:
  rows: {type: int, default: 10}
  ratio: {type: decimal, default: 1}
  time: {type: int, default: 1}
tables:
  - name: t1
    columns:
      id: {type: int, gen: {sequence: 1}}
      v: {type: varchar(10), gen: {gaussian_blur: [1, 2]}}
      w: {type: money, gen: {uniform: [1, "${rows}"]}}
      x: {type: int, gen: {uniform: [1, "${nope}"]}}
      y: int
    primary_key: [id]
    rows: ${rows}
  - name: t1
    columns:
      id: serial
transactions:
  - name: a
    weight: 0
    statements:
      - sql: SELECT v FROM t1 WHERE id = :missing
      - sql: "  "
  - name: a
    weight: 1
    think: soon
    statements:
      - name: dup
        sql: SELECT 1
      - name: dup
        sql: UPDATE t1 SET v = :v WHERE id = :id
        params:
          id: {uniform: [1, 10]}
`

// TestErrorsAllAtOnce checks that a file with many problems reports each
// of them, FILE:LINE: message, in line order.
func TestErrorsAllAtOnce(t *testing.T) {
	_, err := Parse("bad.yaml", []byte(badFile))
	var errs *Errors
	if !errors.As(err, &errs) {
		t.Fatalf("want *Errors, got %v", err)
	}
	want := []string{
		"bad.yaml:1: name \"bad/name\" must be",
		"bad.yaml:4: option ratio: unknown type \"decimal\"",
		"bad.yaml:5: option \"time\" is a common option",
		"bad.yaml:10: column v: unknown generator \"gaussian_blur\"",
		"bad.yaml:11: column w: unknown column type \"money\"",
		"bad.yaml:12: ${nope} refers to no option",
		"bad.yaml:13: column y of table t1 has no generator",
		"bad.yaml:16: table \"t1\" is declared twice",
		"bad.yaml:21: the weight of a must be 1 to 1000, got 0",
		"bad.yaml:23: statement a.1: :missing is neither a parameter",
		"bad.yaml:24: statement a.2 has no SQL",
		"bad.yaml:25: transaction \"a\" is declared twice",
		"bad.yaml:27: think: ",
		"bad.yaml:31: statement name \"dup\" is used twice",
		"bad.yaml:32: statement dup: :v is neither a parameter",
	}
	text := err.Error()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("missing %q in:\n%s", w, text)
		}
	}
	for i := 1; i < len(errs.List); i++ {
		if errs.List[i].Line < errs.List[i-1].Line {
			t.Errorf("not in line order:\n%s", text)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "bad.yaml:") {
			t.Errorf("line without FILE:LINE: %q", line)
		}
	}
}

func TestSmallErrors(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"", "bad.yaml:1: the file is empty"},
		{"name: [", "bad.yaml:1: not valid YAML"},
		{"name: x\n", "bad.yaml:1: no transactions"},
		{"name: x\nfoo: 1\ntransactions: []\n", "bad.yaml:2: unknown key \"foo\""},
		{"name: x\ntransactions:\n  - name: a\n    statements:\n      - {pause: 1s}\n", "bad.yaml:3: transaction a has only pauses"},
		{"name: x\ntransactions:\n  - name: a\n    statements:\n      - sql: SELECT ?\n", "bad.yaml:5: statement a.1: write parameters as :name"},
		{"name: x\ntransactions:\n  - name: a\n    params: {k: {uniform: [1, 2]}}\n    statements:\n      - SELECT 1\n", "bad.yaml:4: parameter k of a is used by none"},
		{"name: x\ntransactions:\n  - name: a\n    statements:\n      - sql: SELECT 1 FROM t WHERE a = :a\n        params: {a: {zipfian: {min: 1, max: 10, theta: 1.5}}}\n", "bad.yaml:6: zipfian: theta must be"},
		{"name: x\ntransactions:\n  - name: a\n    statements:\n      - sql: SELECT 1\n        returning: id\n", "bad.yaml:6: returning is for an INSERT"},
		{"name: x\noptions:\n  n: {type: int, default: abc}\ntransactions: []\n", "bad.yaml:3: option n: the default"},
	} {
		_, err := Parse("bad.yaml", []byte(c.file))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: want %q, got %v", c.file, c.want, err)
		}
	}
}

func TestBindNames(t *testing.T) {
	for _, c := range []struct{ in, out, names string }{
		{"SELECT a FROM t WHERE id = :id AND b = :b", "SELECT a FROM t WHERE id = ? AND b = ?", "id,b"},
		{"SELECT ':no', x::int, \"a:b\" FROM t WHERE c=:c1", "SELECT ':no', x::int, \"a:b\" FROM t WHERE c=?", "c1"},
		{"SELECT 1 -- :comment\nFROM t WHERE a = :a", "SELECT 1 -- :comment\nFROM t WHERE a = ?", "a"},
	} {
		out, names, err := bindNames(c.in)
		if err != nil || out != c.out || strings.Join(names, ",") != c.names {
			t.Errorf("%q: got %q %v %v", c.in, out, names, err)
		}
	}
	if _, _, err := bindNames("SELECT 'open"); err == nil {
		t.Error("an open quote is accepted")
	}
}

func TestIntExpr(t *testing.T) {
	for in, want := range map[string]int64{"10": 10, "2 * 3 + 1": 7, "(1 + 2) * 3": 9, "10 / 3": 3, "-4 + 10 % 4": -2, "1_000": 1000} {
		if got, err := intExpr(in); err != nil || got != want {
			t.Errorf("%q: got %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1 +", "a", "1 / 0", "(1"} {
		if _, err := intExpr(in); err == nil {
			t.Errorf("%q is accepted", in)
		}
	}
}

func TestColumnTypes(t *testing.T) {
	for in, want := range map[string]string{"int": "INTEGER", "bigint": "BIGINT", "decimal(12,2)": "DECIMAL(12,2)",
		"varchar(40)": "VARCHAR(40)", "char(3)": "CHAR(3)", "text": "TEXT", "bool": "BOOLEAN", "Serial": "{serial}", "timestamp": "{ts}"} {
		if got, _, _, err := columnType(in); err != nil || got != want {
			t.Errorf("%q: got %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"money", "varchar", "decimal(50,2)", "int(4)", "varchar(0)"} {
		if _, _, _, err := columnType(in); err == nil {
			t.Errorf("%q is accepted", in)
		}
	}
}

func TestDeckFollowsWeights(t *testing.T) {
	d := newDeck([]int{40, 20, 40})
	if len(d.cards) != 5 {
		t.Fatalf("deck of %d cards, want 5", len(d.cards))
	}
	r := testRand()
	counts := make([]int, 3)
	for range 5000 {
		counts[d.deal(r)]++
	}
	if counts[0] != 2000 || counts[1] != 1000 || counts[2] != 2000 {
		t.Errorf("counts %v", counts)
	}
}

func TestOptionsAreTheFiles(t *testing.T) {
	w, err := Parse("x.yaml", []byte("name: x\noptions:\n  rows: {type: int, default: 5, min: 1, help: the rows}\n  mode: {type: string, default: a, choices: [a, b]}\n  on: {type: bool, default: true}\n  f: {type: float, default: 0.5}\ntransactions:\n  - name: t\n    statements: [SELECT 1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	opts := w.Options()
	if len(opts) != 4 || opts[0].Name != "rows" || opts[0].Kind != workload.Int || opts[0].Min != 1 || opts[0].Help != "the rows" ||
		opts[1].Kind != workload.Enum || opts[2].Kind != workload.Bool || opts[3].Kind != workload.Float {
		t.Errorf("options %+v", opts)
	}
	if _, err := workload.ParseValues(opts, map[string]string{"rows": "0"}); err == nil {
		t.Error("--rows 0 is accepted below min 1")
	}
}
