package store

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func result(workload, driver, started string, tps float64) *results.Result {
	return &results.Result{
		Workload:  results.Workload{Name: workload},
		Target:    results.Target{Driver: driver, URL: driver + "://bench:xxxxx@h/db"},
		Run:       results.Run{Threads: 2},
		StartedAt: started, EndedAt: started,
		Totals:  results.Totals{TPS: tps, DurationS: 10},
		Latency: results.Latency{P95: 1.5, P99: 3, Max: 9},
	}
}

func TestAddListGet(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(filepath.Join(dir, "results.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a := result("oltp_read_write", "postgres", "2025-01-01T10:00:00Z", 100)
	b := result("oltp_read_write", "mysql", "2025-01-01T11:00:00Z", 200)
	c := result("kv_a", "redis", "2025-01-01T12:00:00Z", 300)
	c.Thresholds = []results.ThresholdOutcome{{Expr: "p99<1ms", Pass: false}, {Expr: "tps>1", Pass: true}}
	for i, r := range []*results.Result{a, b, c} {
		id, added, err := s.Add(r, filepath.Join(dir, fmt.Sprint("run", i)))
		if err != nil || !added || id != int64(i+1) {
			t.Fatalf("add %d: id %d, added %v, %v", i, id, added, err)
		}
	}
	// The same result again, from another folder: recorded once.
	if id, added, err := s.Add(a, filepath.Join(dir, "copy")); err != nil || added || id != 1 {
		t.Errorf("second add of the same result: id %d, added %v, %v", id, added, err)
	}
	all, err := s.List(Filter{})
	if err != nil || len(all) != 3 || all[0].ID != 1 || all[2].ID != 3 {
		t.Fatalf("list: %+v, %v", all, err)
	}
	if all[0].ThresholdsFailed != nil || all[2].ThresholdsFailed == nil || *all[2].ThresholdsFailed != 1 {
		t.Errorf("thresholds failed: %v, %v", all[0].ThresholdsFailed, all[2].ThresholdsFailed)
	}
	for _, c := range []struct {
		f   Filter
		ids []int64
	}{
		{Filter{Workload: "oltp_read_write"}, []int64{1, 2}},
		{Filter{Driver: "redis"}, []int64{3}},
		{Filter{Last: 2}, []int64{2, 3}},
		{Filter{Workload: "oltp_read_write", Last: 1}, []int64{2}},
		{Filter{Workload: "nope"}, nil},
	} {
		runs, err := s.List(c.f)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, r := range runs {
			ids = append(ids, r.ID)
		}
		if fmt.Sprint(ids) != fmt.Sprint(c.ids) {
			t.Errorf("%+v: ids %v, want %v", c.f, ids, c.ids)
		}
	}
	run, res, err := s.Get(2)
	if err != nil || run.Driver != "mysql" || res.Totals.TPS != 200 || run.Folder != filepath.Join(dir, "run1") {
		t.Errorf("get 2: %+v %+v %v", run, res, err)
	}
	if _, _, err := s.Get(9); !errors.As(err, new(*NotFoundError)) {
		t.Errorf("get 9: %v, want not found", err)
	}
	if run, _, err := s.ByFolder(filepath.Join(dir, "run2")); err != nil || run.ID != 3 {
		t.Errorf("by folder: %+v %v", run, err)
	}
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	if _, err := OpenExisting(filepath.Join(dir, "none.sqlite")); !errors.As(err, new(*MissingError)) {
		t.Errorf("missing store: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none.sqlite")); err == nil {
		t.Errorf("OpenExisting created the file")
	}
	if _, err := Open(filepath.Join(dir, "no", "such", "r.sqlite")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing directory: %v", err)
	}
	// Another SQLite database: never written into.
	foreign := filepath.Join(dir, "bench.db")
	db, err := sql.Open("sqlite", foreign)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE sbtest1 (id INTEGER)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := Open(foreign); err == nil || !strings.Contains(err.Error(), "not a dbgauge results store") {
		t.Errorf("foreign database: %v", err)
	}
	// A store from a newer dbgauge.
	newer := filepath.Join(dir, "newer.sqlite")
	db, _ = sql.Open("sqlite", newer)
	db.Exec(fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion+1))
	db.Close()
	if _, err := Open(newer); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("newer schema: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "bench.db")); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentAdd: writers on their own connections, as separate
// processes are, all succeed, including creating the store at once.
func TestConcurrentAdd(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.sqlite")
	const writers, each = 8, 5
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(path)
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			for i := range each {
				r := result("oltp_read_write", "sqlite", fmt.Sprintf("2025-01-01T10:%02d:%02dZ", w, i), float64(w))
				if _, _, err := s.Add(r, fmt.Sprint("f", w, i)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if runs, err := s.List(Filter{}); err != nil || len(runs) != writers*each {
		t.Errorf("%d runs recorded (%v), want %d", len(runs), err, writers*each)
	}
}
