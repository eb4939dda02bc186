package sqlserver

import (
	"context"
	"database/sql/driver"
	"errors"
)

// A transaction is go-mssqldb's: BeginTx, Commit and Rollback are TDS
// transaction manager requests, not statements, and the server's
// transaction descriptor then travels in the header of every request until
// the end. Statements go out as sp_executesql, whose transaction count check
// (error 266) refuses a BEGIN TRAN or COMMIT inside it. Until BeginTx each
// statement commits on its own (autocommit).

// BeginTx implements sqldb.Transactor. SQL Server has no read-only
// transaction (go-mssqldb refuses TxOptions.ReadOnly): a read-only one is an
// ordinary transaction at the session's isolation level.
func (c *Conn) BeginTx(ctx context.Context, readOnly bool) error {
	if c.tx != nil {
		return errors.New("sqlserver: a transaction is already open on this connection")
	}
	tx, err := c.mc.BeginTx(ctx, driver.TxOptions{})
	if err != nil {
		return classify(err)
	}
	c.tx = tx
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
// nothing. After a deadlock (1205) the server has already rolled the
// transaction back, and go-mssqldb sends nothing.
func (c *Conn) Rollback(ctx context.Context) error {
	tx := c.tx
	if tx == nil {
		return nil
	}
	c.tx = nil
	return classify(tx.Rollback())
}
