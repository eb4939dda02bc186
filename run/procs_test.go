package run

import "testing"

func TestProcsFor(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		env  string
		want int
	}{
		{Config{Threads: 4}, "", 6},                // closed loop: an idle P per worker
		{Config{Threads: 4, Rate: 200}, "", 0},     // open loop: left as it is
		{Config{Threads: 4}, "2", 0},               // the user's GOMAXPROCS is kept
		{Config{Threads: 64, Rate: 1000}, "16", 0}, // both
	} {
		if got := procsFor(c.cfg, c.env); got != c.want {
			t.Errorf("procsFor(threads %d, rate %v, GOMAXPROCS=%q) = %d, want %d", c.cfg.Threads, c.cfg.Rate, c.env, got, c.want)
		}
	}
}
