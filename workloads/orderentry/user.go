package orderentry

import (
	"context"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/internal/sqlrun"
)

// user is one Swingbench user: its deck of transaction types and its
// stream. What a transaction reads lands in the connection's session.
type user struct {
	in   *instance
	c    *config
	r    *randgen.Rand
	deck *deck
	cur  workload.TxnID
	// pinned, if set, is the warehouse every transaction uses (tests).
	pinned int64

	// Set while Run runs.
	s     *session
	tx    workload.Tx
	inTxn bool
}

// Next implements workload.User: the next card of the deck.
func (u *user) Next() workload.TxnID {
	u.cur = u.deck.deal(u.r)
	return u.cur
}

// Run implements workload.User.
func (u *user) Run(ctx context.Context, tx workload.Tx) error {
	u.s, u.tx = tx.Session().(*session), tx
	var err error
	switch u.cur {
	case txNewCustomer:
		err = u.newCustomer(ctx)
	case txUpdateCustomer:
		err = u.updateCustomer(ctx)
	case txBrowseProducts:
		err = u.browseProducts(ctx)
	case txNewOrder:
		err = u.newOrder(ctx)
	case txProcessOrders:
		err = u.processOrders(ctx)
	case txBrowseUpdateOrders:
		err = u.browseUpdateOrders(ctx)
	case txSalesRepQuery:
		err = u.salesRepQuery(ctx)
	case txWarehouseQuery:
		err = u.warehouseQuery(ctx)
	default:
		err = u.warehouseActivity(ctx)
	}
	if err != nil && u.inTxn {
		err = u.abort(ctx, err)
	}
	u.s, u.tx = nil, nil
	return err
}

// think is Swingbench's thinkSleep: a pause of --min-delay..--max-delay
// inside the transaction, holding the connection, kept out of the
// response time. It returns false when the run was cut short.
func (u *user) think() bool {
	if u.c.delay.IsZero() {
		return true
	}
	return u.tx.Pause(u.c.delay.Draw(u.r))
}

// errCut is a transaction the end of the run cut short during a pause.
var errCut = context.Canceled

// customer draws a customer from the key range (randomLong(MIN_CUSTID,
// MAX_CUSTID)), grown by the run's new customers.
func (u *user) customer() int64 {
	return u.r.Uniform(u.in.ranges.minCustomer.Load(), u.in.ranges.maxCustomer.Load())
}

// warehouse draws a warehouse, uniform.
func (u *user) warehouse() int64 {
	if u.pinned > 0 {
		return u.pinned
	}
	return u.r.Uniform(1, u.c.warehouses)
}

// now is the time the statements bind for SYSDATE.
func now() time.Time { return time.Now().UTC() }

func (u *user) bind(args ...any) []any {
	u.s.args = append(u.s.args[:0], args...)
	return u.s.args
}

func (u *user) exec(ctx context.Context, op workload.OpID, args ...any) (int64, error) {
	return sqlrun.Exec(ctx, u.tx, op, u.s.stmts[op], u.bind(args...))
}

func (u *user) query(ctx context.Context, op workload.OpID, args ...any) (int, error) {
	return sqlrun.Query(ctx, u.tx, op, u.s.stmts[op], u.bind(args...))
}

func (u *user) row(ctx context.Context, op workload.OpID, dest []any, args ...any) (int, error) {
	return sqlrun.Row(ctx, u.tx, op, u.s.stmts[op], dest, u.bind(args...))
}

func (u *user) rows(ctx context.Context, op workload.OpID, dest []any, each func(int) error, args ...any) (int, error) {
	return sqlrun.Rows(ctx, u.tx, op, u.s.stmts[op], dest, each, u.bind(args...))
}

func (u *user) insert(ctx context.Context, op workload.OpID, args ...any) (int64, error) {
	return sqlrun.Insert(ctx, u.tx, op, u.s.ids[op], u.bind(args...))
}

// begin starts a read-write transaction.
func (u *user) begin(ctx context.Context) error {
	if _, err := u.exec(ctx, opBegin); err != nil {
		return err
	}
	u.inTxn = true
	return nil
}

func (u *user) commit(ctx context.Context) error {
	if _, err := u.exec(ctx, opCommit); err != nil {
		return err
	}
	u.inTxn = false
	return nil
}

// abort rolls back after a failed statement, measured as charbench counts
// rollbacks, and returns err for the runner to classify.
func (u *user) abort(ctx context.Context, err error) error {
	_, _ = u.exec(context.WithoutCancel(ctx), opRollback)
	u.inTxn = false
	return err
}

// logon is OrderEntryProcess.logon: a logon row, committed on its own.
func (u *user) logon(ctx context.Context, customer int64) error {
	if err := u.begin(ctx); err != nil {
		return err
	}
	if _, err := u.exec(ctx, opInsertLogon, customer, now()); err != nil {
		return err
	}
	return u.commit(ctx)
}

// queryArgs runs a read with the arguments already in the session's.
func (u *user) queryArgs(ctx context.Context, op workload.OpID) (int, error) {
	return sqlrun.Query(ctx, u.tx, op, u.s.stmts[op], u.s.args)
}
