package sys

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"

	"github.com/dbgauge/dbgauge/workload"
)

// FileIO is sysbench's fileio test (src/tests/fileio/sb_fileio.c, 1.0.20):
// file-num files of file-total-size/file-num bytes, and events that are
// each one request: a read or a write of file-block-size bytes, or an fsync
// of one file. Only the synchronous I/O mode is implemented (pread, pwrite,
// fsync), and requests are never merged (file-merged-requests 0).
type FileIO struct{}

var _ workload.Workload = FileIO{}

// Test modes, as sysbench names them.
var fileModes = []string{"seqwr", "seqrewr", "seqrd", "rndrd", "rndwr", "rndrw"}

// Meta implements workload.Workload.
func (FileIO) Meta() workload.Meta {
	return workload.Meta{Name: "fileio", Family: Family,
		Description: "sysbench's fileio test: sequential or random reads, writes and fsyncs over prepared test files"}
}

// Options implements workload.Workload. Names and defaults are sb_fileio.c's
// fileio_args; file-async-backlog and file-merged-requests are left out,
// and file-dir is dbgauge's (sysbench uses the current directory).
func (FileIO) Options() []workload.Option {
	return []workload.Option{
		{Name: "file-num", Help: "number of files to create", Kind: workload.Int, Default: "128", Min: 1, Max: 1 << 20},
		{Name: "file-block-size", Help: "block size to use in all IO operations", Kind: workload.String, Default: "16384"},
		{Name: "file-total-size", Help: "total size of files to create", Kind: workload.String, Default: "2G"},
		{Name: "file-test-mode", Help: "test mode {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw} (required by run)", Kind: workload.String, Default: ""},
		{Name: "file-io-mode", Help: "file operations mode (sync only)", Kind: workload.String, Default: "sync"},
		{Name: "file-extra-flags", Help: "list of additional flags to use to open files {sync,dsync,direct}", Kind: workload.String, Default: ""},
		{Name: "file-fsync-freq", Help: "do fsync() after this number of requests (0 - don't use fsync())", Kind: workload.Int, Default: "100", Min: 0, Max: math.MaxInt32},
		{Name: "file-fsync-all", Help: "do fsync() after each write operation", Kind: workload.Bool, Default: "off"},
		{Name: "file-fsync-end", Help: "do fsync() at the end of test", Kind: workload.Bool, Default: "on"},
		{Name: "file-fsync-mode", Help: "which method to use for synchronization", Kind: workload.Enum, Default: "fsync", Choices: []string{"fsync", "fdatasync"}},
		{Name: "file-rw-ratio", Help: "reads/writes ratio for combined test", Kind: workload.Float, Default: "1.5"},
		{Name: "file-dir", Help: "directory of the test files (dbgauge's; sysbench uses the current directory)", Kind: workload.String, Default: "."},
	}
}

// maxFileBlock bounds file-block-size (one buffer of it per thread).
const maxFileBlock = 1 << 30

