package deploy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/dbgauge/dbgauge/session"
)

// Local runs a Worker as Shards processes of exe (`exe worker`) on this
// machine: for a client with more cores than one process uses well, and for
// tests of what a Kubernetes launch does with the same worker.
type Local struct {
	Exe    string
	Worker Worker
	Target string
	// Notef reports each shard's state as it changes (one line each).
	Notef func(format string, a ...any)
	// Obs, if set, follows the shards' intervals, merged as they come, and
	// their prints (LiveFor).
	Obs  session.Observer
	live *Live
}

// Run starts every shard, waits for them all and keeps their outputs in c.
// On ctx's end each shard is interrupted (SIGINT): it stops, prints its
// partial result and exits; Run still keeps what they printed.
func (l Local) Run(ctx context.Context, c *Collector) {
	if l.Obs != nil {
		l.live = LiveFor(l.Worker.Spec, l.Worker.Shards, l.Obs)
		defer l.live.Close()
	}
	env, err := l.Worker.Env()
	if err != nil {
		for i := 0; i < l.Worker.Shards; i++ {
			c.Keep(i, nil, err)
		}
		return
	}
	base := append(os.Environ(), EnvWorker+"="+env, EnvDB+"="+l.Target)
	type done struct {
		i   int
		out []byte
		err error
	}
	ch := make(chan done, l.Worker.Shards)
	var wg sync.WaitGroup
	for i := 0; i < l.Worker.Shards; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := l.runShard(ctx, i, base)
			ch <- done{i, out, err}
		}()
	}
	go func() { wg.Wait(); close(ch) }()
	for d := range ch {
		o := c.Keep(d.i, d.out, d.err)
		switch {
		case o.Result != nil && o.Err == nil:
			l.Notef("shard %d of %d: done, %d transactions", d.i, l.Worker.Shards, o.Result.Totals.Transactions)
		case o.Result != nil:
			l.Notef("shard %d of %d: ended with a partial result: %v", d.i, l.Worker.Shards, o.Err)
		default:
			l.Notef("shard %d of %d: failed: %v", d.i, l.Worker.Shards, o.Err)
		}
	}
}

// runShard runs shard i and returns its output (stdout and stderr, in the
// order written) and why it failed, if it did.
func (l Local) runShard(ctx context.Context, i int, base []string) ([]byte, error) {
	cmd := exec.Command(l.Exe, "worker")
	cmd.Env = append(base[:len(base):len(base)], fmt.Sprintf("%s=%d", EnvIndex, i))
	ownGroup(cmd)
	var out syncBuffer
	var w io.Writer = &out
	if l.live != nil {
		w = io.MultiWriter(&out, l.live.Writer(i))
		defer l.live.End(i)
	}
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start %s: %w", l.Exe, err)
	}
	l.Notef("shard %d of %d: started (pid %d)", i, l.Worker.Shards, cmd.Process.Pid)
	exited := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			// As Ctrl-C does to a run: it stops and saves what it has.
			cmd.Process.Signal(os.Interrupt)
			select {
			case <-exited:
			case <-time.After(60 * time.Second):
				cmd.Process.Kill()
			}
		case <-exited:
		}
	}()
	err := cmd.Wait()
	close(exited)
	return out.Bytes(), exitReason(err, out.Bytes())
}

// exitReason turns a worker's exit into an error naming its code and the
// last line it printed (its one-line error), nil for exit 0.
func exitReason(err error, out []byte) error {
	if err == nil {
		return nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return err
	}
	return &ExitError{Code: ee.ExitCode(), Line: LastLine(out)}
}

// ExitError is a shard that exited with a code other than 0.
type ExitError struct {
	Code int
	Line string
}

func (e *ExitError) Error() string {
	what := fmt.Sprintf("exit %d", e.Code)
	if e.Code == ExitLate {
		what = "late (exit 7)"
	}
	if e.Line == "" {
		return what
	}
	return what + ": " + e.Line
}

// LastLine is the last non-empty line of out outside its result block:
// a worker's one-line error.
func LastLine(out []byte) string {
	last, in := "", false
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "dbgauge-result "):
			in = !strings.HasSuffix(l, " end")
		case !in && l != "":
			last = l
		}
	}
	return last
}

// syncBuffer is a bytes.Buffer two writers (stdout, stderr) share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Bytes() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return bytes.Clone(s.b.Bytes())
}
