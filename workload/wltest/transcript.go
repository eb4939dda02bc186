package wltest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// Transcript runs n transactions of one user on conn, as Run does, and
// returns the instance's operations (name, class and verb, a line each),
// then what each transaction did, a line each: its type, then its statements in the
// order it ran them (a run of the same statement as name*count, a failed
// one with a "!", a pause as its duration), then how it ended when not by
// returning nil. For a fixed seed on data that a fixed seed prepared, it is
// the workload's behaviour: a golden file of it catches a change to the
// statements a transaction runs, their order or their number (CheckGolden).
func Transcript(t testing.TB, inst workload.Instance, conn db.Conn, o Options, n int) string {
	t.Helper()
	ctx := context.Background()
	s, u := start(t, inst, conn, o)
	ops, types := inst.Ops(), inst.Transactions()
	rec := &recorder{sess: s, ops: ops}
	var b strings.Builder
	for _, op := range ops {
		fmt.Fprintf(&b, "op %s %s", op.Name, op.Class)
		if op.Verb != workload.NoVerb {
			b.WriteString(" " + op.Verb.String())
		}
		b.WriteString("\n")
	}
	for range n {
		typ := u.Next()
		rec.steps = rec.steps[:0]
		err := u.Run(ctx, rec)
		b.WriteString(types[typ].Name + ":")
		for i := 0; i < len(rec.steps); {
			j := i + 1
			for j < len(rec.steps) && rec.steps[j] == rec.steps[i] {
				j++
			}
			b.WriteString(" " + rec.steps[i])
			if j-i > 1 {
				fmt.Fprintf(&b, "*%d", j-i)
			}
			i = j
		}
		switch {
		case err == nil:
		case errors.Is(err, workload.ErrRollback):
			b.WriteString(" -> expected rollback")
		default:
			fmt.Fprintf(&b, " -> error: %v", err)
		}
		b.WriteString("\n")
	}
	rec.sess.Close(ctx)
	return b.String()
}

// recorder is a workload.Tx that writes down the statements and pauses.
type recorder struct {
	sess  workload.Session
	ops   []workload.Op
	steps []string
}

func (r *recorder) Session() workload.Session { return r.sess }
func (r *recorder) Begin() workload.Mark      { return 0 }
func (r *recorder) End(op workload.OpID, _ workload.Mark, err error) {
	name := r.ops[op].Name
	if err != nil {
		name += "!"
	}
	r.steps = append(r.steps, name)
}
func (r *recorder) Pause(d time.Duration) bool {
	r.steps = append(r.steps, "pause("+d.String()+")")
	return true
}
func (r *recorder) Think(d time.Duration) { r.steps = append(r.steps, "think("+d.String()+")") }
func (r *recorder) Attempt() int          { return 0 }
func (r *recorder) Reopen(context.Context) (workload.Session, error) {
	r.steps = append(r.steps, "reopen")
	return r.sess, nil
}

// CheckGolden compares got with the golden file at path, or with update
// writes it.
func CheckGolden(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		g, w := "", ""
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("differs from %s at line %d (-update rewrites it; review the diff):\nwant: %s\ngot:  %s", path, i+1, w, g)
		}
	}
}
