package live

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
)

func base() *results.Result {
	return &results.Result{Workload: results.Workload{Name: "oltp_point_select"}, Target: results.Target{Driver: "sqlite"},
		Run: results.Run{Threads: 2, TimeS: 3, Percentile: 95}}
}

func interval(t float64) results.Interval {
	return results.Interval{T: t, DurS: 1, Threads: 2, TPS: 100 * t, QPS: 100 * t, P50Ms: 1, PctMs: 2, P99Ms: 3, MaxMs: 4, Transactions: int64(100 * t)}
}

type event struct{ name, data string }

// stream reads server-sent events from url into a channel.
func stream(t *testing.T, url string) (<-chan event, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	ch := make(chan event, 100)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<24)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			case line == "" && ev.name != "":
				ch <- ev
				ev = event{}
			}
		}
	}()
	return ch, cancel
}

func next(t *testing.T, ch <-chan event) event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("the event stream ended")
		}
		return ev
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
	return event{}
}

func get(t *testing.T, url string) (int, string, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

func TestLiveRun(t *testing.T) {
	s, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := s.URL()
	early, stopEarly := stream(t, url)
	defer stopEarly()
	if code, _, _ := get(t, url+"result.json"); code != http.StatusNotFound {
		t.Errorf("result.json before the end: %d, want 404", code)
	}
	s.Start(base(), "")
	if ev := next(t, early); ev.name != "start" {
		t.Fatalf("first event %q, want start", ev.name)
	}
	s.Interval(results.Interval{T: -1, DurS: 1, Warmup: true})
	s.Interval(interval(1))
	s.Interval(interval(2))
	for _, want := range []string{"interval", "interval", "interval"} {
		if ev := next(t, early); ev.name != want {
			t.Fatalf("event %q, want %q", ev.name, want)
		}
	}

	// A client that joins late gets the run so far in its start event.
	late, stopLate := stream(t, url)
	defer stopLate()
	ev := next(t, late)
	var d report.Doc
	if err := json.Unmarshal([]byte(ev.data), &d); err != nil || ev.name != "start" || len(d.Points) != 2 || !d.Live {
		t.Fatalf("late start event %q with %d points, live %v (%v)", ev.name, len(d.Points), d.Live, err)
	}
	code, ct, page := get(t, url)
	if code != 200 || !strings.HasPrefix(ct, "text/html") || !strings.Contains(page, `"live":true`) {
		t.Errorf("page while running: %d %s, live mode %v", code, ct, strings.Contains(page, `"live":true`))
	}
	code, ct, m := get(t, url+"metrics")
	if code != 200 || ct != report.OpenMetricsType || !strings.HasSuffix(m, "# EOF\n") ||
		!strings.Contains(m, "\ndbgauge_tps 200\n") || !strings.Contains(m, "\ndbgauge_transactions_total 300\n") {
		t.Errorf("metrics: %d %s\n%s", code, ct, m)
	}

	res := base()
	res.Totals.TPS = 150
	res.Intervals = []results.Interval{interval(1), interval(2)}
	s.End(res, "")
	for _, ch := range []<-chan event{early, late} {
		if ev := next(t, ch); ev.name != "end" || !strings.Contains(ev.data, `"Findings"`) {
			t.Errorf("last event %q: %.200s", ev.name, ev.data)
		}
	}
	if code, _, body := get(t, url+"result.json"); code != 200 || !strings.Contains(body, `"tps": 150`) {
		t.Errorf("result.json after the end: %d %.200s", code, body)
	}
	if _, _, page := get(t, url); strings.Contains(page, `"live":true`) {
		t.Error("the page after the end is still live")
	}
	if _, _, m := get(t, url+"metrics"); !strings.Contains(m, "\ndbgauge_running 0\n") {
		t.Errorf("metrics after the end:\n%s", m)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.Close(ctx); err != nil {
		t.Errorf("Close: %v", err)
	}
	for _, ch := range []<-chan event{early, late} {
		if ev := next(t, ch); ev.name != "close" {
			t.Errorf("event %q after the end, want close", ev.name)
		}
		select {
		case _, ok := <-ch:
			if ok {
				t.Error("an event after close")
			}
		case <-time.After(5 * time.Second):
			t.Error("the stream stays open after Close")
		}
	}
}

// TestSlowClientNeverBlocks: a client that never reads must not stall the
// runner; it is dropped once its buffer is full.
func TestSlowClientNeverBlocks(t *testing.T) {
	s, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	conns := make([]net.Conn, 20)
	for i := range conns {
		c, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/"))
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n") // and never read
		conns[i] = c
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		n := len(s.clients)
		s.mu.Unlock()
		if n == len(conns) || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.Start(base(), "")
	start := time.Now()
	for i := range 20000 { // 7 MB per client: more than loopback buffers hold
		s.Interval(interval(float64(i + 1)))
	}
	// A blocking send would hang here for good; the bound only catches a
	// runner slowed to a crawl (the race detector makes each call ~10× slower).
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("20,000 intervals took %v with 20 stuck clients", d)
	}
	s.mu.Lock()
	left := len(s.clients)
	s.mu.Unlock()
	if left != 0 {
		t.Errorf("%d stuck clients were not dropped", left)
	}
}

func TestListenErrors(t *testing.T) {
	if _, err := Listen("nonsense"); err == nil || !strings.Contains(err.Error(), "HOST:PORT") {
		t.Errorf("bad address: %v", err)
	}
	s, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(context.Background())
	addr := strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/")
	if _, err := Listen(addr); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("port in use: %v", err)
	}
}
