package bookstore

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/workload/wltest"
)

var update = flag.Bool("update", false, "rewrite testdata/transcript.txt")

// TestTranscript pins what 500 interactions of one browser do on SQLite
// (the fixture's data, seed 5, a clock that stands still so that no
// session runs out): each one's type and statements, in order. A change to
// the statements an interaction runs shows as a diff here; a refactoring
// must leave the file as it is.
func TestTranscript(t *testing.T) {
	tg := fx.SQLite(t)
	conn, err := tg.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	in := configureT(nil)
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	in.now = func() time.Time { return at }
	got := wltest.Transcript(t, in, conn, wltest.Options{Driver: tg.Driver.Name(), Users: 1, Seed: 5}, 500)
	wltest.CheckGolden(t, "testdata/transcript.txt", got, *update)
}
