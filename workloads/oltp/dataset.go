package oltp

import (
	"fmt"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
)

// Value templates of oltp_common.lua: groups of 11 random digits joined by
// dashes; c has 10 groups (119 characters), pad 5 (59).
const (
	cTemplate   = "###########-###########-###########-###########-###########-###########-###########-###########-###########-###########"
	padTemplate = "###########-###########-###########-###########-###########"
)

// batchRows is the rows per load batch: large enough that a batch is one
// efficient round of inserts, small enough that 8 loaders share a 100k-row
// table.
const batchRows = 5000

// datasetName is shared by every test that runs on sbtestN.
const datasetName = "oltp"

// tableName returns sbtestN.
func tableName(n int64) string { return fmt.Sprintf("sbtest%d", n) }

// newDataset returns the sbtest tables of c, loaded with rows rows each
// (oltp_insert with --auto-inc=off loads none, as sysbench does).
func newDataset(workload string, c *config, rows int64) *dataset.Dataset {
	shape := c.shape()
	shape["table-size"] = fmt.Sprint(rows)
	var tables sqlstore.Tables
	for n := int64(1); n <= c.tables; n++ {
		name := tableName(n)
		tables = append(tables, sqlstore.Table{
			Name:      name,
			Create:    func(d *sqldb.Dialect) (string, error) { return createTable(d, c, n) },
			Columns:   []string{"id", "k", "c", "pad"},
			Rows:      rows,
			BatchRows: batchRows,
			Batch:     func(seed uint64, b int64) []sqldb.Row { return batch(seed, c, n, rows, b) },
			After:     func(d *sqldb.Dialect) []string { return afterLoad(d, c, n) },
		})
	}
	return dataset.New(datasetName, workload, shape, tables)
}

// createTable is oltp_common.lua's create_table:
//
//	CREATE TABLE sbtest%d(
//	  id %s,
//	  k INTEGER DEFAULT '0' NOT NULL,
//	  c CHAR(120) DEFAULT '' NOT NULL,
//	  pad CHAR(60) DEFAULT '' NOT NULL,
//	  %s (id)
//	) %s %s
func createTable(d *sqldb.Dialect, c *config, n int64) (string, error) {
	idDef := "INTEGER NOT NULL"
	if c.autoInc {
		if c.secondary && d.SerialNeedsPK {
			return "", fmt.Errorf("--secondary with --auto-inc needs an auto-increment column that is not the primary key, which %s does not have; add --auto-inc=off", d.Name)
		}
		idDef = d.SerialInt
	}
	key := "PRIMARY KEY (id)"
	if d.DeferPrimaryKey {
		key = "" // added by afterLoad
	}
	if c.secondary {
		key = ""
		if d.InlineKey {
			key = "KEY xid (id)"
		}
	}
	cols := fmt.Sprintf("  id %s,\n  k INTEGER DEFAULT '0' NOT NULL,\n  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL", idDef)
	if key != "" {
		cols += ",\n  " + key
	}
	opts := d.TableOptions
	if d.EngineClause != nil {
		opts += " " + d.EngineClause(c.engines[(n-1)%int64(len(c.engines))])
	}
	return fmt.Sprintf("CREATE TABLE %s(\n%s\n) %s", tableName(n), cols, opts), nil
}

// afterLoad builds the indexes once the data is in (faster than maintaining
// them row by row), as sysbench does for k.
func afterLoad(d *sqldb.Dialect, c *config, n int64) []string {
	var q []string
	if d.DeferPrimaryKey && !c.secondary {
		q = append(q, fmt.Sprintf("ALTER TABLE %s ADD PRIMARY KEY (id)", tableName(n)))
	}
	if c.secondary && !d.InlineKey {
		q = append(q, fmt.Sprintf("CREATE INDEX xid_%d ON %s(id)", n, tableName(n)))
	}
	if c.createSec {
		q = append(q, fmt.Sprintf("CREATE INDEX k_%d ON %s(k)", n, tableName(n)))
	}
	if c.autoInc && d.ResetSerial != "" {
		q = append(q, d.ResetSerialOf(tableName(n), "id"))
	}
	return q
}

// batch returns rows [b*batchRows+1, …] of table n: id, k drawn from the
// default distribution over [1, table-size] (sysbench's sb_rand), c and pad
// from their templates. It depends only on (seed, options, n, b).
func batch(seed uint64, c *config, n, rows, b int64) []sqldb.Row {
	r := randgen.New(seed, 0x6f6c7470, uint64(n), uint64(b))
	ids, err := randgen.NewDist(c.dist, 1, max(c.tableSize, 1))
	if err != nil {
		return nil // options were validated by parseConfig
	}
	first := b*batchRows + 1
	last := min(first+batchRows-1, rows)
	out := make([]sqldb.Row, 0, last-first+1)
	for id := first; id <= last; id++ {
		out = append(out, sqldb.Row{id, ids.Next(r), r.Template(cTemplate), r.Template(padTemplate)})
	}
	return out
}
