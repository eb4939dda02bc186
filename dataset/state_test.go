package dataset

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
		func(n string) (string, error) {
			if exists[n] {
				return n, nil
			}
			return "", nil
		})
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

// TestNewStateReportsFoundNames: a foreign object is reported the way the
// store names it (Redis: a key found for a pattern), a claimed one by name.
func TestNewStateReportsFoundNames(t *testing.T) {
	stamps := []*db.Stamp{{Dataset: "other", Objects: []string{"idx"}}}
	st, err := NewState("kv", []string{"idx", "user* keys listed in idx"}, stamps, func(n string) (string, error) {
		if n == "idx" {
			return n, nil
		}
		return "user42 (and other user* keys)", nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Stamp != nil || st.Claimed["idx"] != "other" || len(st.Foreign) != 1 || st.Foreign[0] != "user42 (and other user* keys)" {
		t.Errorf("state %+v", st)
	}
}

func TestNeeds(t *testing.T) {
	for _, tc := range []struct {
		models []Model
		want   string
	}{
		{nil, ""},
		{[]Model{fake("a SQL database")}, "a SQL database"},
		{[]Model{fake("a SQL database"), fake("MongoDB")}, "a SQL database or MongoDB"},
		{[]Model{fake("a SQL database"), fake("Redis"), fake("MongoDB")}, "a SQL database, Redis or MongoDB"},
	} {
		if got := New("d", "w", nil, tc.models...).needs(); got != tc.want {
			t.Errorf("needs = %q, want %q", got, tc.want)
		}
	}
}

// fake is a model of a family no connection has.
type fake string

func (f fake) Needs() string                { return string(f) }
func (fake) Names() []string                { return nil }
func (fake) Bind(db.Conn) (Store, bool)     { return nil, false }
func (fake) Plan(db.Conn) ([]Object, error) { return nil, nil }
