package sqlserver

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/dbtest"
)

// TestLiveErrorClasses: on the real server, a deadlock between two
// transactions, a lock wait past SET LOCK_TIMEOUT, a duplicate key, a
// refused login and a killed session are classified as such.
func TestLiveErrorClasses(t *testing.T) {
	ctx := context.Background()
	target := dbtest.ServerURL(t, liveVar)
	a := dbtest.Open(t, Driver{}, target).(*Conn)
	b := dbtest.Open(t, Driver{}, target).(*Conn)
	table := "dbtest_sqlserver_locks"
	exec := func(c *Conn, q string, args ...any) {
		t.Helper()
		if _, err := c.Exec(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(a, dialect.DropTable(table))
	exec(a, "CREATE TABLE "+table+" (id INT NOT NULL PRIMARY KEY, n INT)")
	exec(a, "INSERT INTO "+table+" (id, n) VALUES (1, 0), (2, 0)")
	t.Cleanup(func() { a.Exec(ctx, dialect.DropTable(table)) })
	update := "UPDATE " + table + " SET n = n + 1 WHERE id = ?"

	t.Run("deadlock", func(t *testing.T) {
		for _, c := range []*Conn{a, b} {
			if err := c.BeginTx(ctx, false); err != nil {
				t.Fatal(err)
			}
		}
		exec(a, update, 1)
		exec(b, update, 2)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[0] = a.Exec(ctx, update, 2)
		}()
		time.Sleep(300 * time.Millisecond)
		_, errs[1] = b.Exec(ctx, update, 1)
		wg.Wait()
		a.Rollback(ctx)
		b.Rollback(ctx)
		if db.ClassOf(errs[0]) != db.Deadlock && db.ClassOf(errs[1]) != db.Deadlock {
			t.Fatalf("crossed updates: %v, %v; want one deadlock", errs[0], errs[1])
		}
		for _, err := range errs {
			if err != nil && db.ClassOf(err) == db.Deadlock && codeOf(err) != "1205" {
				t.Errorf("deadlock code %q, want 1205", codeOf(err))
			}
		}
	})
	t.Run("lock timeout", func(t *testing.T) {
		exec(b, "SET LOCK_TIMEOUT 500")
		if err := a.BeginTx(ctx, false); err != nil {
			t.Fatal(err)
		}
		exec(a, update, 1)
		_, err := b.Exec(ctx, update, 1)
		a.Rollback(ctx)
		// SQL Server's 1222; Babelfish passes PostgreSQL's error on as
		// its unmapped number.
		if want := map[bool]string{false: "1222", true: "33557097"}[a.isBabelfish]; db.ClassOf(err) != db.LockTimeout || codeOf(err) != want {
			t.Fatalf("a blocked update: %v (class %v, code %s), want lock_wait_timeout 1222", err, db.ClassOf(err), codeOf(err))
		}
		exec(b, "SET LOCK_TIMEOUT -1")
	})
	t.Run("duplicate key", func(t *testing.T) {
		_, err := a.Exec(ctx, "INSERT INTO "+table+" (id, n) VALUES (?, 0)", 1)
		if db.ClassOf(err) != db.DuplicateKey || codeOf(err) != "2627" {
			t.Fatalf("a duplicate key: %v (class %v, code %s), want duplicate_key 2627", err, db.ClassOf(err), codeOf(err))
		}
	})
	t.Run("login failed", func(t *testing.T) {
		bad := *target.URL
		bad.User = urlUser(target.URL.User.Username(), "not-"+target.Password())
		wrong, err := db.ParseURL(bad.String())
		if err != nil {
			t.Fatal(err)
		}
		_, err = Driver{}.Open(ctx, wrong)
		var ce *db.ConnectError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "Login failed") || !strings.Contains(err.Error(), "18456") {
			t.Fatalf("a wrong password: %v, want a ConnectError saying Login failed (error 18456)", err)
		}
		if strings.Contains(err.Error(), target.Password()) {
			t.Errorf("the password is in %q", err)
		}
	})
	t.Run("connection lost", func(t *testing.T) {
		v := dbtest.Open(t, Driver{}, target).(*Conn)
		rows, err := v.QueryStrings(ctx, "SELECT @@SPID")
		if err != nil {
			t.Fatal(err)
		}
		exec(a, "KILL "+rows[0][0])
		_, err = v.QueryStrings(ctx, "SELECT 1")
		if db.ClassOf(err) != db.ConnectionLost {
			t.Fatalf("a killed session: %v (class %v), want connection_lost", err, db.ClassOf(err))
		}
	})
}

// TestLiveInterrupt: Interrupt ends a statement in flight from another
// goroutine, as connection_lost, at once.
func TestLiveInterrupt(t *testing.T) {
	ctx := context.Background()
	c := dbtest.Open(t, Driver{}, dbtest.ServerURL(t, liveVar)).(*Conn)
	done := make(chan error, 1)
	start := time.Now()
	sleep := "WAITFOR DELAY '00:00:05'"
	if c.isBabelfish {
		// Babelfish 4.3 has no WAITFOR, and returns no void column.
		sleep = "SELECT COUNT(*) FROM (SELECT pg_catalog.pg_sleep(5) AS s) AS t"
	}
	go func() {
		_, err := c.Exec(ctx, sleep)
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	c.Interrupt()
	err := <-done
	if db.ClassOf(err) != db.ConnectionLost || time.Since(start) > 3*time.Second {
		t.Fatalf("interrupted after %v: %v (class %v), want connection_lost at once", time.Since(start), err, db.ClassOf(err))
	}
}

// codeOf is the server's error number a classified error carries.
func codeOf(err error) string {
	var e *db.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func urlUser(name, password string) *url.Userinfo { return url.UserPassword(name, password) }
