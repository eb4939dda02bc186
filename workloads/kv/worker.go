package kv

import (
	"context"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// user runs one YCSB operation per transaction, chosen by the mix.
type user struct {
	c      *config
	r      *randgen.Rand
	keys   *keySequence
	seed   uint64
	cum    [5]float64 // cumulative proportions: read, update, insert, scan, rmw
	chosen randgen.KeyChooser
	tmpl   string
	typ    workload.TxnID
	s      *session
	tx     workload.Tx
	// nums, keys and vals are an insert's records, kept for a retry.
	nums  []int64
	names []string
	vals  [][]string
	// gets are the keys of a batched read.
	gets []string
}

func newUser(env workload.UserEnv, c *config, keys *keySequence, seed uint64) (*user, error) {
	chosen, err := chooser(c, keys)
	if err != nil {
		return nil, err
	}
	u := &user{c: c, r: env.Rand, keys: keys, seed: seed, chosen: chosen, tmpl: fieldTemplate(c.fieldLen)}
	m := c.mix
	sum := 0.0
	for i, p := range []float64{m.read, m.update, m.insert, m.scan, m.rmw} {
		sum += p
		u.cum[i] = sum
	}
	return u, nil
}

// chooser makes the key chooser, once per user, as YCSB's CoreWorkload
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
func (u *user) key() int64 {
	if u.keys.Limit() < 1 {
		return 0
	}
	for {
		if n := u.chosen.Next(u.r); u.keys.Has(n) {
			return n
		}
	}
}

// Next implements workload.User: the mix's draw.
func (u *user) Next() workload.TxnID {
	p := u.r.Float64() * u.cum[4]
	switch {
	case p < u.cum[0]:
		u.typ = txRead
	case p < u.cum[1]:
		u.typ = txUpdate
	case p < u.cum[2]:
		u.typ = txInsert
	case p < u.cum[3]:
		u.typ = txScan
	default:
		u.typ = txRMW
	}
	return u.typ
}

// Run implements workload.User.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.s, u.tx = tx.Session().(*session), tx
	if err := u.maybeReopen(ctx); err != nil {
		return err
	}
	u.s.done++
	switch u.typ {
	case txRead:
		if br, ok := u.s.st.(batchReader); ok && u.c.getsPerRead() > 1 {
			return u.readBatch(ctx, br)
		}
		return u.read(ctx, keyName(u.key()))
	case txUpdate:
		return u.update(ctx, keyName(u.key()))
	case txInsert:
		return u.insert(ctx)
	case txScan:
		return u.scan(ctx)
	default:
		return u.readModifyWrite(ctx)
	}
}

func (u *user) read(ctx context.Context, key string) error {
	mark := u.tx.Begin()
	found, err := u.s.st.read(ctx, key)
	if err == nil && !found {
		err = errNotFound
	}
	u.tx.End(opRead, mark, err)
	return err
}

// readBatch reads --batch-size records in one operation, on a store that
// pipelines them (HandlerSocket): one round trip, counted as one read, as
// an insert of --batch-size records is one insert. A record missing is a
// not_found error for the whole operation.
func (u *user) readBatch(ctx context.Context, br batchReader) error {
	u.gets = u.gets[:0]
	for range u.c.batch {
		u.gets = append(u.gets, keyName(u.key()))
	}
	mark := u.tx.Begin()
	found, err := br.readBatch(ctx, u.gets)
	if err == nil && found < len(u.gets) {
		err = errNotFound
	}
	u.tx.End(opRead, mark, err)
	return err
}

func (u *user) update(ctx context.Context, key string) error {
	field, value := u.r.IntN(int(u.c.fields)), u.r.Template(u.tmpl)
	mark := u.tx.Begin()
	err := u.s.st.update(ctx, key, field, value)
	u.tx.End(opUpdate, mark, err)
	return err
}

// insert adds --batch-size new records; their contents are a pure function
// of their key numbers. A retry inserts the same records.
func (u *user) insert(ctx context.Context) error {
	if u.tx.Attempt() == 0 {
		u.nums, u.names, u.vals = u.nums[:0], u.names[:0], u.vals[:0]
		for range u.c.batch {
			n := u.keys.Next()
			u.nums = append(u.nums, n)
			u.names = append(u.names, keyName(n))
			u.vals = append(u.vals, values(u.seed, u.c, n))
		}
	}
	mark := u.tx.Begin()
	err := u.s.st.insert(ctx, u.names, u.vals)
	u.tx.End(opInsert, mark, err)
	if err == nil {
		for _, n := range u.nums {
			u.keys.Ack(n)
		}
	}
	return err
}

func (u *user) scan(ctx context.Context) error {
	key := keyName(u.key())
	n := u.r.Uniform(1, u.c.maxScan)
	mark := u.tx.Begin()
	_, err := u.s.st.scan(ctx, key, n)
	u.tx.End(opScan, mark, err)
	return err
}

// readModifyWrite is YCSB's RMW: a read and an update of the same record,
// one transaction of two statements.
func (u *user) readModifyWrite(ctx context.Context) error {
	key := keyName(u.key())
	if err := u.read(ctx, key); err != nil {
		return err
	}
	return u.update(ctx, key)
}

// maybeReopen reconnects every --requests-per-conn requests.
func (u *user) maybeReopen(ctx context.Context) error {
	if u.c.perConn <= 0 || u.s.done < u.c.perConn {
		return nil
	}
	s, err := u.tx.Reopen(ctx)
	if err != nil {
		return err
	}
	u.s = s.(*session)
	return nil
}
