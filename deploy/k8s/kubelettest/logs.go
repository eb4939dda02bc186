package kubelettest

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
)

// The kubelet's termination message from logs (FallbackToLogsOnError): the
// last 80 lines, at most their last 2 KiB (kubecontainer's
// MaxContainerTerminationMessageLogLines and ...LogLength in v1.37).
const (
	terminationMessageLines = 80
	terminationMessageBytes = 2048
)

// handler serves the kubelet API's GET /containerLogs/{namespace}/{pod}/
// {container}, the only kubelet endpoint the apiserver needs here; every
// other path is 404.
func (k *Kubelet) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /containerLogs/{namespace}/{pod}/{container}", k.containerLogs)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })
	return mux
}

func (k *Kubelet) containerLogs(w http.ResponseWriter, req *http.Request) {
	ns, name, container := req.PathValue("namespace"), req.PathValue("pod"), req.PathValue("container")
	q := req.URL.Query()
	fail := func(code int, format string, args ...any) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(code)
		_, _ = fmt.Fprintf(w, format, args...)
	}
	r := k.lookupRun(ns, name)
	if r == nil {
		fail(http.StatusNotFound, "pod %q does not exist", name)
		return
	}
	if container != r.container {
		fail(http.StatusNotFound, "container %q not found in pod %q", container, name)
		return
	}
	if s := q.Get("stream"); s != "" && s != "All" {
		// Both go to one file here, as with the feature gate off.
		fail(http.StatusBadRequest, "unable to return the given log stream: %q (kubelettest keeps stdout and stderr in one log)", s)
		return
	}
	r.mu.Lock()
	attempts := append([]*attempt(nil), r.attempts...)
	waiting, killing := r.waiting, r.killing
	r.mu.Unlock()
	var at *attempt
	switch {
	case q.Get("previous") == "true":
		if len(attempts) < 2 {
			fail(http.StatusBadRequest, "previous terminated container %q in pod %q not found", container, name)
			return
		}
		at = attempts[len(attempts)-2]
	case len(attempts) > 0:
		at = attempts[len(attempts)-1]
	case killing || waiting == "StartError":
		fail(http.StatusBadRequest, "container %q in pod %q is terminated", container, name)
		return
	case waiting == "ErrImagePull":
		fail(http.StatusBadRequest, "container %q in pod %q is waiting to start: image can't be pulled", container, name)
		return
	case waiting == "ImagePullBackOff":
		fail(http.StatusBadRequest, "container %q in pod %q is waiting to start: trying and failing to pull image", container, name)
		return
	case waiting != "":
		fail(http.StatusBadRequest, "container %q in pod %q is waiting to start: %s", container, name, waiting)
		return
	default:
		fail(http.StatusBadRequest, "container %q in pod %q is waiting to start: ContainerCreating", container, name)
		return
	}
	var tail, limit int64 = -1, -1
	for p, v := range map[string]*int64{"tailLines": &tail, "limitBytes": &limit} {
		if s := q.Get(p); s != "" {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || n < 0 {
				http.Error(w, fmt.Sprintf("invalid %s %q", p, s), http.StatusBadRequest)
				return
			}
			*v = n
		}
	}
	f, err := os.Open(at.log)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	out := &limitedWriter{w: w, n: limit}
	if _, err := out.Write(data[tailStart(data, tail):]); err != nil {
		return
	}
	if q.Get("follow") != "true" {
		return
	}
	// Stream what the process writes until it exits (or the client goes).
	fl, _ := w.(http.Flusher)
	buf := make([]byte, 32<<10)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		if fl != nil {
			fl.Flush()
		}
		exited := false
		select {
		case <-at.done:
			exited = true
		default:
		}
		for {
			n, err := f.Read(buf)
			if n > 0 {
				if _, werr := out.Write(buf[:n]); werr != nil {
					return
				}
			}
			if err != nil || n == 0 {
				break
			}
		}
		if exited {
			if fl != nil {
				fl.Flush()
			}
			return
		}
		select {
		case <-req.Context().Done():
			return
		case <-k.ctx.Done():
			return
		case <-at.done:
		case <-tick.C:
		}
	}
}

// tailStart is where the last n lines of data begin (n < 0: all of it). A
// final line without a newline counts as a line.
func tailStart(data []byte, n int64) int {
	if n < 0 {
		return 0
	}
	if n == 0 {
		return len(data)
	}
	pos := len(data)
	if pos > 0 && data[pos-1] == '\n' {
		pos--
	}
	for count := int64(0); pos > 0; pos-- {
		if data[pos-1] == '\n' {
			if count++; count == n {
				break
			}
		}
	}
	return pos
}

// logTail is the termination message fallback: the last lines of the log,
// of which at most the last maxBytes.
func logTail(path string, lines int64, maxBytes int) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Sprintf("Error on reading termination message from logs: %v", err)
	}
	data = data[tailStart(data, lines):]
	if len(data) > maxBytes {
		data = data[len(data)-maxBytes:]
	}
	return string(bytes.ToValidUTF8(data, nil))
}

// limitedWriter writes at most n bytes (n < 0: no limit), then fails.
type limitedWriter struct {
	w io.Writer
	n int64
}

var errLimit = fmt.Errorf("limitBytes reached")

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n < 0 {
		return l.w.Write(p)
	}
	if l.n == 0 {
		return 0, errLimit
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.w.Write(p)
	l.n -= int64(n)
	if err == nil && l.n == 0 {
		err = errLimit
	}
	return n, err
}