// Configure implements workload.Workload with parse_arguments' checks. A file
// size that is not a whole number of blocks is refused: sysbench accepts it
// and then issues shorter requests at the end of each file (and unaligned
// ones in random modes), which dbgauge's byte counts would not reflect.
func (FileIO) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	t := &fileTest{num: int(v.Int("file-num")), fsyncFreq: v.Int("file-fsync-freq"),
		fsyncAll: v.Bool("file-fsync-all"), fsyncEnd: v.Bool("file-fsync-end"),
		fdatasync: v.String("file-fsync-mode") == "fdatasync", rwRatio: v.Float("file-rw-ratio"),
		mode: strings.TrimSpace(v.String("file-test-mode")), dir: v.String("file-dir")}
	var err error
	if t.block, err = sizeOption(v, "file-block-size", 1, maxFileBlock); err != nil {
		return nil, err
	}
	total, err := sizeOption(v, "file-total-size", 1, math.MaxInt64)
	if err != nil {
		return nil, err
	}
	t.fileSize = total / int64(t.num)
	switch {
	case t.fileSize == 0:
		return nil, fmt.Errorf("--file-total-size %d is smaller than --file-num %d: the files would be empty", total, t.num)
	case t.fileSize%t.block != 0:
		return nil, fmt.Errorf("each file (--file-total-size/--file-num = %d bytes) must be a whole number of --file-block-size (%d) blocks", t.fileSize, t.block)
	case t.mode != "" && !slices.Contains(fileModes, t.mode):
		return nil, fmt.Errorf("--file-test-mode must be one of %s, got %q", strings.Join(fileModes, ", "), t.mode)
	case v.String("file-io-mode") != "sync":
		return nil, fmt.Errorf("--file-io-mode %q is not supported: dbgauge does synchronous I/O only (sync)", v.String("file-io-mode"))
	case math.IsNaN(t.rwRatio) || math.IsInf(t.rwRatio, 0) || t.rwRatio < 0:
		return nil, fmt.Errorf("--file-rw-ratio must be a number of 0 or more, got %g", t.rwRatio)
	case strings.TrimSpace(t.dir) == "":
		return nil, fmt.Errorf("--file-dir must name a directory")
	}
	for _, f := range strings.Split(v.String("file-extra-flags"), ",") {
		switch strings.TrimSpace(f) {
		case "":
		case "sync":
			t.extra |= flagSync
		case "dsync":
			t.extra |= flagDsync
		case "direct":
			t.extra |= flagDirect
		default:
			return nil, fmt.Errorf("--file-extra-flags: unknown flag %q (flags: sync, dsync, direct)", f)
		}
	}
	if t.extra&flagDirect != 0 && t.block%directAlign != 0 {
		return nil, fmt.Errorf("--file-extra-flags direct needs --file-block-size a multiple of %d, got %d", directAlign, t.block)
	}
	if t.fsyncAll { // parse_arguments: file-fsync-all overrides -end and -freq
		t.fsyncEnd, t.fsyncFreq = false, 0
	}
	t.threads = max(p.Users, 1)
	return t, nil
}

// Extra open flags (file_flags_t).
const (
	flagSync = 1 << iota
	flagDsync
	flagDirect
)

// directAlign is the alignment O_DIRECT needs of sizes and offsets (the
// logical block size of most devices); buffers are aligned to a page.
const directAlign = 512

// Operations: every request is one of these.
const (
	opRead workload.OpID = iota
	opWrite
	opFsync
)

var fileOps = []workload.Op{{Name: "read", Class: workload.Read}, {Name: "write", Class: workload.Write}, {Name: "fsync", Class: workload.Other}}

type fileTest struct {
	dir                string
	num, threads       int
	fileSize, block    int64
	mode               string
	extra              int
	fsyncFreq          int64
	fsyncAll, fsyncEnd bool
	fdatasync          bool
	rwRatio            float64

	files []*os.File
	fds   []int

	// mu guards the request generator's state, shared by every thread as
	// sysbench's statics are (SB_THREAD_MUTEX_LOCK in file_get_*_request).
	mu           sync.Mutex
	position     int64 // sequential modes: offset in the current file
	currentFile  int
	fsyncedFile  int   // next file of a periodic fsync series
	reqPerformed int64 // reads and writes handed out (not fsyncs)
	isDirty      bool  // writes since the last fsync series
	readOps      int64 // completed reads and writes: rndrw's ratio
	writeOps     int64
}

var _ Test = (*fileTest)(nil)

func (t *fileTest) Ops() []workload.Op        { return fileOps }
func (t *fileTest) Dataset() workload.Dataset { return nil }
func (t *fileTest) BlockSize() int64          { return t.block }
func (t *fileTest) EventLimit() int64         { return 0 }
func (t *fileTest) Moves() Moves              { return BlockPerFileOp }

// TestMode is --file-test-mode ("" when not given).
func (t *fileTest) TestMode() string { return t.mode }

// writes reports whether the mode writes (file_thread_done's fsync at the end
// skips the read-only modes).
func (t *fileTest) writes() bool { return t.mode != "seqrd" && t.mode != "rndrd" }

