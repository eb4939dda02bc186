package k8s

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/session"
)

func TestRequestSpecRefuses(t *testing.T) {
	t.Setenv(session.TargetEnv, "")
	db := "sqlite:" + t.TempDir() + "/x.db"
	for _, c := range []struct {
		name string
		edit func(r *Request)
		want string
	}{
		{"no image", func(r *Request) { r.Opts.Image = "" }, "--image is required"},
		{"db and secret", func(r *Request) { r.Opts.DBSecret = "s" }, "--db with --db-secret"},
		{"no database", func(r *Request) { r.Inputs.DB = "" }, "no database: give --db"},
		{"start timeout", func(r *Request) { r.Opts.StartTimeout = 0 }, "--start-timeout must be more than 0, got 0s"},
		{"toleration", func(r *Request) { r.Tolerations = []string{"bad"} }, `--toleration "bad": want KEY[=VALUE]:EFFECT`},
		{"shards", func(r *Request) { r.Shards = 0 }, "--shards must be 1 or more, got 0"},
		{"shard", func(r *Request) { r.Inputs.Spec.Shard, r.Inputs.Spec.Users = "0/2", 2 }, "--shard with k8s run"},
		{"start delay", func(r *Request) { r.Opts.StartDelay = 0 }, "--start-delay must be more than 0"},
		{"web", func(r *Request) { r.Inputs.Web = "127.0.0.1:1" }, "--web with k8s run"},
	} {
		r := &Request{Verb: deploy.VerbRun, Inputs: session.NewInputs(), Shards: 2,
			Opts: Options{Image: "img", StartTimeout: time.Minute, StartDelay: time.Minute}}
		r.Inputs.DB = db
		r.Workload = "oltp_read_write"
		c.edit(r)
		_, err := r.Spec(time.Now())
		var se interface {
			Words(func(string) string) string
		}
		if session.KindOf(err) != session.Usage || !errors.As(err, &se) {
			t.Errorf("%s: %v, want a usage error naming its settings", c.name, err)
			continue
		}
		if got := se.Words(func(s string) string { return "--" + s }); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want it to start with %q", c.name, got, c.want)
		}
	}
}

func TestRequestSpecShards(t *testing.T) {
	r := &Request{Verb: deploy.VerbRun, Workload: "oltp_read_write", Inputs: session.NewInputs(), Shards: 2,
		Opts: Options{Image: "img", StartTimeout: time.Minute, StartDelay: time.Minute}}
	r.Inputs.DB = "sqlite:" + t.TempDir() + "/x.db"
	r.Inputs.Spec.Users = 2
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	s, err := r.Spec(now)
	if err != nil {
		t.Fatal(err)
	}
	if s.StartAt != deploy.StartAt(now, time.Minute, s.WarmupS) {
		t.Errorf("start %q: want the common start a minute after now", s.StartAt)
	}
}
