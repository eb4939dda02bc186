package cli

import (
	"errors"
	"fmt"
	"testing"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/deploy/k8s"
	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results/store"
	"github.com/dbgauge/dbgauge/session"
)

func TestWorded(t *testing.T) {
	out := &session.Error{Kind: session.Usage, Err: &session.OutputError{Format: "csv", Err: errors.New("permission denied")}}
	if got := worded(out).Error(); got != "--out csv: permission denied" {
		t.Errorf("worded(output) = %q", got)
	}
	op := &session.ThresholdOpError{Expr: "x.p99<5ms", Workload: "w", Op: "x", Ops: []string{"a", "b"}}
	if got := worded(fmt.Errorf("step 2: %w", op)).Error(); got != `--threshold "x.p99<5ms": w has no operation "x" (operations: a, b)` {
		t.Errorf("worded(threshold) = %q", got)
	}
	dir := fmt.Errorf("sweep: %w", &session.Error{Kind: session.Usage, Err: &session.ResultsDirError{Err: errors.New("mkdir x: permission denied")}})
	if got := worded(dir).Error(); got != "--results-dir: mkdir x: permission denied" {
		t.Errorf("worded(results dir) = %q", got)
	}
	s := session.NewSpec("", "w")
	s.TimeS, s.Events = 0, 0
	check := s.Check()
	if got := worded(fmt.Errorf("kv_get: %v", worded(check))).Error(); got != "kv_get: --time 0 with --events 0 would never end; set one of them" {
		t.Errorf("worded(setting) = %q", got)
	}
	s = session.NewSpec("", "w")
	s.Arrival = "{users}%d"
	if got := worded(s.Check()).Error(); got != `--rate-arrival must be poisson or fixed, got "{users}%d"` {
		t.Errorf("worded(setting with braces in its value) = %q", got)
	}
	od := &report.OutDirError{Dir: "/proc/x", Err: errors.New("no such file or directory")}
	if got := worded(od).Error(); got != "--out-dir: cannot create /proc/x: no such file or directory" || codeOf(od) != ExitUsage {
		t.Errorf("worded(out dir) = %q, exit %d", got, codeOf(od))
	}
	plain := errors.New("plain")
	if worded(plain) != plain {
		t.Errorf("worded changed an error it has no words for")
	}
}

func TestCodeOfSessionKinds(t *testing.T) {
	for kind, want := range map[session.Kind]int{session.Usage: ExitUsage, session.Interrupted: ExitInterrupted,
		session.Aborted: ExitAborted, session.Failed: ExitThreshold, session.CheckFailed: ExitCheckFailed} {
		if got := codeOf(fmt.Errorf("wrapped: %w", &session.Error{Kind: kind, Err: errors.New("x")})); got != want {
			t.Errorf("kind %d: exit %d, want %d", kind, got, want)
		}
	}
	if got := codeOf(&session.OutputError{Format: "json", Err: errors.New("x")}); got != unclassified {
		t.Errorf("an output that cannot be written after a run: %d, want unclassified (exit 4)", got)
	}
}

func TestCodeOfTypedErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		want int
	}{
		{&store.MissingError{Path: "x.sqlite"}, ExitUsage},
		{fmt.Errorf("%w (x.sqlite)", &store.NotFoundError{What: "run #9"}), ExitUsage},
		{&deploy.LateError{Err: errors.New("late")}, deploy.ExitLate},
		{fmt.Errorf("pod: %w", &deploy.ExitError{Code: ExitCheckFailed}), ExitCheckFailed}, // a prepare pod's own
		{&db.ConnectError{Addr: "h:1", Err: errors.New("refused")}, ExitUnreachable},
		{errors.New("a statement failed"), unclassified},
		{&exitError{ExitAborted, &store.MissingError{}}, ExitAborted},
	} {
		if got := codeOf(c.err); got != c.want {
			t.Errorf("%T %v: exit %d, want %d", c.err, c.err, got, c.want)
		}
	}
}

func TestMessageHidesSecrets(t *testing.T) {
	got := message(errors.New("cannot reach postgres://bob:hunter2@db:5432/x  and\nhs secret s3cr3t"), []string{"s3cr3t"})
	if want := "cannot reach postgres://bob:xxxxx@db:5432/x and hs secret xxxxx"; got != want {
		t.Errorf("message = %q, want %q", got, want)
	}
}

func TestWordedK8sOption(t *testing.T) {
	err := usageErr("%w", &k8s.OptionError{Option: "toleration", Value: "b", Err: errors.New("want KEY[=VALUE]:EFFECT")})
	if got := worded(err).Error(); got != `--toleration "b": want KEY[=VALUE]:EFFECT` {
		t.Errorf("worded(k8s option) = %q", got)
	}
	if codeOf(err) != ExitUsage {
		t.Errorf("code %d", codeOf(err))
	}
}
