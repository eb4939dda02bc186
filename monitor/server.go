package monitor

import (
	"bufio"
	"net"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	gnet "github.com/shirou/gopsutil/v4/net"
	"github.com/shirou/gopsutil/v4/process"
)

// Server watches a database server that runs on this host, found by the
// process listening on its TCP port: CPU of the server and all its
// children, and their proportional memory (PSS, so PostgreSQL's shared
// buffers are not counted once per backend).
type Server struct {
	pid   int32
	at    time.Time
	cpu   float64
	procs []*process.Process
	// pss is the last PSS read, pssNext when Sample reads it again (see
	// samplePSS).
	pss     float64
	pssNext time.Time
}

// FindServer returns the server listening on the URL's port on a local
// address, or nil if there is none (a remote server, a file database).
func FindServer(rawURL string) *Server {
	u, err := url.Parse(rawURL)
	if err != nil || u.Port() == "" {
		return nil
	}
	if ip := net.ParseIP(u.Hostname()); !(u.Hostname() == "localhost" || (ip != nil && ip.IsLoopback())) {
		return nil
	}
	port, _ := strconv.Atoi(u.Port())
	conns, err := gnet.Connections("tcp")
	if err != nil {
		return nil
	}
	for _, c := range conns {
		if c.Status == "LISTEN" && int(c.Laddr.Port) == port && c.Pid > 0 {
			s := &Server{pid: c.Pid}
			s.at, s.cpu, _ = time.Now(), s.cpuSeconds(), s.PSSMB()
			return s
		}
	}
	return nil
}

// tree returns the server process and its descendants. It reads only the
// tree's own /proc/PID/task/TID/children files: gopsutil's Children globs
// every task of every process on the host for each call, which cost 15% of
// a core at one sample a second on a busy machine.
func (s *Server) tree() []*process.Process {
	root, err := process.NewProcess(s.pid)
	if err != nil {
		return nil
	}
	out := []*process.Process{root}
	for i := 0; i < len(out); i++ {
		for _, pid := range childPIDs(out[i].Pid) {
			out = append(out, &process.Process{Pid: pid})
		}
	}
	return out
}

// childPIDs lists pid's children from its tasks' children files.
func childPIDs(pid int32) []int32 {
	dir := "/proc/" + strconv.Itoa(int(pid)) + "/task"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []int32
	for _, t := range tasks {
		b, err := os.ReadFile(dir + "/" + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.ParseInt(f, 10, 32); err == nil {
				out = append(out, int32(n))
			}
		}
	}
	return out
}

func (s *Server) cpuSeconds() float64 {
	var t float64
	s.procs = s.tree()
	for _, p := range s.procs {
		if ct, err := p.Times(); err == nil {
			t += ct.User + ct.System
		}
	}
	return t
}

// PSSMB is the server's proportional set size in MB (RSS where /proc has no
// smaps_rollup).
func (s *Server) PSSMB() float64 { return pssMB(s.tree()) }

func pssMB(procs []*process.Process) float64 {
	var kb float64
	for _, p := range procs {
		kb += pssKB(p)
	}
	return kb / 1024
}

func pssKB(p *process.Process) float64 {
	f, err := os.Open("/proc/" + strconv.Itoa(int(p.Pid)) + "/smaps_rollup")
	if err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "Pss:"); ok {
				n, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
				return n
			}
		}
	}
	if m, err := p.MemoryInfo(); err == nil {
		return float64(m.RSS) / 1024
	}
	return 0
}

// Sample returns the server's CPU (percent of one core) since the previous
// sample, and its memory now.
func (s *Server) Sample() (cpuPct, memMB float64) {
	now, cpu := time.Now(), s.cpuSeconds()
	if dt := now.Sub(s.at).Seconds(); dt > 0 {
		cpuPct = CapCPU((cpu-s.cpu)/dt*100, runtime.NumCPU())
	}
	s.at, s.cpu = now, cpu
	return cpuPct, s.samplePSS(now)
}

// pssBudget bounds the share of time the client spends reading the
// server's PSS: 1/pssBudget.
const pssBudget = 400

// samplePSS returns the server's PSS, read again only once the previous
// read's cost is at most 1/pssBudget of the time since. Reading smaps_rollup
// walks each process's page tables in the kernel, on the client's CPU: for
// PostgreSQL that is every backend's mapping of the shared buffers, about
// 10 ms with 2 connections, growing with the connections. At a read a
// second that was 2% of the client's CPU in a 2-thread oltp_read_write.lua
// run (perf: smaps_account, 17 µs a transaction), which sysbench beside it
// does not pay. A read that takes 10 ms is repeated every 4 s; memory
// moves slowly next to that, and a sweep's step still gets several reads.
func (s *Server) samplePSS(now time.Time) float64 {
	if now.Before(s.pssNext) {
		return s.pss
	}
	s.pss = pssMB(s.procs)
	cost := time.Since(now)
	s.pssNext = now.Add(cost * pssBudget)
	return s.pss
}

// Processes is how many processes the server has now (PostgreSQL: one per
// connection).
func (s *Server) Processes() int { return len(s.procs) }
