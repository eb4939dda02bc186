package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dbgauge/dbgauge/testenv"
)

// The browser tests open the HTML report and the live dashboard in a real
// headless Chromium (Debian's chromium package; scripts/test installs it).
// They fail on any console error or exception, on any network request other
// than the page itself (the report) or its own server (the dashboard), and
// on any chart without data or pixels. Screenshots go to $DBGAUGE_ARTIFACTS
// (default: dbgauge-artifacts in the temporary directory).

// browserFlags keep Chromium quiet on a machine without network: no
// first-run, background, component or sync traffic, no QUIC.
var browserFlags = []chromedp.ExecAllocatorOption{
	chromedp.NoSandbox, chromedp.DisableGPU,
	chromedp.Flag("disable-quic", true),
	chromedp.Flag("disable-component-update", true),
	chromedp.Flag("disable-background-networking", true),
	chromedp.Flag("disable-sync", true),
	chromedp.Flag("no-first-run", true),
	chromedp.WindowSize(1280, 1000),
}

func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testenv.Missing(t, "chromium is not installed, so the browser tests did not run; apt-get install chromium (scripts/test installs Debian's chromium)")
	return ""
}

func artifacts(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("DBGAUGE_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "dbgauge-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browser is one headless Chromium tab that records what the page does.
type browser struct {
	ctx      context.Context
	mu       sync.Mutex
	problems []string // console errors, exceptions, error log entries
	requests []string
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	exe := chromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.UserDataDir(t.TempDir()))
	opts = append(opts, browserFlags...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	b := &browser{}
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithListener(b.listen))
	ctx, cancelTimeout := context.WithTimeout(ctx, 150*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	b.ctx = ctx
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("cannot start %s: %v", exe, err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	return b
}

// listen runs in the tab's event loop: it only records.
func (b *browser) listen(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
			}
			b.problems = append(b.problems, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(parts, " ")))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		b.problems = append(b.problems, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber+1, msg))
	case *cdplog.EventEntryAdded:
		if ev.Entry.Level == cdplog.EntryLevelError || ev.Entry.Level == cdplog.EntryLevelWarning {
			b.problems = append(b.problems, fmt.Sprintf("log %s (%s): %s %s", ev.Entry.Level, ev.Entry.Source, ev.Entry.Text, ev.Entry.URL))
		}
	case *network.EventRequestWillBeSent:
		b.requests = append(b.requests, ev.Request.URL)
	}
}

// check fails the test on any problem the page reported, and on any
// request that allowed refuses.
func (b *browser) check(t *testing.T, allowed func(u *url.URL) bool) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range b.problems {
		t.Errorf("the page reported: %s", p)
	}
	if len(b.requests) == 0 {
		t.Error("no request was seen at all: is the network domain listened to?")
	}
	for _, r := range b.requests {
		u, err := url.Parse(r)
		if err != nil || !(allowed(u) || u.Scheme == "data") {
			t.Errorf("the page made a request it must not: %s", r)
		}
	}
}

// chartsDrawn checks that every chart on the page that shows has a plot
// with data and a canvas with drawn pixels, and that the wanted charts
// show. It returns the charts' ids.
const chartsJS = `(() => {
  const out = [];
  for (const c of window.dbgauge.charts()) {
    const box = document.getElementById('chart-' + c.id);
    const canvas = box && box.querySelector('canvas');
    let ink = 0;
    if (canvas && c.shown) {
      const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < px.length; i += 4) {
        if (px[i + 3] > 0 && (px[i] < 200 || px[i + 1] < 200 || px[i + 2] < 200)) ink++;
      }
    }
    out.push({id: c.id, shown: c.shown, points: c.points, series: c.series, ink: ink, hidden: !!(box && box.hidden)});
  }
  return out;
})()`

type chartState struct {
	ID     string `json:"id"`
	Shown  bool   `json:"shown"`
	Points int    `json:"points"`
	Series int    `json:"series"`
	Ink    int    `json:"ink"`
	Hidden bool   `json:"hidden"`
}

func (b *browser) chartsDrawn(t *testing.T, want ...string) []chartState {
	t.Helper()
	cs, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]chartState](chartsJS))
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	for _, c := range cs {
		if c.Hidden {
			continue // no data of that kind (an optional chart, or no host sampling)
		}
		shown[c.ID] = true
		if !c.Shown || c.Points == 0 || c.Series == 0 {
			t.Errorf("chart %s shows without data: %+v", c.ID, c)
		}
		if c.Ink < 200 {
			t.Errorf("chart %s is blank: %d drawn pixels", c.ID, c.Ink)
		}
	}
	for _, w := range want {
		if !shown[w] {
			t.Errorf("chart %s does not show; charts: %+v", w, cs)
		}
	}
	return cs
}

