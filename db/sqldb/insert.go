package sqldb

import (
	"context"
	"fmt"
	"strings"
)

// maxRowsPerInsert bounds one multi-row INSERT: past ~1,000 rows the
// statement's parse time grows faster than the round trips it saves.
const maxRowsPerInsert = 1000

// InsertRows loads rows into table, with the connection's BulkInserter if it
// has one, else in multi-row INSERT statements.
func InsertRows(ctx context.Context, c Conn, table string, columns []string, rows []Row) error {
	if len(rows) == 0 {
		return nil
	}
	if b, ok := c.(BulkInserter); ok {
		return b.BulkInsert(ctx, table, columns, rows)
	}
	d := c.Dialect()
	per := maxRowsPerInsert
	if d.MaxParams > 0 {
		per = min(per, d.MaxParams/len(columns))
	}
	if d.MaxValuesRows > 0 {
		per = min(per, d.MaxValuesRows)
	}
	args := make([]any, 0, per*len(columns))
	for start := 0; start < len(rows); start += per {
		end := min(start+per, len(rows))
		args = args[:0]
		for _, r := range rows[start:end] {
			args = append(args, r...)
		}
		if _, err := c.Exec(ctx, MultiRowInsert(d, table, columns, end-start), args...); err != nil {
			return fmt.Errorf("insert into %s: %w", table, err)
		}
	}
	return nil
}

// MultiRowInsert returns INSERT INTO table (cols) VALUES (?,…),… for n rows
// (INSERT ALL where the dialect's VALUES takes one row).
func MultiRowInsert(d *Dialect, table string, columns []string, n int) string {
	into := "INSERT INTO " + d.QuoteIdent(table) + " (" + strings.Join(columns, ", ") + ")"
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?,", len(columns)), ",") + ")"
	return d.InsertValues(into, tuple, ",", n)
}
