package sqlserver

import (
	"context"
	"database/sql/driver"

	"github.com/dbgauge/dbgauge/db/sqldb"
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
	if c.InTx() {
		return sqldb.ErrTxOpen
	}
	tx, err := c.mc.BeginTx(ctx, driver.TxOptions{})
	if err != nil {
		return classify(err)
	}
	c.Begun(tx)
	return nil
}
