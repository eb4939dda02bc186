package session

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/catalog"
)

func TestPlanSweep(t *testing.T) {
	w, ok := catalog.Workload("oltp_point_select")
	if !ok {
		t.Fatal("no oltp_point_select")
	}
	words := func(err error) string {
		var se *SettingError
		if !errors.As(err, &se) || KindOf(err) != Usage {
			return "not a usage SettingError: " + err.Error()
		}
		return se.Words(func(s string) string { return "--" + s })
	}
	over, users, err := PlanSweep(w, "1,2,4", nil, []string{"sqlite:a"}, PrepareReplace)
	if err != nil || users != 1 || !reflect.DeepEqual(over, SweepOver{"threads", []string{"1", "2", "4"}}) {
		t.Errorf("threads: %+v, %d, %v", over, users, err)
	}
	over, users, err = PlanSweep(w, "8", map[string]string{"table-size": "100,1000", "tables": "2,3"}, nil, PrepareReplace)
	if err != nil || users != 8 || !reflect.DeepEqual(over, SweepOver{"table-size", []string{"100", "1000"}}) {
		t.Errorf("data sizes: %+v, %d, %v", over, users, err)
	}
	for _, c := range []struct {
		threads, size string
		dbs           []string
		prepare, want string
	}{
		{"1,x", "", nil, PrepareReplace, `--threads: "x" is not a positive whole number (give a comma list such as 1,2,4,8)`},
		{"1", "10,0", nil, PrepareReplace, `--table-size: "0" is not a positive whole number (give a comma list such as 1,2,4,8)`},
		{"1", "", []string{"a"}, PrepareReplace, "sweep needs a list to go over: --threads 1,2,4,8, --table-size 1000,10000, --record-count …, or several --db"},
		{"1,2", "", []string{"a", "b"}, PrepareReplace, "sweep varies one parameter at a time, got lists for --threads and --db; use `dbgauge experiment` for a matrix"},
		{"1,2", "", nil, "sometimes", `--prepare-policy must be one of ` + strings.Join(PreparePolicies, ", ") + `, got "sometimes"`},
	} {
		opts := map[string]string{}
		if c.size != "" {
			opts["table-size"] = c.size
		}
		if _, _, err := PlanSweep(w, c.threads, opts, c.dbs, c.prepare); err == nil || words(err) != c.want {
			t.Errorf("%+v: %v, want %q", c, err, c.want)
		}
	}
}

func TestCountList(t *testing.T) {
	got, err := countList("threads", "1, 2,8")
	if err != nil || !reflect.DeepEqual(got, []int{1, 2, 8}) {
		t.Fatalf("countList = %v, %v", got, err)
	}
	for _, bad := range []string{"0", "1,x", "", "2,-1"} {
		if _, err := countList("threads", bad); err == nil || KindOf(err) != Usage {
			t.Errorf("countList(%q) = %v; want a usage error", bad, err)
		}
	}
}

// NewSweep makes one checked Spec per step, and stops at the first bad
// step with the good ones before it.
func TestNewSweep(t *testing.T) {
	w, _ := catalog.Workload("oltp_point_select")
	in := NewInputs()
	in.DB = "sqlite:" + t.TempDir() + "/a.db"
	in.Options = map[string]string{"table-size": " 100,1000"}
	sp, err := NewSweep(*in, w, "oltp_point_select", "2", nil)
	if err != nil || len(sp.Specs) != 2 || sp.Param != "table-size" {
		t.Fatalf("sizes: %+v, %v", sp, err)
	}
	for i, want := range []string{"100", "1000"} {
		if s := sp.Specs[i]; s.Users != 2 || s.Workload != "oltp_point_select" || s.Options["table-size"] != want {
			t.Errorf("step %d: users %d, workload %q, options %v", i, s.Users, s.Workload, s.Options)
		}
	}
	if in.Options["table-size"] != " 100,1000" {
		t.Errorf("the inputs' options changed: %v", in.Options)
	}
	sp, err = NewSweep(*NewInputs(), w, "oltp_point_select", "1", []string{in.DB, "foo://x"})
	if err == nil || len(sp.Specs) != 1 || sp.Specs[0].Target != in.DB {
		t.Errorf("bad last target: %d steps, %v", len(sp.Specs), err)
	}
}