func (b *browser) screenshot(t *testing.T, name string) {
	t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(artifacts(t), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

func (b *browser) text(t *testing.T) string {
	t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBrowserReport runs dbgauge for a few seconds on SQLite, then opens
// the run's report.html from disk.
func TestBrowserReport(t *testing.T) {
	b := newBrowser(t)
	dir := t.TempDir()
	o := dbgauge(t, dir, "run", "oltp_read_write", "--db", "sqlite:"+filepath.Join(dir, "b.db"), "--threads", "2", "--time", "3", "--results-dir", "res")
	if o.code != 0 {
		t.Fatalf("run exited %d: %s", o.code, o.stderr)
	}
	runs, _ := filepath.Glob(filepath.Join(dir, "res", "*-oltp_read_write"))
	if len(runs) != 1 {
		t.Fatalf("results folders: %v", runs)
	}
	for _, f := range []string{"report.md", "report.html"} {
		if _, err := os.Stat(filepath.Join(runs[0], f)); err != nil {
			t.Errorf("the run left no %s: %v", f, err)
		}
	}
	// dbgauge report renders the same from result.json alone.
	o = dbgauge(t, dir, "report", runs[0], "--out-dir", "again")
	if o.code != 0 || !strings.Contains(o.stdout, filepath.Join("again", "report.html")) {
		t.Fatalf("report exited %d: %s %s", o.code, o.stdout, o.stderr)
	}
	page := filepath.Join(runs[0], "report.html")
	fileURL := "file://" + page
	if err := chromedp.Do(b.ctx, chromedp.Navigate(fileURL)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](`window.dbgauge && window.dbgauge.state() === 'static'`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the report did not render: %v", err)
	}
	b.chartsDrawn(t, "throughput", "queries", "latency", "cpu")
	text := b.text(t)
	for _, w := range []string{"Environment", "Method", "Results", "Latency", "Resource usage", "Findings", "Conclusion", "dbgauge run oltp_read_write"} {
		if !strings.Contains(text, w) {
			t.Errorf("the report lacks %q", w)
		}
	}
	b.screenshot(t, "report.png")
	b.check(t, func(u *url.URL) bool { return u.Scheme == "file" && u.Path == page })
}

var dashboardLine = regexp.MustCompile(`Live dashboard: (http://127\.0\.0\.1:\d+/)`)

// TestBrowserLiveDashboard follows a run on its live dashboard: intervals
// arrive by server-sent events, and the page turns into the final report
// at the end.
func TestBrowserLiveDashboard(t *testing.T) {
	b := newBrowser(t)
	dir := t.TempDir()
	cmd := exec.Command(binary, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "b.db"), "--threads", "2",
		"--time", "5", "--results-dir", filepath.Join(dir, "res"), "--web", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "DBGAUGE_DB=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	found := make(chan string, 1)
	var errText strings.Builder
	var errMu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			errMu.Lock()
			errText.WriteString(sc.Text() + "\n")
			errMu.Unlock()
			if m := dashboardLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	var base string
	select {
	case base = <-found:
	case <-time.After(20 * time.Second):
		t.Fatal("dbgauge did not print the dashboard's address")
	}
	if err := chromedp.Do(b.ctx, chromedp.Navigate(base)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](`window.dbgauge && window.dbgauge.intervals() >= 2 &&
		window.dbgauge.charts().some(c => c.id === 'throughput' && c.points >= 2)`, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("no two intervals reached the charts: %v", err)
	}
	if st, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`window.dbgauge.state()`)); st != "live" {
		t.Errorf("state while running: %q", st)
	}
	b.chartsDrawn(t, "throughput", "latency")
	b.screenshot(t, "live-running.png")

	resp, err := http.Get(base + "metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	checkMetrics(t, resp.Header.Get("Content-Type"), string(body))

	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](`window.dbgauge.state() === 'ended'`, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("the page did not receive the end of the run: %v", err)
	}
	b.chartsDrawn(t, "throughput", "latency")
	text := b.text(t)
	for _, w := range []string{"Findings", "Conclusion", "Environment", "final report"} {
		if !strings.Contains(text, w) {
			t.Errorf("the final report lacks %q", w)
		}
	}
	b.screenshot(t, "live-ended.png")
	if err := cmd.Wait(); err != nil {
		errMu.Lock()
		t.Fatalf("dbgauge run --web: %v\n%s", err, errText.String())
	}
	host := strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/")
	b.check(t, func(u *url.URL) bool { return u.Scheme == "http" && u.Host == host })
}

var metricLine = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*")*\})? -?[0-9.eE+-]+$|^-?(Inf|NaN)$`)

// checkMetrics parses /metrics as OpenMetrics text: metadata, samples, # EOF.
func checkMetrics(t *testing.T, ct, body string) {
	t.Helper()
	if !strings.HasPrefix(ct, "application/openmetrics-text") {
		t.Errorf("/metrics Content-Type %q", ct)
	}
	if !strings.HasSuffix(body, "\n# EOF\n") {
		t.Errorf("/metrics does not end with # EOF:\n%s", body)
	}
	for _, line := range strings.Split(strings.TrimSuffix(body, "# EOF\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "# TYPE ") || strings.HasPrefix(line, "# HELP ") {
			continue
		}
		if !metricLine.MatchString(line) {
			t.Errorf("/metrics line is not OpenMetrics: %q", line)
		}
	}
	for _, w := range []string{"\ndbgauge_tps ", "\ndbgauge_qps{class=\"total\"} ", "\ndbgauge_latency_ms{quantile=\"0.95\"} ", "\ndbgauge_transactions_total ", "\ndbgauge_running 1\n"} {
		if !strings.Contains(body, w) {
			t.Errorf("/metrics lacks %q:\n%s", w, body)
		}
	}
}

// TestBrowserCompareLabels: a comparison's bar charts turn run labels that
// would overlap level, and the plot is still drawn, at any page width.
func TestBrowserCompareLabels(t *testing.T) {
	b := newBrowser(t)
	dir := t.TempDir()
	for range 3 {
		o := dbgauge(t, dir, "run", "oltp_point_select", "--db", "sqlite:"+filepath.Join(dir, "b.db"), "--table-size", "1000", "--time", "1", "--results-dir", "res", "--no-monitor")
		if o.code != 0 {
			t.Fatalf("run exited %d: %s", o.code, o.stderr)
		}
		time.Sleep(1100 * time.Millisecond) // folders are named to the second
	}
	runs, _ := filepath.Glob(filepath.Join(dir, "res", "*-oltp_point_select"))
	if len(runs) != 3 {
		t.Fatalf("results folders: %v", runs)
	}
	// Nothing tells the runs apart, so their labels are their folders'
	// names: long ones that differ only at the end.
	for i, r := range runs {
		runs[i] = filepath.Join(dir, "res", fmt.Sprintf("point-selects-on-sqlite-at-one-thread-try-%d", i+1))
		if err := os.Rename(r, runs[i]); err != nil {
			t.Fatal(err)
		}
	}
	o := dbgauge(t, dir, append(append([]string{"report"}, runs...), "--out-dir", "cmp")...)
	if o.code != 0 {
		t.Fatalf("report exited %d: %s", o.code, o.stderr)
	}
	page := filepath.Join(dir, "cmp", "report.html")
	rotation := func(width int64) float64 {
		t.Helper()
		if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(width, 1000), chromedp.Navigate("file://"+page)); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](`window.dbgauge && window.dbgauge.state() === 'static'`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("the comparison did not render: %v", err)
		}
		b.chartsDrawn(t, "compare-tps", "compare-p95")
		r, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](`window.dbgauge.charts().find(c => c.id === 'compare-tps').rotate`))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// Three 32-character run names under bars 140 px apart (two charts a
	// row at 1280 px) or 130 px apart (one at 520 px) overlap unless turned.
	for _, w := range []int64{1280, 520} {
		if r := rotation(w); r == 0 {
			t.Errorf("at %d px the run labels stay level, where they overlap", w)
		}
	}
	// Cut to 32 characters, they still differ.
	labels, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`window.dbgauge.charts().find(c => c.id === 'compare-tps').labels`))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, l := range labels {
		if len([]rune(l)) > 32 || seen[l] {
			t.Errorf("bar labels %q: want each at most 32 characters and all different", labels)
			break
		}
		seen[l] = true
	}
	if len(labels) != 3 {
		t.Errorf("bar labels %q, want 3", labels)
	}
	b.screenshot(t, "compare-narrow.png")
	b.check(t, func(u *url.URL) bool { return u.Scheme == "file" && u.Path == page })
}
