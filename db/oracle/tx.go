package oracle

import (
	"context"
	"database/sql/driver"
	"errors"
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
	if c.tx != nil {
		return errors.New("oracle: a transaction is already open on this connection")
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
	c.tx = tx
	if readOnly {
		if _, err := c.Exec(ctx, "SET TRANSACTION READ ONLY"); err != nil {
			c.tx = nil
			tx.Rollback()
			return err
		}
	}
	return nil
}

// Commit implements sqldb.Transactor. With no transaction open there is
// nothing to commit: every statement committed itself.
func (c *Conn) Commit(ctx context.Context) error {
	tx := c.tx
	if tx == nil {
		return nil
	}
	c.tx = nil
	return classify(tx.Commit())
}

// Rollback implements sqldb.Transactor; with no transaction open it does
// nothing.
func (c *Conn) Rollback(ctx context.Context) error {
	tx := c.tx
	if tx == nil {
		return nil
	}
	c.tx = nil
	return classify(tx.Rollback())
}
