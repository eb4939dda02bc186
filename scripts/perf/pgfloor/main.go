// Command pgfloor is the floor of a Go client's cost on sysbench's
// oltp_read_write against PostgreSQL: the same 20 prepared statements a
// transaction (BEGIN, 10 point selects, 4 ranges of 100 rows, 2 updates, a
// delete and an insert, COMMIT) on the sbtest tables that `prepare` made,
// with nothing else: no interpreter, no driver past the connection's start
// (pgconn connects, authenticates and prepares, then the socket is taken
// over), no histograms, no result decoding (replies are scanned for their
// message types only). What it costs a transaction is what any Go program
// pays for those round trips; scripts/perf/floor.sh runs it beside
// sysbench and dbgauge.
//
//	go run ./scripts/perf/pgfloor -url postgres://… -threads 2 -time 10 -io blocking
//
// Ids are drawn as sysbench 1.0.20 draws them by default (-rand special:
// three quarters of them from 1% of the ids), tables uniformly.
//
// -io: netpoll (Go's net.Conn), blocking (read(2) and write(2) on a
// blocking socket through syscall.Read/Write, as dbgauge's default) or raw
// (the same through syscall.RawSyscall); blocking and raw call the
// scheduler every 5 ms and run with
// GOMAXPROCS threads + 2, as dbgauge's blocking sockets do (run/goruntime.go),
// unless -procs or GOMAXPROCS says otherwise. It prints sysbench's
// "transactions: N (R per sec.)" line, and its own CPU (getrusage).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// statements are oltp_common.lua's, $n for ?, one set per table.
var statements = []struct {
	name, sql string
}{
	{"point", "SELECT c FROM sbtest%d WHERE id=$1"},
	{"simple", "SELECT c FROM sbtest%d WHERE id BETWEEN $1 AND $2"},
	{"sum", "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN $1 AND $2"},
	{"order", "SELECT c FROM sbtest%d WHERE id BETWEEN $1 AND $2 ORDER BY c"},
	{"distinct", "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN $1 AND $2 ORDER BY c"},
	{"index", "UPDATE sbtest%d SET k=k+1 WHERE id=$1"},
	{"nonindex", "UPDATE sbtest%d SET c=$1 WHERE id=$2"},
	{"delete", "DELETE FROM sbtest%d WHERE id=$1"},
	{"insert", "INSERT INTO sbtest%d (id, k, c, pad) VALUES ($1, $2, $3, $4)"},
}

