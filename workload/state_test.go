package workload

import (
	"testing"

	"github.com/dbgauge/dbgauge/db"
)

func TestNewState(t *testing.T) {
	stamps := []*db.Stamp{
		{Dataset: "oltp", Objects: []string{"sbtest1", "sbtest2"}},
		{Dataset: "bulk_insert", Objects: []string{"sbtest3"}},
	}
	exists := map[string]bool{"sbtest1": true, "sbtest2": true, "sbtest3": true, "sbtest4": true}
	st, err := NewState("oltp", []string{"sbtest1", "sbtest2", "sbtest3", "sbtest4", "sbtest5"}, stamps,
		func(n string) (bool, error) { return exists[n], nil })
	if err != nil {
		t.Fatal(err)
	}
	if st.Stamp == nil || st.Stamp.Dataset != "oltp" {
		t.Errorf("own stamp %+v", st.Stamp)
	}
	if st.Claimed["sbtest3"] != "bulk_insert" || len(st.Claimed) != 1 {
		t.Errorf("claimed %v, want sbtest3 by bulk_insert", st.Claimed)
	}
	if len(st.Foreign) != 1 || st.Foreign[0] != "sbtest4" {
		t.Errorf("foreign %v, want [sbtest4] (sbtest5 does not exist)", st.Foreign)
	}
}
