package oracle

import (
	"context"
	"database/sql/driver"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

var _ sqldb.BulkInserter = (*Conn)(nil)

// batchRows is the rows one array-bound INSERT carries: Oracle runs the
// statement once per row server-side but in one call, so past a thousand
// rows the round trips saved no longer matter and the message only grows.
const batchRows = 1000

// BulkInsert implements sqldb.BulkInserter with array binds: one prepared
// INSERT whose parameters are one slice per column, executed for batchRows
// rows per round trip. (Oracle before 23ai has no multi-row VALUES list,
// so the generic multi-row INSERT is not an option.)
func (c *Conn) BulkInsert(ctx context.Context, table string, columns []string, rows []sqldb.Row) error {
	if len(rows) == 0 {
		return nil
	}
	st, err := c.DC.(driver.ConnPrepareContext).PrepareContext(ctx, insertSQL(c.D, table, columns))
	if err != nil {
		return c.Classify(err)
	}
	defer st.Close()
	ex := st.(driver.StmtExecContext)
	cols := make([][]any, len(columns))
	args := make([]driver.NamedValue, len(columns))
	for start := 0; start < len(rows); start += batchRows {
		end := min(start+batchRows, len(rows))
		for j := range cols {
			cols[j] = cols[j][:0]
		}
		for i, r := range rows[start:end] {
			if len(r) != len(columns) {
				return fmt.Errorf("insert into %s: row %d has %d values for %d columns", table, start+i, len(r), len(columns))
			}
			for j, v := range r {
				cols[j] = append(cols[j], arrayValue(v))
			}
		}
		for j := range cols {
			args[j] = driver.NamedValue{Ordinal: j + 1, Value: cols[j]}
		}
		if _, err := ex.ExecContext(ctx, args); err != nil {
			return fmt.Errorf("insert into %s: %w", table, c.Classify(err))
		}
	}
	return nil
}

// insertSQL is the one-row INSERT the arrays are bound to, placeholders
// already Oracle's. Columns are written as given, as sqldb.MultiRowInsert
// does.
func insertSQL(d *sqldb.Dialect, table string, columns []string) string {
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(columns)), ", ")
	return d.BindQuery("INSERT INTO " + d.QuoteIdent(table) + " (" + strings.Join(columns, ", ") + ") VALUES (" + marks + ")")
}

// arrayValue is v as go-ora encodes it in an array: Go's sized ints as
// int64, as database/sql/driver would have them.
func arrayValue(v any) any {
	switch x := v.(type) {
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case uint32:
		return int64(x)
	case int16:
		return int64(x)
	}
	return v
}