func main() {
	url := flag.String("url", "", "PostgreSQL URL of the database with the sbtest tables")
	threads := flag.Int("threads", 2, "connections, one goroutine each")
	secs := flag.Int("time", 10, "seconds")
	tables := flag.Int("tables", 4, "sbtest tables")
	size := flag.Int("table-size", 100000, "rows a table")
	io := flag.String("io", "blocking", "netpoll, blocking or raw")
	dist := flag.String("rand", "special", "the ids' distribution: special (sysbench 1.0.20's default) or uniform")
	procs := flag.Int("procs", 0, "GOMAXPROCS (0: threads + 2 for blocking and raw, else as Go sets it)")
	flag.Parse()
	if *url == "" || (*io != "netpoll" && *io != "blocking" && *io != "raw") {
		fmt.Fprintln(os.Stderr, "pgfloor: -url is needed, and -io is netpoll, blocking or raw")
		os.Exit(2)
	}
	p := randgen.DefaultParams
	p.Kind = randgen.Kind(*dist)
	ids, err := randgen.NewDist(p, 1, int64(*size))
	if err != nil || p.Validate() != nil {
		fmt.Fprintln(os.Stderr, "pgfloor: -rand is special or uniform")
		os.Exit(2)
	}
	switch {
	case *procs > 0:
		runtime.GOMAXPROCS(*procs)
	case *io != "netpoll" && os.Getenv("GOMAXPROCS") == "":
		runtime.GOMAXPROCS(*threads + 2)
	}
	conns := make([]*client, *threads)
	for i := range conns {
		c, err := open(*url, *tables, *io)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pgfloor:", err)
			os.Exit(1)
		}
		conns[i] = c
	}
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	var txns, ignored atomic.Int64
	var failed atomic.Value
	deadline := time.Now().Add(time.Duration(*secs) * time.Second)
	start := time.Now()
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := randgen.New(uint64(time.Now().UnixNano()), uint64(i))
			yieldAt := time.Now()
			for {
				now := time.Now()
				if !now.Before(deadline) {
					break
				}
				if *io != "netpoll" && now.After(yieldAt) {
					// dbgauge's users do this (run/user.go, yield): else sysmon
					// takes a goroutine that never reschedules for a long-running
					// one and hands its P off in the middle of its reads.
					runtime.Gosched()
					yieldAt = now.Add(5 * time.Millisecond)
				}
				err := c.transaction(r, ids, *tables)
				if errors.Is(err, errServer) {
					// sysbench's pgsql driver ignores and restarts a unique
					// violation or a deadlock (a delete and an insert of the same
					// id by two connections): roll back, count, go on.
					if err = c.rollback(); err == nil {
						ignored.Add(1)
						continue
					}
				}
				if err != nil {
					failed.Store(err)
					return
				}
				txns.Add(1)
			}
		}()
	}
	wg.Wait()
	el := time.Since(start).Seconds()
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	if err, ok := failed.Load().(error); ok {
		fmt.Fprintln(os.Stderr, "pgfloor:", err)
		os.Exit(1)
	}
	n := txns.Load()
	user := tv(ru1.Utime) - tv(ru0.Utime)
	sys := tv(ru1.Stime) - tv(ru0.Stime)
	fmt.Printf("    transactions:                        %d   (%.2f per sec.)\n", n, float64(n)/el)
	fmt.Printf("    ignored errors:                      %d\n", ignored.Load())
	fmt.Printf("pgfloor io=%s threads=%d GOMAXPROCS=%d: user %.0f µs, sys %.0f µs a transaction\n", *io, *threads, runtime.GOMAXPROCS(0), user/float64(n)*1e6, sys/float64(n)*1e6)
}

func tv(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }

// client is one connection taken over from pgconn, and its buffers.
type client struct {
	conn net.Conn
	file *os.File // holds fd (a finalizer would close it)
	fd   int
	io   string
	out  []byte
	in   []byte
}