// Mode is file_print_mode.
func (t *fileTest) Mode(events int64) []string {
	lines := []string{"Extra file open flags: " + t.flagsText(),
		fmt.Sprintf("%d files, %sB each", t.num, PrintSize(float64(t.fileSize))),
		fmt.Sprintf("%sB total file size", PrintSize(float64(t.fileSize*int64(t.num)))),
		fmt.Sprintf("Block size %sB", PrintSize(float64(t.block)))}
	if strings.HasPrefix(t.mode, "rnd") {
		lines = append(lines, fmt.Sprintf("Number of IO requests: %d", events),
			fmt.Sprintf("Read/Write ratio for combined random IO test: %2.2f", t.rwRatio))
	}
	if t.fsyncFreq > 0 {
		lines = append(lines, fmt.Sprintf("Periodic FSYNC enabled, calling fsync() each %d requests.", t.fsyncFreq))
	}
	if t.fsyncEnd {
		lines = append(lines, "Calling fsync() at the end of test, Enabled.")
	}
	if t.fsyncAll {
		lines = append(lines, "Calling fsync() after each write operation.")
	}
	names := map[string]string{"seqwr": "sequential write (creation)", "seqrewr": "sequential rewrite", "seqrd": "sequential read",
		"rndrd": "random read", "rndwr": "random write", "rndrw": "random r/w"}
	return append(lines, "Using synchronous I/O mode", "Doing "+names[t.mode]+" test")
}

// flagsText is print_file_extra_flags' list.
func (t *fileTest) flagsText() string {
	if t.extra == 0 {
		return "(none)"
	}
	var s string
	if t.extra&flagSync != 0 {
		s += "sync "
	}
	if t.extra&flagDsync != 0 {
		s += "dsync "
	}
	if t.extra&flagDirect != 0 {
		s += "directio"
	}
	return s
}

// openFlags is convert_extra_flags.
func (t *fileTest) openFlags() int {
	f := 0
	if t.extra&flagSync != 0 {
		f |= os.O_SYNC
	}
	if t.extra&flagDsync != 0 {
		f |= syscall.O_DSYNC
	}
	if t.extra&flagDirect != 0 {
		f |= syscall.O_DIRECT
	}
	return f
}

// request is one event: an operation on a file at an offset.
type request struct {
	op   workload.OpID
	file int
	pos  int64
	size int64
}

// next hands out the next request: file_next_event.
func (t *fileTest) next(rng *xoroshiro) request {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.mode == "seqwr" || t.mode == "seqrewr" || t.mode == "seqrd" {
		return t.nextSeq()
	}
	return t.nextRnd(rng)
}

// periodicFsync is the fsync series both generators start when the
// requests handed out reach a multiple of file-fsync-freq after a write:
// one fsync event per file, then the files are clean.
func (t *fileTest) periodicFsync() (request, bool) {
	if t.fsyncFreq == 0 || !t.isDirty || t.reqPerformed%t.fsyncFreq != 0 {
		return request{}, false
	}
	r := request{op: opFsync, file: t.fsyncedFile}
	t.fsyncedFile++
	if t.fsyncedFile == t.num {
		t.fsyncedFile = 0
		t.isDirty = false
	}
	return r, true
}

// nextSeq is file_get_seq_request: block after block through every file,
// back to the first file after the last.
func (t *fileTest) nextSeq() request {
	op := opRead
	if t.mode != "seqrd" {
		op = opWrite
		if r, ok := t.periodicFsync(); ok {
			return r
		}
	}
	t.reqPerformed++
	if op == opWrite {
		t.isDirty = true
	}
	if t.currentFile == t.num {
		t.position, t.currentFile = 0, 0
	}
	r := request{op: op, file: t.currentFile, pos: t.position, size: min(t.block, t.fileSize-t.position)}
	t.position += r.size
	if t.position == t.fileSize {
		t.currentFile++
		t.position = 0
	}
	return r
}

// nextRnd is file_get_rnd_request: a block-aligned offset drawn uniformly
// over all the files; rndrw reads while completed reads/writes (each plus
// one) are below file-rw-ratio. Offsets are drawn over file-num × file size
// (sysbench draws over file-total-size, which can point one file past the
// last when file-num does not divide it).
func (t *fileTest) nextRnd(rng *xoroshiro) request {
	op := opRead
	switch t.mode {
	case "rndwr":
		op = opWrite
	case "rndrw":
		if float64(t.readOps+1)/float64(t.writeOps+1) >= t.rwRatio {
			op = opWrite
		}
	}
	if r, ok := t.periodicFsync(); ok {
		return r
	}
	total := t.fileSize * int64(t.num)
	pos := int64(rng.double() * float64(total))
	pos -= pos % t.block
	r := request{op: op, file: int(pos / t.fileSize), pos: pos % t.fileSize}
	r.size = min(t.block, t.fileSize-r.pos)
	t.reqPerformed++
	if op == opWrite {
		t.isDirty = true
	}
	return r
}

