package run

import (
	"fmt"
	"runtime"
	"syscall"
	"time"

	"github.com/dbgauge/dbgauge/db/sockconn"
	"github.com/dbgauge/dbgauge/results"
)

// The socket probe (DBGAUGE_SOCKETS=auto): no static rule picks the cheaper
// of blocking sockets and Go's netpoller (docs/performance.md: for
// PostgreSQL point selects at 8 connections on 2 cores the netpoller won by
// 23%, for read/write it lost by 20%), so the run tries both on its own
// load and keeps the one that costs the client less CPU per transaction.
//
// Once every user has started (after --ramp), the probe alternates the
// modes, at least probeRounds times: each turn switches every connection (at
// its next request, sockconn.SetSwitchable) and GOMAXPROCS (blocking sockets
// want a P each, procsFor), lets probeSettle pass, then counts the process's
// CPU time (getrusage: user and system, every thread) and the transactions
// finished over probeWindow. A figure from a handful of transactions is
// noise (on a starved machine a window can finish two), so while a mode has
// fewer than probeMinTxns the probe goes on, up to probeMaxRounds and within
// the first half of the run; if a mode still has too few, the run keeps
// blocking sockets (the default) and the result says the probe was
// inconclusive. Every window's mode, transactions and CPU are kept in the
// result. The probe runs in the warmup when the warmup is long enough, else
// in the first seconds of the measured run, which then mixes both modes in
// those seconds; the result's environment says so.
const (
	probeRounds    = 2
	probeMaxRounds = 4
	probeMinTxns   = 30
	probeSettle    = 250 * time.Millisecond
	probeWindow    = 750 * time.Millisecond
)

// probeSpan is how long the probe takes when its first rounds suffice.
const probeSpan = 2 * probeRounds * (probeSettle + probeWindow)

// socketsFor is blockingFor, and whether the run probes: DBGAUGE_SOCKETS=auto
// in a closed-loop run whose connections could take blocking sockets, long
// enough for the probe to be a small part of it.
func socketsFor(cfg Config, env string, cpus int) (blocking, probe bool) {
	if env != "auto" {
		return blockingFor(cfg, env, cpus), false
	}
	blocking = blockingFor(cfg, "", cpus)
	long := cfg.Duration <= 0 || cfg.Warmup+cfg.Duration >= cfg.Ramp+4*probeSpan
	return blocking, blocking && cfg.Rate <= 0 && long
}

// socketProbe is the probe's state: the GOMAXPROCS of each mode, and what
// it measured (result, set before the probe's goroutine ends).
type socketProbe struct {
	procs, blockingProcs int
	result               *results.SocketProbe
}

func (p *socketProbe) chosen() string {
	if p.result == nil || p.result.Chosen == "" {
		return modeName(true)
	}
	return p.result.Chosen
}

// setMode switches the run's sockets and GOMAXPROCS to a mode.
func (p *socketProbe) setMode(blocking bool) {
	sockconn.SetBlocking(blocking)
	if blocking && p.blockingProcs > p.procs {
		runtime.GOMAXPROCS(p.blockingProcs)
	} else {
		runtime.GOMAXPROCS(p.procs)
	}
}

// cpuNs is the process's CPU time so far.
func cpuNs() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// probeSockets runs the probe (in the run's own goroutine) and leaves the
// cheaper mode in place; it gives up, keeping blocking sockets, when the
// run stops first.
func (r *runner) probeSockets() {
	p := r.probe
	t := time.NewTimer(time.Until(r.base.Add(r.cfg.Ramp)))
	defer t.Stop()
	wait := func(d time.Duration) bool {
		t.Reset(d)
		select {
		case <-t.C:
			return true
		case <-r.stopCh:
			return false
		}
	}
	select {
	case <-t.C:
	case <-r.stopCh:
		return
	}
	// The probe may go on past probeRounds until this time.
	until := time.Time{} // no end: the run has no fixed length
	if r.cfg.Duration > 0 {
		until = r.base.Add(r.cfg.Ramp + (r.cfg.Warmup+r.cfg.Duration-r.cfg.Ramp)/2)
	}
	var cpu, txns [2]int64 // [0] blocking, [1] netpoll
	var windows []results.ProbeWindow
	for turn := 0; turn < 2*probeRounds || probeMore(turn, txns, until); turn++ {
		m := turn % 2
		p.setMode(m == 0)
		if !wait(probeSettle) {
			p.setMode(true)
			return
		}
		c0, n0 := cpuNs(), r.probeTxns.Load()
		r.probing.Store(true)
		ok := wait(probeWindow)
		r.probing.Store(false)
		dc, dn := cpuNs()-c0, r.probeTxns.Load()-n0
		cpu[m] += dc
		txns[m] += dn
		windows = append(windows, results.ProbeWindow{Mode: modeName(m == 0), Txns: dn, CPUUs: float64(dc) / 1e3})
		if !ok {
			p.setMode(true)
			return
		}
	}
	res := &results.SocketProbe{Chosen: modeName(true), BlockingTxns: txns[0], NetpollTxns: txns[1], Windows: windows}
	if txns[0] > 0 {
		res.BlockingUs = float64(cpu[0]) / float64(txns[0]) / 1e3
	}
	if txns[1] > 0 {
		res.NetpollUs = float64(cpu[1]) / float64(txns[1]) / 1e3
	}
	switch {
	case min(txns[0], txns[1]) < probeMinTxns:
		res.Inconclusive = fmt.Sprintf("fewer than %d transactions in a mode: blocking sockets kept", probeMinTxns)
	case res.NetpollUs < res.BlockingUs:
		res.Chosen = modeName(false)
	}
	p.setMode(res.Chosen == modeName(true))
	p.result = res
}

// probeMore says whether the probe goes on past its first rounds at this
// turn: a started round is finished; a new one starts while a mode has
// fewer than probeMinTxns, up to probeMaxRounds, if it ends before until.
func probeMore(turn int, txns [2]int64, until time.Time) bool {
	if turn%2 == 1 {
		return true
	}
	return min(txns[0], txns[1]) < probeMinTxns && turn < 2*probeMaxRounds &&
		(until.IsZero() || !time.Now().Add(2*(probeSettle+probeWindow)).After(until))
}

// modeName is a socket mode's name in outcomes and results.
func modeName(blocking bool) string {
	if blocking {
		return "blocking"
	}
	return "netpoll"
}
