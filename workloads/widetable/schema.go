package widetable

import (
	"fmt"

	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// batchRows: 2,000 rows of about 1.6 KB make a 3 MB batch.
const batchRows = 2000

// createTable is the study's DDL, with the dialect's plain timestamp type.
func createTable(d *sqldb.Dialect, n int64) string {
	ts := d.TimestampType()
	pk := ",\n  PRIMARY KEY (id, seq)"
	if d.DeferPrimaryKey {
		pk = ""
	}
	return fmt.Sprintf(`CREATE TABLE %s (
  id VARCHAR(20) NOT NULL,
  seq INTEGER NOT NULL,
  col3 VARCHAR(16) NOT NULL,
  col4 VARCHAR(5) NOT NULL,
  col5 VARCHAR(50) NOT NULL,
  col6 VARCHAR(1000),
  col7 VARCHAR(300) NOT NULL,
  col8 VARCHAR(150),
  col9 %[2]s NOT NULL,
  col10 SMALLINT DEFAULT 0 NOT NULL,
  col11 %[2]s NOT NULL,
  col12 VARCHAR(15) NOT NULL,
  col13 CHAR(1) NOT NULL,
  col14 CHAR(1) NOT NULL,
  col15 %[2]s DEFAULT %[5]s NOT NULL%[3]s
) %[4]s`, tableName(n), ts, pk, d.TableOptions, d.TimestampLiteral("2009-07-30 16:25:44"))
}

// indexes are built after the load.
func indexes(d *sqldb.Dialect, n int64) []string {
	t := tableName(n)
	var q []string
	if d.DeferPrimaryKey {
		q = append(q, fmt.Sprintf("ALTER TABLE %s ADD PRIMARY KEY (id, seq)", t))
	}
	return append(q,
		fmt.Sprintf("CREATE UNIQUE INDEX %s_uk ON %s (id, col3, col4, col5)", t, t),
		fmt.Sprintf("CREATE INDEX %s_ix ON %s (id, col9 DESC, col14)", t, t))
}

// sqlTables are the study's tables, loaded in batches, indexed after.
func sqlTables(c *config) sqlstore.Tables {
	var tables sqlstore.Tables
	for n := int64(1); n <= c.tables; n++ {
		tables = append(tables, sqlstore.Table{
			Name:      tableName(n),
			Create:    func(d *sqldb.Dialect) (string, error) { return createTable(d, n), nil },
			Columns:   columns,
			Rows:      c.tableSize,
			BatchRows: batchRows,
			Batch: func(seed uint64, b int64) []sqldb.Row {
				first, last := b*batchRows, min((b+1)*batchRows, c.tableSize)
				rows := make([]sqldb.Row, 0, last-first)
				for r := first; r < last; r++ {
					rows = append(rows, row(seed, n, r))
				}
				return rows
			},
			After: func(d *sqldb.Dialect) []string { return indexes(d, n) },
		})
	}
	return tables
}
