package declarative

import (
	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
)

// batchRows is how many rows a load batch inserts.
const batchRows = 1000

// newDataset is the file's tables, stamped with the options they use and
// the digest of their declaration. The dataset's name is the workload's
// with a prefix, so that a file named like a built-in workload (tpcc)
// never takes that workload's data for its own, nor drops it.
func newDataset(f *file, p *plan, vals map[string]string) *dataset.Dataset {
	shape := map[string]string{"schema": f.schema}
	for _, name := range f.dataOptions {
		shape[name] = vals[name]
	}
	tables := make(sqlstore.Tables, len(p.tables))
	for i, t := range p.tables {
		tables[i] = t.sqlTable(uint64(i))
	}
	return dataset.New("spec_"+f.name, f.name, shape, tables)
}

// sqlTable is t as sqlstore loads it: its DDL (the file's own for a
// dialect it writes out), rows drawn batch by batch from a stream of
// (seed, table, batch), so that a batch is the same whoever loads it.
func (t *table) sqlTable(index uint64) sqlstore.Table {
	var cols []string
	var gens []gen
	for i, c := range t.def.Columns {
		if t.gens[i] != nil {
			cols = append(cols, c[0])
			gens = append(gens, t.gens[i])
		}
	}
	st := sqlstore.Table{
		Name: t.def.Name,
		Create: func(d *sqldb.Dialect) (string, error) {
			if s, ok := t.ddl[d.Name]; ok {
				return s, nil
			}
			return t.def.Create(d), nil
		},
		Columns:   cols,
		Rows:      t.rows,
		BatchRows: batchRows,
		After: func(d *sqldb.Dialect) []string {
			def := t.def
			if _, ok := t.ddl[d.Name]; ok {
				def.Key = nil // the file's DDL has its own
			}
			return def.After(d)
		},
	}
	if t.rows > 0 {
		st.Batch = func(seed uint64, b int64) []sqldb.Row {
			r := randgen.New(seed, 0x5bec, index, uint64(b))
			first := b * batchRows
			n := min(batchRows, t.rows-first)
			rows := make([]sqldb.Row, n)
			c := &genCtx{r: r, load: true}
			for i := range rows {
				c.row = first + int64(i)
				row := make(sqldb.Row, len(gens))
				for j, g := range gens {
					row[j] = g.next(c)
				}
				rows[i] = row
			}
			return rows
		}
		if t.seqStart != nil {
			start, key := *t.seqStart, t.def.Key[0]
			st.Clear = func(b int64) (string, []any) {
				first := start + b*batchRows
				return key + " BETWEEN ? AND ?", []any{first, min(first+batchRows, start+t.rows) - 1}
			}
		}
	}
	return st
}
