package sqldb

import (
	"context"
	"database/sql/driver"
	"errors"
)

// The transaction half of a Transactor built on DriverConn (Oracle, SQL
// Server): the driver's BeginTx is the driver's own (it decides what a
// read-only transaction is) and hands its driver.Tx to Begun; Commit and
// Rollback are shared.

// ErrTxOpen is BeginTx's answer when a transaction is already open.
var ErrTxOpen = errors.New("a transaction is already open on this connection")

// InTx reports whether a transaction is open.
func (c *DriverConn) InTx() bool { return c.tx != nil }

// Begun records tx as the open transaction.
func (c *DriverConn) Begun(tx driver.Tx) { c.tx = tx }

// Commit implements Transactor's Commit. With no transaction open there is
// nothing to commit: every statement committed itself.
func (c *DriverConn) Commit(ctx context.Context) error {
	tx := c.tx
	if tx == nil {
		return nil
	}
	c.tx = nil
	return c.Classify(tx.Commit())
}

// Rollback implements Transactor's Rollback; with no transaction open it
// does nothing.
func (c *DriverConn) Rollback(ctx context.Context) error {
	tx := c.tx
	if tx == nil {
		return nil
	}
	c.tx = nil
	return c.Classify(tx.Rollback())
}
