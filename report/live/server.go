// Package live is the dashboard of a run in progress (dbgauge run --web):
// an HTTP server that serves the report page in live mode (/), the run's
// intervals as server-sent events (/events), the latest interval and the
// totals in OpenMetrics' text format (/metrics), and the final result
// (/result.json).
//
// It never stalls the runner: publishing an interval only appends to
// bounded per-client buffers, and a client whose buffer is full is
// disconnected; its browser reconnects by itself and gets the whole state
// again. live imports report and results.
package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
)

// clientBuffer is how many events a client may lag behind: two minutes of
// one-second intervals, far more than a browser on loopback ever needs.
const clientBuffer = 128

// keepAlive is how often an idle event stream gets a comment, so proxies
// and browsers keep it open.
const keepAlive = 15 * time.Second

// Server is the live dashboard. Its Start, Interval and End follow runs
// (it is a run observer); they never block.
type Server struct {
	ln  net.Listener
	srv *http.Server

	mu       sync.Mutex
	doc      *report.Doc     // what / shows now
	final    *results.Result // the last finished run, nil while one runs
	progress report.Progress
	nominal  float64 // the longest interval so far
	clients  map[*client]struct{}
	closing  bool
}

type client struct{ ch chan []byte }

// Listen binds addr (host:port; ":0" picks a free port) at once, so that a
// bad address or a port in use fails before any load, and serves in the
// background.
func Listen(addr string) (*Server, error) {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return nil, fmt.Errorf("--web %q: want HOST:PORT or :PORT (%v)", addr, err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		var oe *net.OpError
		if errors.As(err, &oe) && oe.Err != nil {
			err = oe.Err
		}
		return nil, fmt.Errorf("--web %s: cannot listen: %v", addr, err)
	}
	s := &Server{ln: ln, clients: map[*client]struct{}{},
		doc: &report.Doc{Title: "dbgauge: live dashboard", Summary: "Waiting for the run to start…", Live: true}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /events", s.events)
	mux.HandleFunc("GET /metrics", s.metrics)
	mux.HandleFunc("GET /result.json", s.result)
	s.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln)
	return s, nil
}

// URL is the dashboard's address, with the port actually bound.
func (s *Server) URL() string {
	a := s.ln.Addr().(*net.TCPAddr)
	host := a.IP.String()
	if a.IP.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, fmt.Sprint(a.Port)) + "/"
}

// Start begins a new run: the page becomes its live dashboard.
func (s *Server) Start(base *results.Result, _ string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.doc = report.LiveDoc(base)
	s.final = nil
	s.progress = report.Progress{Run: base, Running: true}
	s.nominal = 0
	s.publish("start", s.doc)
}

// Interval adds one interval to the charts.
func (s *Server) Interval(iv results.Interval) {
	p := report.PointOf(iv)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.progress.Add(iv)
	s.nominal = max(s.nominal, iv.DurS)
	if iv.DurS < s.nominal/2 {
		return // a last, short interval: its rate is noise (report.Points)
	}
	if !iv.Warmup {
		s.doc.Points = append(s.doc.Points, p)
		if len(s.doc.Points) > 4000 {
			s.doc.Points = report.Downsample(s.doc.Points, 2000)
		}
	}
	s.publish("interval", p)
}

// End replaces the dashboard with the run's final report.
func (s *Server) End(res *results.Result, _ string) {
	doc := report.RunDoc(res)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.doc, s.final = doc, res
	s.progress.Running = false
	s.publish("end", doc)
}

// publish sends an event to every client; s.mu is held. A client whose
// buffer is full is dropped.
func (s *Server) publish(name string, v any) {
	frame := sseFrame(name, v)
	for c := range s.clients {
		select {
		case c.ch <- frame:
		default:
			delete(s.clients, c)
			close(c.ch)
		}
	}
}

func sseFrame(name string, v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", name, data)
	return b.Bytes()
}

// Flush bounds how long Stop waits for the browsers to receive the end
// event before the server stops.
const Flush = 3 * time.Second

// Stop ends the dashboard once the command is done: it keeps serving the
// final report for linger (unless ctx ends first), then Closes, giving the
// browsers up to Flush to receive the end event.
func (s *Server) Stop(ctx context.Context, linger time.Duration) {
	if linger > 0 && ctx.Err() == nil {
		t := time.NewTimer(linger)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
	}
	c, cancel := context.WithTimeout(context.Background(), Flush)
	defer cancel()
	s.Close(c)
}

// Close ends the event streams once each has sent what it holds (the end
// event included) and a last "close" event, which tells the page not to
// reconnect, and stops the server; ctx bounds the wait.
func (s *Server) Close(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	s.publish("close", map[string]string{})
	for c := range s.clients {
		delete(s.clients, c)
		close(c.ch)
	}
	s.mu.Unlock()
	err := s.srv.Shutdown(ctx)
	if err != nil {
		s.srv.Close()
	}
	return err
}

func (s *Server) page(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	d := *s.doc
	d.Points = d.Points[:len(d.Points):len(d.Points)]
	d.Live = s.final == nil
	s.mu.Unlock()
	var b bytes.Buffer
	if err := report.HTML(&b, &d); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")

	// The snapshot and the registration happen under one lock: the client
	// misses no event and sees none twice.
	s.mu.Lock()
	var first []byte
	switch {
	case s.final != nil:
		first = sseFrame("end", s.doc)
	case s.progress.Run != nil:
		first = sseFrame("start", s.doc)
	}
	c := &client{ch: make(chan []byte, clientBuffer)}
	closing := s.closing
	if !closing {
		s.clients[c] = struct{}{}
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if _, ok := s.clients[c]; ok {
			delete(s.clients, c)
		}
		s.mu.Unlock()
	}()

	fmt.Fprintf(w, "retry: 1000\n\n")
	if first != nil {
		w.Write(first)
	}
	fl.Flush()
	if closing {
		return
	}
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case frame, ok := <-c.ch:
			if !ok {
				return
			}
			if _, err := w.Write(frame); err != nil {
				return
			}
			fl.Flush()
		case <-tick.C:
			if _, err := fmt.Fprintf(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-r.Context().Done():
			return
		}
	}
}

func (s *Server) metrics(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	p := s.progress
	p.ErrorsByClass = clone(p.ErrorsByClass)
	p.IgnoredByName = clone(p.IgnoredByName)
	s.mu.Unlock()
	w.Header().Set("Content-Type", report.OpenMetricsType)
	report.OpenMetrics(w, &p)
}

func clone(m map[string]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (s *Server) result(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	res := s.final
	s.mu.Unlock()
	if res == nil {
		http.Error(w, "no finished run yet: the result is written when the run ends", http.StatusNotFound)
		return
	}
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(b, '\n'))
}