// completed counts a finished read or write (file_execute_event's
// read_ops++ / write_ops++), which rndrw's choice reads. Other modes need
// no count (the runner counts operations), so they skip the lock.
func (t *fileTest) completed(op workload.OpID) {
	if t.mode != "rndrw" {
		return
	}
	t.mu.Lock()
	if op == opRead {
		t.readOps++
	} else {
		t.writeOps++
	}
	t.mu.Unlock()
}

// NewUser implements workload.Instance: each user has its own page-aligned
// buffer of one block, zeroed (parse_arguments' per_thread buffers). The
// files must be open (Open).
func (t *fileTest) Transactions() []workload.Txn { return eventTxn }
func (t *fileTest) Open(context.Context, workload.SessionEnv) (workload.Session, error) {
	return noSession{}, nil
}

func (t *fileTest) NewUser(_ context.Context, env workload.UserEnv) (workload.User, error) {
	if t.files == nil {
		return nil, fmt.Errorf("the test files are not open")
	}
	return &fileWorker{t: t, buf: alignedBuffer(int(t.block)),
		rng: newXoroshiro(env.Rand.Uint64(), env.Rand.Uint64())}, nil
}

type fileWorker struct {
	t   *fileTest
	buf []byte
	rng xoroshiro
	m   workload.Tx
}

func (w *fileWorker) Next() workload.TxnID { return 0 }

// Run is file_execute_event for the request file_next_event hands out.
func (w *fileWorker) Run(_ context.Context, tx workload.Tx) error {
	w.m = tx
	t := w.t
	r := t.next(&w.rng)
	if r.op == opFsync {
		return w.fsync(r.file)
	}
	fd, buf := t.fds[r.file], w.buf[:r.size]
	mark := w.m.Begin()
	err := transfer(r.op == opWrite, fd, buf, r.pos)
	w.m.End(r.op, mark, err)
	if err != nil {
		return fmt.Errorf("cannot %s %s at offset %d: %w", fileOps[r.op].Name, fileName(r.file), r.pos, err)
	}
	if r.op == opWrite && t.fsyncAll {
		if err := w.fsync(r.file); err != nil {
			return err
		}
	}
	t.completed(r.op)
	return nil
}

// transfer does one pread or pwrite of the whole buffer, retrying on EINTR;
// a short transfer is an error, as in sysbench.
func transfer(write bool, fd int, buf []byte, off int64) error {
	for {
		var n int
		var err error
		if write {
			n, err = syscall.Pwrite(fd, buf, off)
		} else {
			n, err = syscall.Pread(fd, buf, off)
		}
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return err
		case n != len(buf):
			return fmt.Errorf("transferred %d of %d bytes", n, len(buf))
		}
		return nil
	}
}

// fsync is file_fsync: fsync or fdatasync of one file, measured.
func (w *fileWorker) fsync(file int) error {
	mark := w.m.Begin()
	err := w.t.sync(file)
	w.m.End(opFsync, mark, err)
	if err != nil {
		return fmt.Errorf("cannot %s %s: %w", w.t.syncName(), fileName(file), err)
	}
	return nil
}

func (t *fileTest) sync(file int) error {
	for {
		var err error
		if t.fdatasync {
			err = syscall.Fdatasync(t.fds[file])
		} else {
			err = syscall.Fsync(t.fds[file])
		}
		if err != syscall.EINTR {
			return err
		}
	}
}

func (t *fileTest) syncName() string {
	if t.fdatasync {
		return "fdatasync"
	}
	return "fsync"
}

// Finish is file_thread_done: with file-fsync-end (the default) each thread
// fsyncs every file once more in the writing modes; these fsyncs are
// counted and inside the run's time, as in sysbench.
func (w *fileWorker) Finish(_ context.Context, tx workload.Tx) error {
	w.m = tx
	if !w.t.fsyncEnd || !w.t.writes() {
		return nil
	}
	for i := range w.t.num {
		if err := w.fsync(i); err != nil {
			return err
		}
	}
	return nil
}
