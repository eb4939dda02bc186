// Package widetable is the 40-table insert/select study: tables tbl_200,
// tbl_201, … of 15 columns (varchar ids, timestamps, a 1000-character
// column) with PRIMARY KEY(id, seq), UNIQUE(id, col3, col4, col5) and
// INDEX(id, col9 DESC, col14); an insert-only load, and a select load whose
// transaction is three selects, by each of the three indexes, drawn from a
// hot range that fits the cache (--bound cpu) or from the whole table
// (--bound io).
//
// Rows are a pure function of (seed, table, row number): ten rows share an
// id (seq 1..10), and a select regenerates the values it looks for, so a
// select that finds nothing is a bug and is counted as a not_found error.
package widetable

import (
	"fmt"

	"github.com/dbgauge/dbgauge/workload"
)

// rowsPerID is how many rows share an id (seq 1..rowsPerID).
const rowsPerID = 10

func options() []workload.Option {
	return []workload.Option{
		{Name: "tables", Help: "Number of tables (tbl_200, tbl_201, …)", Kind: workload.Int, Default: "40", Min: 1, Max: 10000},
		{Name: "table-size", Help: "Rows per table loaded by prepare (about 1.6 KB each)", Kind: workload.Int, Default: "1000", Min: 0, Max: 1 << 31, DataSize: true},
		{Name: "bound", Help: "Select range: cpu = the first --hot-rows rows of each table (fits the cache), io = the whole table", Kind: workload.Enum, Default: "cpu", Choices: []string{"cpu", "io"}},
		{Name: "hot-rows", Help: "Rows per table a cpu-bound select draws from", Kind: workload.Int, Default: "100", Min: 1},
	}
}

type config struct {
	tables, tableSize, hotRows int64
	bound                      string
}

func parseConfig(v workload.Values) (*config, error) {
	c := &config{tables: v.Int("tables"), tableSize: v.Int("table-size"), hotRows: v.Int("hot-rows"), bound: v.String("bound")}
	if c.tables*c.tableSize > 1<<33 {
		return nil, fmt.Errorf("--tables × --table-size = %d rows is beyond what one run can load", c.tables*c.tableSize)
	}
	return c, nil
}

func (c *config) shape() map[string]string {
	return map[string]string{"tables": fmt.Sprint(c.tables), "table-size": fmt.Sprint(c.tableSize)}
}

// selectRange is how many rows of each table a select draws from.
func (c *config) selectRange() int64 {
	if c.bound == "cpu" {
		return min(c.hotRows, c.tableSize)
	}
	return c.tableSize
}

func tableName(n int64) string { return fmt.Sprintf("tbl_%d", 199+n) }
