package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/dbgauge/dbgauge/report/live"
)

// webDashboard is the live dashboard of --web, open for the whole command.
type webDashboard struct {
	srv    *live.Server
	linger time.Duration
}

// startWeb opens the live dashboard when the command was given --web. It
// runs before anything else, so a bad address or a port in use is a usage
// error before any load. The dashboard follows every run as an observer.
func (e *env) startWeb(cmd *cobra.Command) error {
	f := cmd.Flags().Lookup("web")
	if f == nil || f.Value.String() == "" {
		return nil
	}
	var linger time.Duration
	if lf := cmd.Flags().Lookup("web-linger"); lf != nil {
		d, err := time.ParseDuration(lf.Value.String())
		if err != nil || d < 0 {
			return usageErr("--web-linger must be a duration of 0 or more (30s, 5m), got %q", lf.Value.String())
		}
		linger = d
	}
	srv, err := live.Listen(f.Value.String())
	if err != nil {
		return usageErr("%v", err)
	}
	e.web = &webDashboard{srv: srv, linger: linger}
	e.observers = append(e.observers, srv)
	fmt.Fprintf(e.stderr, "Live dashboard: %s (OpenMetrics: %smetrics)\n", srv.URL(), srv.URL())
	return nil
}

// stopWeb ends the live dashboard once the command is done: it keeps
// serving the final report for --web-linger (unless interrupted), then
// stops (live.Server.Stop).
func (e *env) stopWeb(ctx context.Context) {
	w := e.web
	if w == nil {
		return
	}
	if w.linger > 0 && ctx.Err() == nil {
		fmt.Fprintf(e.stderr, "Live dashboard: the final report stays at %s for %s (Ctrl-C to stop)\n", w.srv.URL(), w.linger)
	}
	w.srv.Stop(ctx, w.linger)
}
