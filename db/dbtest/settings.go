package dbtest

import (
	"context"
	"errors"
	"testing"

	"github.com/dbgauge/dbgauge/db"
)

// SettingCase is one server setting that a driver's test changes and puts
// back. Tests share their servers with other tests running at the same
// time: each test picks a setting no other test changes, and one whose
// value cannot disturb them (a logging threshold, a memory budget).
type SettingCase struct {
	Name, Value string
	// InForce is the value the server shows once Value is set ("64MB").
	InForce string
	// See reads the setting on a connection as a run's connection sees it
	// (SHOW, @@name, PRAGMA).
	See func(ctx context.Context, c db.Conn) (string, error)
	// Run opens a connection as the run's are opened after the change;
	// nil: as open does (a server's setting reaches every new connection).
	Run Opener
}

// Settings checks a driver's db.Settings on a real database: a setting is
// read, changed, seen by a new connection, put back, and seen as before
// by a new connection; an unknown setting is a *db.SettingError that
// changes nothing.
func Settings(t *testing.T, open Opener, sc SettingCase) {
	t.Helper()
	ctx := context.Background()
	conn := func() db.Conn {
		t.Helper()
		c, err := open(ctx)
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	ctl, ok := conn().(db.Settings)
	if !ok {
		t.Fatal("the connection does not implement db.Settings")
	}
	var se *db.SettingError
	if _, err := ctl.ReadSetting(ctx, "dbgauge_no_such_setting"); !errors.As(err, &se) {
		t.Errorf("an unknown setting: %v, want a *db.SettingError", err)
	}
	prior, err := ctl.ReadSetting(ctx, sc.Name)
	if err != nil {
		t.Fatalf("read %s: %v", sc.Name, err)
	}
	if prior.Value == sc.InForce {
		t.Fatalf("%s is already %s: the test changes nothing", sc.Name, sc.InForce)
	}
	inForce, err := ctl.ChangeSetting(ctx, sc.Name, sc.Value)
	if err != nil {
		t.Fatalf("change %s to %s: %v", sc.Name, sc.Value, err)
	}
	restored := false
	t.Cleanup(func() {
		if !restored {
			ctl.RestoreSetting(context.Background(), prior)
		}
	})
	if inForce != sc.InForce {
		t.Errorf("%s in force: %q, want %q", sc.Name, inForce, sc.InForce)
	}
	runOpen := sc.Run
	if runOpen == nil {
		runOpen = open
	}
	rc, err := runOpen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := sc.See(ctx, rc)
	rc.Close()
	if err != nil || got != sc.InForce {
		t.Errorf("a new connection sees %s = %q (%v), want %q", sc.Name, got, err, sc.InForce)
	}
	if err := ctl.RestoreSetting(ctx, prior); err != nil {
		t.Fatalf("restore %s: %v", sc.Name, err)
	}
	restored = true
	got, err = sc.See(ctx, conn())
	if err != nil || got != prior.Value {
		t.Errorf("after restoring, a new connection sees %s = %q (%v), want %q", sc.Name, got, err, prior.Value)
	}
}
