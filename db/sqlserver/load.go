package sqlserver

import (
	"context"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

var _ sqldb.BulkInserter = (*Conn)(nil)

// BulkInsert implements sqldb.BulkInserter with the TDS bulk copy that bcp
// and SqlBulkCopy use (go-mssqldb's Bulk): INSERT BULK, then the rows in
// BULK LOAD packets, one stream for all of them. Without TABLOCK, so that
// parallel loaders into one table with a clustered key do not queue for an
// exclusive table lock.
//
// A bulk copy ignores the values given for an IDENTITY column unless asked
// to keep them, and go-mssqldb's BulkOptions has no KEEP_IDENTITY: when the
// rows carry the table's identity column, the session sets IDENTITY_INSERT
// on the table for the copy, as FreeTDS's bcp does for its -E (keep
// identity) option.
//
// Babelfish 4.3 takes the bulk copy but stores a CHAR(n) value one byte
// short (119 bytes in sysbench's CHAR(120) c), and then sends rows that
// go-mssqldb cannot read (a slice out of range): on Babelfish, detected from
// @@VERSION, the rows go in multi-row INSERT statements instead.
func (c *Conn) BulkInsert(ctx context.Context, table string, columns []string, rows []sqldb.Row) error {
	if len(rows) == 0 {
		return nil
	}
	babelfish, err := c.babelfish(ctx)
	if err != nil {
		return fmt.Errorf("bulk insert into %s: %w", table, err)
	}
	ident, err := c.identityColumn(ctx, table)
	if err != nil {
		return fmt.Errorf("bulk insert into %s: %w", table, err)
	}
	if ident != "" && containsFold(columns, ident) {
		if _, err := c.Exec(ctx, "SET IDENTITY_INSERT "+dialect.QuoteIdent(table)+" ON"); err != nil {
			return fmt.Errorf("bulk insert into %s: %w", table, err)
		}
		defer c.Exec(ctx, "SET IDENTITY_INSERT "+dialect.QuoteIdent(table)+" OFF")
	}
	if babelfish {
		return sqldb.InsertRows(ctx, valuesOnly{c}, table, columns, rows)
	}
	// go-mssqldb quotes the table name itself, and matches the columns by
	// name against the table's.
	b := c.mc.CreateBulkContext(ctx, table, columns)
	row := make([]any, len(columns))
	for _, r := range rows {
		if len(r) != len(columns) {
			return fmt.Errorf("bulk insert into %s: a row of %d values for %d columns", table, len(r), len(columns))
		}
		for i, v := range r {
			row[i] = bulkValue(v)
		}
		if err := b.AddRow(row); err != nil {
			return fmt.Errorf("bulk insert into %s: %w", table, classify(err))
		}
	}
	n, err := b.Done()
	if err != nil {
		return fmt.Errorf("bulk insert into %s: %w", table, classify(err))
	}
	if n != int64(len(rows)) {
		return fmt.Errorf("bulk insert into %s: the server took %d rows of %d", table, n, len(rows))
	}
	return nil
}

// valuesOnly is a connection without its bulk copy: sqldb.InsertRows loads
// through it in multi-row INSERT statements (up to 1,000 rows and 2,098
// parameters each).
type valuesOnly struct{ sqldb.Conn }

// identityQuery names a table's IDENTITY column (a table has at most one).
const identityQuery = "SELECT name FROM sys.identity_columns WHERE object_id = OBJECT_ID(?)"

// identityColumn returns table's IDENTITY column, or "", asking the server
// once per table and connection.
func (c *Conn) identityColumn(ctx context.Context, table string) (string, error) {
	if col, ok := c.identity[table]; ok {
		return col, nil
	}
	rows, err := c.QueryStrings(ctx, identityQuery, table)
	if err != nil {
		return "", err
	}
	col := ""
	if len(rows) > 0 {
		col = rows[0][0]
	}
	if c.identity == nil {
		c.identity = map[string]string{}
	}
	c.identity[table] = col
	return col, nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// bulkValue converts the integer types go-mssqldb's bulk copy does not take.
func bulkValue(v any) any {
	switch x := v.(type) {
	case uint32:
		return int64(x)
	case uint16:
		return int64(x)
	case int16:
		return int64(x)
	case uint:
		return int64(x)
	}
	return v
}
