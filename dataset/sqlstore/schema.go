package sqlstore

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// Def is a table as a workload's schema declares it: its columns (name
// and type), its primary key (none: a table without one), its
// auto-increment id column if it has one, its CHECK constraints and the
// secondary indexes built after the load. Create and After write its DDL
// for a dialect, so that workloads declare tables as data and share one
// builder.
type Def struct {
	Name    string
	Columns [][2]string
	Key     []string
	// Serial is the auto-increment column (its type is SerialType): new
	// rows of a run take their ids from the database, never MAX()+1.
	Serial  string
	Checks  []string
	Indexes []Index
}

// Index is a secondary index. Lower indexes lower(column) for each column
// where the dialect has expression indexes (a case-insensitive name
// search); elsewhere the columns themselves. Like makes a one-column index
// serve LIKE 'prefix%' (the dialect's LikeIndexOps).
type Index struct {
	Name    string // "": TABLE_COL1_COL2
	Columns []string
	Lower   bool
	Like    bool
}

// Type placeholders in Def.Columns, replaced by the dialect's.
const (
	TimestampType = "{ts}"     // the dialect's plain date and time
	SerialType    = "{serial}" // the dialect's auto-increment integer
)

// ColumnNames lists the table's columns, in load order.
func (t *Def) ColumnNames() []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c[0]
	}
	return names
}

// Create is the table's CREATE TABLE for d. The primary key is inline
// where it is the row's storage order (InnoDB, SQLite, where it also makes
// an INTEGER column the rowid that assigns ids) and added after the load
// where that is faster (d.DeferPrimaryKey: PostgreSQL, as pgbench -i does).
func (t *Def) Create(d *sqldb.Dialect) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE TABLE %s (\n", d.QuoteIdent(t.Name))
	for i, c := range t.Columns {
		if i > 0 {
			b.WriteString(",\n")
		}
		typ := c[1]
		switch typ {
		case TimestampType:
			typ = d.TimestampType()
		case SerialType:
			typ = d.SerialInt
		default:
			typ = d.Type(typ)
		}
		fmt.Fprintf(&b, "  %s %s", c[0], typ)
	}
	if len(t.Key) > 0 && !d.DeferPrimaryKey {
		fmt.Fprintf(&b, ",\n  PRIMARY KEY (%s)", strings.Join(t.Key, ", "))
	}
	for _, c := range t.Checks {
		fmt.Fprintf(&b, ",\n  CHECK (%s)", c)
	}
	b.WriteString("\n) ")
	b.WriteString(d.TableOptions)
	return strings.TrimSpace(b.String())
}

// After is what follows the table's load: the deferred primary key, the
// secondary indexes, and the sequence of an id column moved past the
// loaded ids.
func (t *Def) After(d *sqldb.Dialect) []string {
	var q []string
	if len(t.Key) > 0 && d.DeferPrimaryKey {
		q = append(q, fmt.Sprintf("ALTER TABLE %s ADD PRIMARY KEY (%s)", d.QuoteIdent(t.Name), strings.Join(t.Key, ", ")))
	}
	for _, ix := range t.Indexes {
		name := ix.Name
		if name == "" {
			name = t.Name + "_" + strings.Join(ix.Columns, "_")
		}
		cols := make([]string, len(ix.Columns))
		for i, c := range ix.Columns {
			switch {
			case ix.Lower && d.ExpressionIndex:
				cols[i] = "(lower(" + c + "))"
			case ix.Like:
				cols[i] = c + d.LikeIndexOps
			default:
				cols[i] = c
			}
		}
		q = append(q, fmt.Sprintf("CREATE INDEX %s ON %s (%s)", name, d.QuoteIdent(t.Name), strings.Join(cols, ", ")))
	}
	if t.Serial != "" {
		if r := d.ResetSerialOf(t.Name, t.Serial); r != "" {
			q = append(q, r)
		}
	}
	return q
}

// SelectList is the columns of defs, qualified by each table's name or by
// the alias given in as (as[i] for defs[i], "" for the name), in the order
// SELECT * over them gives.
func SelectList(defs []*Def, as ...string) string {
	var cols []string
	for i, t := range defs {
		q := t.Name
		if i < len(as) && as[i] != "" {
			q = as[i]
		}
		for _, c := range t.Columns {
			cols = append(cols, q+"."+c[0])
		}
	}
	return strings.Join(cols, ", ")
}

// Table is the dataset table of d: its DDL from d, its rows from batch (a
// pure function of seed and batch number, rows rows in batches of
// batchRows; nil: none) and, for a resumed prepare, the rows batch i
// wrote (clear; nil: the table is loaded again whole).
func (t *Def) Table(rows, batchRows int64, batch func(seed uint64, i int64) []sqldb.Row, clear func(i int64) (string, []any)) Table {
	return Table{
		Name:      t.Name,
		Create:    func(d *sqldb.Dialect) (string, error) { return t.Create(d), nil },
		Columns:   t.ColumnNames(),
		Rows:      rows,
		BatchRows: batchRows,
		Batch:     batch,
		Clear:     clear,
		After:     t.After,
	}
}

// ClearIDs is a Table's Clear for batches of per consecutive ids from 1
// (total in all) in column: batch b wrote ids b*per+1 to its last.
func ClearIDs(column string, per, total int64) func(b int64) (string, []any) {
	return func(b int64) (string, []any) {
		first := b*per + 1
		return column + " BETWEEN ? AND ?", []any{first, min(first+per-1, total)}
	}
}

// ClearAll is the Clear of a table loaded in one batch: all its rows.
func ClearAll(int64) (string, []any) { return "", nil }
