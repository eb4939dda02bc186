package deploy

import (
	"errors"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/session"
)

func TestCheckLocal(t *testing.T) {
	one := session.NewSpec("", "oltp_read_write")
	sharded := one
	sharded.Shard = "0/2"
	for _, c := range []struct {
		s      session.Spec
		shards int
		delay  time.Duration
		web    string
		want   string
	}{
		{one, 0, time.Second, "", "--shards must be 1 or more, got 0"},
		{sharded, 2, time.Second, "", "--shards with --shard: --shards starts every shard itself; give one of them"},
		{one, 2, time.Second, "x:1", "--web with --shards: the dashboard follows one process; open each shard's report or the merged one"},
		{one, 2, 0, "", "--start-delay must be more than 0, got 0s"},
		{one, 2, time.Second, "", ""},
	} {
		err := CheckLocal(c.s, c.shards, c.delay, c.web)
		var se *session.SettingError
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%d shards: %v", c.shards, err)
		case c.want != "" && !errors.As(err, &se):
			t.Errorf("want %q, got %v", c.want, err)
		case c.want != "" && se.Words(func(s string) string { return "--" + s }) != c.want:
			t.Errorf("got %q, want %q", se.Words(func(s string) string { return "--" + s }), c.want)
		}
	}
}
