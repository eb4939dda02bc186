package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// Commands lists the commands of s's workload of its own
// (workload.Commander: a sysbench script's prewarm), without connecting;
// none for a workload that has none.
func Commands(s Spec) ([]string, error) {
	c, err := Configure(&s)
	if err != nil {
		return nil, err
	}
	if cm, ok := c.Inst.(workload.Commander); ok {
		return cm.Commands(), nil
	}
	return nil, nil
}

// Command runs the command name of s's workload on its target: a name the
// workload does not have is a usage error naming those it has, found
// before connecting; a command that fails is Aborted (exit 4).
func Command(ctx context.Context, s Spec, name string, obs Observer) error {
	names, err := Commands(s)
	if err != nil {
		return err
	}
	if !slices.Contains(names, name) {
		have := "it has none"
		if len(names) > 0 {
			have = "its commands: " + strings.Join(names, ", ")
		}
		extra := ""
		if name == "prepare" || name == "cleanup" || name == "run" {
			extra = fmt.Sprintf("; %s is `dbgauge %s %s`", name, name, s.Workload)
		}
		return Usagef("%s has no command %q (%s)%s", s.Workload, name, have, extra)
	}
	o, err := open(ctx, &s, false, obs)
	if err != nil {
		return err
	}
	defer o.conn.Close()
	err = o.Inst.(workload.Commander).Command(ctx, name, workload.CommandEnv{
		Conn: o.conn, Open: o.tg.Open, Driver: o.tg.Driver.Name(), Parallel: s.loaders(o.tg.Driver),
		SingleWriter: singleWriter(o.tg.Driver), Seed: s.Seed, Note: obs.Note,
	})
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled):
		return &Error{Interrupted, fmt.Errorf("command %s interrupted", name)}
	}
	return &Error{Aborted, fmt.Errorf("command %s failed: %w", name, err)}
}
