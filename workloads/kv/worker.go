package kv

import (
	"context"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// worker runs one YCSB operation per event, chosen by the mix.
type worker struct {
	c      *config
	st     store
	r      *randgen.Rand
	m      workload.Meter
	keys   *keySequence
	seed   uint64
	env    workload.WorkerEnv
	cum    [5]float64 // cumulative proportions: read, update, insert, scan, rmw
	chosen randgen.KeyChooser
	done   int64 // requests on this connection
	tmpl   string
}

func newWorker(env workload.WorkerEnv, c *config, st store, keys *keySequence, seed uint64) (*worker, error) {
	chosen, err := chooser(c, keys)
	if err != nil {
		return nil, err
	}
	w := &worker{c: c, st: st, r: env.Rand, m: env.Meter, keys: keys, seed: seed, env: env, chosen: chosen,
		tmpl: fieldTemplate(c.fieldLen)}
	m := c.mix
	sum := 0.0
	for i, p := range []float64{m.read, m.update, m.insert, m.scan, m.rmw} {
		sum += p
		w.cum[i] = sum
	}
	return w, nil
}

// chooser makes the key chooser, once per worker, as YCSB's CoreWorkload
// does: the zipfian is made over the initial records plus room for new ones
// (10% when the mix inserts), so that inserts do not reshuffle which keys are
// hot; "latest" follows the inserts itself.
func chooser(c *config, keys *keySequence) (randgen.KeyChooser, error) {
	n := max(keys.Limit(), 1)
	if c.mix.insert > 0 {
		n += n / 10
	}
	switch c.dist {
	case "uniform":
		return randgen.NewUniformKeys(0, n-1)
	case "hotspot":
		return randgen.NewHotspot(0, n-1, c.hotData, c.hotOpn)
	case "latest":
		return randgen.NewLatest(keys.Limit), nil
	default:
		return randgen.NewScrambledZipfian(0, n-1)
	}
}

// key draws an existing key number, redrawing numbers not inserted yet, as
// YCSB's CoreWorkload does.
func (w *worker) key() int64 {
	limit := w.keys.Limit()
	for {
		if n := w.chosen.Next(w.r); n < limit || limit < 1 {
			return n
		}
	}
}

// Event implements workload.Worker.
func (w *worker) Event(ctx context.Context) error {
	if err := w.maybeReopen(ctx); err != nil {
		return err
	}
	w.done++
	p := w.r.Float64() * w.cum[4]
	switch {
	case p < w.cum[0]:
		return w.read(ctx, opRead)
	case p < w.cum[1]:
		return w.update(ctx)
	case p < w.cum[2]:
		return w.insert(ctx)
	case p < w.cum[3]:
		return w.scan(ctx)
	default:
		return w.readModifyWrite(ctx)
	}
}

func (w *worker) read(ctx context.Context, op workload.OpID) error {
	key := keyName(w.key())
	mark := w.m.Begin()
	found, err := w.st.read(ctx, key)
	if err == nil && !found {
		err = errNotFound
	}
	w.m.End(op, mark, err)
	return err
}

func (w *worker) update(ctx context.Context) error {
	key := keyName(w.key())
	field, value := w.r.IntN(int(w.c.fields)), w.r.Template(w.tmpl)
	mark := w.m.Begin()
	err := w.st.update(ctx, key, field, value)
	w.m.End(opUpdate, mark, err)
	return err
}

// insert adds --batch-size new records; their contents are a pure function
// of their key numbers.
func (w *worker) insert(ctx context.Context) error {
	nums := make([]int64, w.c.batch)
	keys := make([]string, w.c.batch)
	vals := make([][]string, w.c.batch)
	for i := range nums {
		nums[i] = w.keys.Next()
		keys[i], vals[i] = keyName(nums[i]), values(w.seed, w.c, nums[i])
	}
	mark := w.m.Begin()
	err := w.st.insert(ctx, keys, vals)
	w.m.End(opInsert, mark, err)
	if err == nil {
		for _, n := range nums {
			w.keys.Ack(n)
		}
	}
	return err
}

func (w *worker) scan(ctx context.Context) error {
	key := keyName(w.key())
	n := w.r.Uniform(1, w.c.maxScan)
	mark := w.m.Begin()
	_, err := w.st.scan(ctx, key, n)
	w.m.End(opScan, mark, err)
	return err
}

// readModifyWrite is YCSB's RMW: a read and an update of the same record,
// measured as one operation besides its two parts.
func (w *worker) readModifyWrite(ctx context.Context) error {
	k := w.key()
	key := keyName(k)
	mark := w.m.Begin()
	r := w.m.Begin()
	found, err := w.st.read(ctx, key)
	if err == nil && !found {
		err = errNotFound
	}
	w.m.End(opRead, r, err)
	if err == nil {
		u := w.m.Begin()
		err = w.st.update(ctx, key, w.r.IntN(int(w.c.fields)), w.r.Template(w.tmpl))
		w.m.End(opUpdate, u, err)
	}
	w.m.End(opRMW, mark, err)
	return err
}

// maybeReopen reconnects every --requests-per-conn requests.
func (w *worker) maybeReopen(ctx context.Context) error {
	if w.c.perConn <= 0 || w.done < w.c.perConn || w.env.Reopen == nil {
		return nil
	}
	w.st.close()
	conn, err := w.env.Reopen(ctx)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, conn, w.c)
	if err != nil {
		return err
	}
	w.st, w.done = st, 0
	return nil
}

// Close implements workload.Worker.
func (w *worker) Close(context.Context) error {
	w.st.close()
	return nil
}
