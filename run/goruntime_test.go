package run

import (
	"context"
	"os"
	"testing"
	"time"
)

func TestProcsFor(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		env  string
		want int
	}{
		{Config{Users: 4}, "", 6},                // closed loop: an idle P per worker
		{Config{Users: 4, Rate: 200}, "", 0},     // open loop: left as it is
		{Config{Users: 4}, "2", 0},               // the user's GOMAXPROCS is kept
		{Config{Users: 64, Rate: 1000}, "16", 0}, // both
		{Config{Users: 100}, "", 0},              // netpoller sockets: the default
	} {
		if got := procsFor(c.cfg, c.env, c.cfg.Users <= 8); got != c.want {
			t.Errorf("procsFor(threads %d, rate %v, GOMAXPROCS=%q) = %d, want %d", c.cfg.Users, c.cfg.Rate, c.env, got, c.want)
		}
	}
}

func TestBlockingFor(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		env  string
		cpus int
		want bool
	}{
		{Config{Users: 8}, "", 2, true},                    // 4 a CPU: blocking
		{Config{Users: 9}, "", 2, false},                   // more: the netpoller
		{Config{Users: 1000, Connections: 8}, "", 2, true}, // connections count, not users
		{Config{Users: 100}, "blocking", 2, true},          // DBGAUGE_SOCKETS decides
		{Config{Users: 2}, "netpoll", 2, false},
		{Config{Users: 64}, "", 16, true},
	} {
		if got := blockingFor(c.cfg, c.env, c.cpus); got != c.want {
			t.Errorf("blockingFor(users %d, connections %d, %q, %d CPUs) = %v, want %v", c.cfg.Users, c.cfg.Connections, c.env, c.cpus, got, c.want)
		}
	}
}

func TestGCFor(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		env  string
		want int
	}{
		{Config{Users: 4}, "", 0},               // closed loop: the default, for throughput
		{Config{Users: 4, Rate: 200}, "", 50},   // open loop: half the garbage
		{Config{Users: 4, Rate: 200}, "100", 0}, // the user's GOGC is kept
		{Config{Users: 4, Rate: 200}, "off", 0},
	} {
		if got := gcFor(c.cfg, c.env); got != c.want {
			t.Errorf("gcFor(rate %v, GOGC=%q) = %d, want %d", c.cfg.Rate, c.env, got, c.want)
		}
	}
}

// TestRunSetsGC: an open-loop run collects at openLoopGC and says so in its
// outcome, a closed loop at the default, and the setting is restored after.
func TestRunSetsGC(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set: runs keep it")
	}
	before := gcPercent()
	for _, rate := range []float64{0, 500} {
		cfg := noDB(&counter{})
		cfg.Events, cfg.Rate = 50, rate
		out, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		want := before
		if rate > 0 {
			want = openLoopGC
		}
		if out.GOGC != want {
			t.Errorf("rate %v: the run used GOGC %d, want %d", rate, out.GOGC, want)
		}
		if now := gcPercent(); now != before {
			t.Errorf("rate %v: GOGC is %d after the run, was %d", rate, now, before)
		}
	}
}

func TestSocketsFor(t *testing.T) {
	long := 60 * time.Second
	for _, c := range []struct {
		cfg             Config
		env             string
		blocking, probe bool
	}{
		{Config{Users: 2, Duration: long}, "", true, false},                // no probe unless asked
		{Config{Users: 2, Duration: long}, "auto", true, true},             // asked: starts blocking, probes
		{Config{Users: 2, Duration: long, Rate: 100}, "auto", true, false}, // open loop: no probe
		{Config{Users: 100, Duration: long}, "auto", false, false},         // too many for blocking sockets
		{Config{Users: 2, Duration: 5 * time.Second}, "auto", true, false}, // the probe would be much of the run
		{Config{Users: 2, Events: 1000}, "auto", true, true},               // --events: no end known
		{Config{Users: 2, Duration: long}, "netpoll", false, false},
	} {
		b, p := socketsFor(c.cfg, c.env, 2)
		if b != c.blocking || p != c.probe {
			t.Errorf("socketsFor(users %d, time %v, rate %v, %q) = %v, %v; want %v, %v",
				c.cfg.Users, c.cfg.Duration, c.cfg.Rate, c.env, b, p, c.blocking, c.probe)
		}
	}
}
