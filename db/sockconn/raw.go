package sockconn

import (
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// raw is set while Dial makes blocking connections whose reads and writes
// bypass the Go scheduler (SetRaw).
var raw atomic.Bool

// SetRaw chooses whether blocking connections dialled from now on read and
// write through syscall.RawSyscall (an experiment of issue 33,
// DBGAUGE_WAKEUPS=raw). It returns the previous choice, for a deferred
// restore. Connections that follow SetBlocking never do.
//
// A raw system call does not tell the runtime that the thread is blocked:
// the goroutine stays running on its P, so sysmon never takes the P away in
// the middle of a read and no other thread is woken to run it. The price:
//   - every such goroutine holds a P while it waits, so the run needs a P
//     for each connection and some to spare (GOMAXPROCS ≥ connections + 2,
//     the runner checks);
//   - a stop-the-world (GC) waits until every running goroutine stops, and a
//     goroutine in a raw read stops only when the read returns. So a raw
//     connection keeps a finite socket timeout (rawBound) while no deadline
//     is set: with one, the kernel ends a read or write interrupted by a
//     signal with EINTR instead of restarting it (Go installs its handlers
//     with SA_RESTART, which restarts socket calls without a timeout). The
//     runtime signals a goroutine it wants stopped (SIGURG); on EINTR the
//     call is made again through syscall.Read/Write, whose entry hands the
//     P to the collector at once. A GC pause is then bounded by the signal's
//     delivery and the thread getting a CPU to take it, not by the server's
//     reply.
func SetRaw(on bool) (was bool) { return raw.Swap(on) }

// rawBound is the socket timeout of a raw connection with no deadline set.
// Its only purpose is EINTR on signals (SetRaw); when it expires, the call
// is simply made again.
const rawBound = time.Hour

// sysRead is read(2), raw unless slow.
func (c *Conn) sysRead(b []byte, slow bool) (int, error) {
	if !c.raw || slow {
		return syscall.Read(c.fd, b)
	}
	n, _, e := syscall.RawSyscall(syscall.SYS_READ, uintptr(c.fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	if e != 0 {
		return -1, e
	}
	return int(n), nil
}

// sysWrite is write(2), raw unless slow.
func (c *Conn) sysWrite(b []byte, slow bool) (int, error) {
	if !c.raw || slow {
		return syscall.Write(c.fd, b)
	}
	n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(c.fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	if e != 0 {
		return -1, e
	}
	return int(n), nil
}

// boundOnly says an EAGAIN came from rawBound, not from a deadline: the
// call is to be made again.
func (c *Conn) boundOnly(deadline *atomic.Bool) bool { return c.raw && !deadline.Load() }
