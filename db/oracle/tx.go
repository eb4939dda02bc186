package oracle

import (
	"context"
	"database/sql/driver"
	"errors"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// A transaction is go-ora's: Oracle has no BEGIN (a transaction starts with
// its first statement), and until BeginTx every statement commits on its
// own (go-ora's auto-commit, a flag of the execute call). BeginTx turns
// auto-commit off; Commit and Rollback are the protocol's own calls, not
// statements, and turn it back on.

// BeginTx implements sqldb.Transactor. A read-only transaction is SET
// TRANSACTION READ ONLY as its first statement (go-ora refuses
// TxOptions.ReadOnly): its queries then see the data as of its start.
func (c *Conn) BeginTx(ctx context.Context, readOnly bool) error {
	if c.InTx() {
		return sqldb.ErrTxOpen
	}
	b, ok := c.DC.(driver.ConnBeginTx)
	if !ok {
		return errors.New("oracle: the driver's connection has no BeginTx")
	}
	// go-ora's Commit and Rollback run under the context given here,
	// which a caller's per-statement deadline must not cancel later.
	tx, err := b.BeginTx(context.WithoutCancel(ctx), driver.TxOptions{})
	if err != nil {
		return classify(err)
	}
	c.Begun(tx)
	if readOnly {
		if _, err := c.Exec(ctx, "SET TRANSACTION READ ONLY"); err != nil {
			c.Begun(nil)
			tx.Rollback()
			return err
		}
	}
	return nil
}
