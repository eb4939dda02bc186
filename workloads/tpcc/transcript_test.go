package tpcc

import (
	"context"
	"flag"
	"testing"

	"github.com/dbgauge/dbgauge/workload/wltest"
)

var update = flag.Bool("update", false, "rewrite testdata/transcript.txt")

// TestTranscript pins what 300 transactions of one user do on SQLite (the
// fixture's data, seed 5): each one's type and statements, in order. A
// change to the statements a transaction runs shows as a diff here; a
// refactoring must leave the file as it is.
func TestTranscript(t *testing.T) {
	tg := fx.SQLite(t)
	conn, err := tg.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	got := wltest.Transcript(t, configureT(1), conn, wltest.Options{Driver: tg.Driver.Name(), Users: 1, Seed: 5}, 300)
	wltest.CheckGolden(t, "testdata/transcript.txt", got, *update)
}