func open(url string, tables int, io string) (*client, error) {
	ctx := context.Background()
	pc, err := pgconn.Connect(ctx, url)
	if err != nil {
		return nil, err
	}
	if _, err := pc.Prepare(ctx, "begin", "BEGIN", nil); err != nil {
		return nil, err
	}
	if _, err := pc.Prepare(ctx, "commit", "COMMIT", nil); err != nil {
		return nil, err
	}
	for t := 1; t <= tables; t++ {
		for _, s := range statements {
			if _, err := pc.Prepare(ctx, s.name+strconv.Itoa(t), fmt.Sprintf(s.sql, t), nil); err != nil {
				return nil, err
			}
		}
	}
	hc, err := pc.Hijack()
	if err != nil {
		return nil, err
	}
	c := &client{conn: hc.Conn, io: io, in: make([]byte, 256<<10)}
	if io != "netpoll" {
		f, err := hc.Conn.(*net.TCPConn).File() // a duplicate descriptor
		if err != nil {
			return nil, err
		}
		c.file, c.fd = f, int(f.Fd())
		if err := syscall.SetNonblock(c.fd, false); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// transaction is oltp_read_write's event: each statement is one Bind,
// Execute and Sync, and one wait for ReadyForQuery.
func (c *client) transaction(r *randgen.Rand, ids *randgen.Dist, tables int) error {
	id := func() string { return strconv.FormatInt(ids.Next(r), 10) }
	table := func() string { return strconv.Itoa(1 + r.IntN(tables)) }
	if err := c.exec("begin"); err != nil {
		return err
	}
	t := table()
	for range 10 {
		if err := c.exec("point"+t, id()); err != nil {
			return err
		}
	}
	for _, s := range []string{"simple", "sum", "order", "distinct"} {
		t := table()
		lo := ids.Next(r)
		if err := c.exec(s+t, strconv.FormatInt(lo, 10), strconv.FormatInt(lo+99, 10)); err != nil {
			return err
		}
	}
	if err := c.exec("index"+table(), id()); err != nil {
		return err
	}
	if err := c.exec("nonindex"+table(), randStr(r, 120), id()); err != nil {
		return err
	}
	t, del := table(), id()
	if err := c.exec("delete"+t, del); err != nil {
		return err
	}
	if err := c.exec("insert"+t, del, id(), randStr(r, 120), randStr(r, 60)); err != nil {
		return err
	}
	return c.exec("commit")
}

// randStr is sysbench's template of digits and dashes, filled.
func randStr(r *randgen.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		if i%12 == 11 {
			b[i] = '-'
		} else {
			b[i] = byte('0' + r.IntN(10))
		}
	}
	return string(b)
}

// exec sends the statement's Bind, Execute and Sync and reads until
// ReadyForQuery (await).
func (c *client) exec(stmt string, args ...string) error {
	params := make([][]byte, len(args))
	for i, a := range args {
		params[i] = []byte(a)
	}
	b := c.out[:0]
	b, _ = (&pgproto3.Bind{PreparedStatement: stmt, Parameters: params}).Encode(b)
	b, _ = (&pgproto3.Execute{}).Encode(b)
	b, _ = (&pgproto3.Sync{}).Encode(b)
	c.out = b
	if err := c.write(b); err != nil {
		return err
	}
	return c.await(stmt)
}

// errServer is an ErrorResponse: the statement failed.
var errServer = errors.New("the server returned an error")

// rollback ends a failed transaction with a simple query.
func (c *client) rollback() error {
	b := append(c.out[:0], 'Q', 0, 0, 0, 4+9)
	b = append(b, "ROLLBACK\x00"...)
	c.out = b
	if err := c.write(b); err != nil {
		return err
	}
	return c.await("ROLLBACK")
}

// await reads the reply to ReadyForQuery; an ErrorResponse in it fails
// the statement (errServer).
func (c *client) await(stmt string) error {
	have, at := 0, 0
	failed := false
	for {
		for have-at >= 5 {
			n := int(uint32(c.in[at+1])<<24 | uint32(c.in[at+2])<<16 | uint32(c.in[at+3])<<8 | uint32(c.in[at+4]))
			if have-at < 1+n {
				break
			}
			switch c.in[at] {
			case 'E':
				failed = true
			case 'Z':
				if failed {
					return fmt.Errorf("%s: %w", stmt, errServer)
				}
				return nil
			}
			at += 1 + n
		}
		if at > 0 { // keep a partial message at the front
			have = copy(c.in, c.in[at:have])
			at = 0
		}
		n, err := c.read(c.in[have:])
		if err != nil {
			return err
		}
		have += n
	}
}

// sys makes read(2) or write(2) (trap) on the blocking socket, raw or
// through the runtime's system-call entry, again after an EINTR.
func (c *client) sys(trap uintptr, b []byte) (int, error) {
	for {
		var r uintptr
		var e syscall.Errno
		if c.io == "raw" {
			r, _, e = syscall.RawSyscall(trap, uintptr(c.fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		} else {
			r, _, e = syscall.Syscall(trap, uintptr(c.fd), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		}
		switch e {
		case 0:
			return int(r), nil
		case syscall.EINTR:
			continue
		}
		return 0, e
	}
}

func (c *client) write(b []byte) error {
	if c.io == "netpoll" {
		_, err := c.conn.Write(b)
		return err
	}
	for len(b) > 0 {
		n, err := c.sys(syscall.SYS_WRITE, b)
		if err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

func (c *client) read(b []byte) (int, error) {
	if c.io == "netpoll" {
		return c.conn.Read(b)
	}
	n, err := c.sys(syscall.SYS_READ, b)
	if err == nil && n == 0 {
		return 0, errors.New("the server closed the connection")
	}
	return n, err
}
