// Package oltp is the sysbench 1.0 OLTP family, faithful to sysbench 1.0.20's
// Lua scripts (oltp_common.lua and one script per test): the sbtestN schema,
// the c/pad value format, the statements, the number of each per event, the
// options and their defaults. Each test is one file; they compose the common
// statement groups exactly as the scripts do.
//
// Where dbgauge differs from sysbench, on purpose:
//   - queries are classified by statement (SELECT read; INSERT, UPDATE,
//     DELETE write; BEGIN, COMMIT other), where sysbench classifies by result
//     and counts an UPDATE that matched no row as "other";
//   - data is a pure function of --seed (sysbench's prepare is not
//     reproducible) and prepare always inserts explicit ids, so tables load in
//     parallel batches.
package oltp

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// commonOptions are oltp_common.lua's options with sysbench 1.0.20's
// defaults, plus sysbench's --rand-* generator options.
func commonOptions() []workload.Option {
	return append([]workload.Option{
		{Name: "tables", Help: "Number of tables", Kind: workload.Int, Default: "1", Min: 1, Max: 100000},
		{Name: "table-size", Help: "Number of rows per table", Kind: workload.Int, Default: "10000", Min: 0, Max: 1 << 31, DataSize: true},
		{Name: "range-size", Help: "Range size for range SELECT queries", Kind: workload.Int, Default: "100", Min: 1},
		{Name: "point-selects", Help: "Number of point SELECT queries per transaction", Kind: workload.Int, Default: "10", Max: 1000000},
		{Name: "simple-ranges", Help: "Number of simple range SELECT queries per transaction", Kind: workload.Int, Default: "1", Max: 1000000},
		{Name: "sum-ranges", Help: "Number of SELECT SUM() queries per transaction", Kind: workload.Int, Default: "1", Max: 1000000},
		{Name: "order-ranges", Help: "Number of SELECT ORDER BY queries per transaction", Kind: workload.Int, Default: "1", Max: 1000000},
		{Name: "distinct-ranges", Help: "Number of SELECT DISTINCT queries per transaction", Kind: workload.Int, Default: "1", Max: 1000000},
		{Name: "index-updates", Help: "Number of UPDATE index queries per transaction", Kind: workload.Int, Default: "1", Max: 1000000},
		{Name: "non-index-updates", Help: "Number of UPDATE non-index queries per transaction", Kind: workload.Int, Default: "1", Max: 1000000},
		{Name: "delete-inserts", Help: "Number of DELETE/INSERT combinations per transaction", Kind: workload.Int, Default: "1", Max: 1000000},
		{Name: "range-selects", Help: "Enable/disable all range SELECT queries", Kind: workload.Bool, Default: "on"},
		{Name: "auto-inc", Help: "Use an auto-increment column as primary key; when off, use client-generated ids", Kind: workload.Bool, Default: "on"},
		{Name: "skip-trx", Help: "Don't start explicit transactions; run every query in autocommit mode", Kind: workload.Bool, Default: "off"},
		{Name: "secondary", Help: "Use a secondary index in place of the PRIMARY KEY", Kind: workload.Bool, Default: "off"},
		{Name: "create-secondary", Help: "Create a secondary index on k in addition to the PRIMARY KEY", Kind: workload.Bool, Default: "on"},
		{Name: "mysql-storage-engine", Help: "Storage engine on MySQL/MariaDB; a comma list (innodb,myisam) assigns engines to tables in turn", Kind: workload.String, Default: "innodb", Drivers: []string{"mysql"}},
	}, workload.RandOptions()...)
}

// config is the parsed common options.
type config struct {
	tables, tableSize, rangeSize                         int64
	pointSelects, simpleRanges, sumRanges, orderRanges   int64
	distinctRanges, indexUpdates, nonIndexUpdates        int64
	deleteInserts                                        int64
	rangeSelects, autoInc, skipTrx, secondary, createSec bool
	dist                                                 randgen.DistParams
	engines                                              []string
}

func parseConfig(v workload.Values) (*config, error) {
	c := &config{
		tables: v.Int("tables"), tableSize: v.Int("table-size"), rangeSize: v.Int("range-size"),
		pointSelects: v.Int("point-selects"), simpleRanges: v.Int("simple-ranges"),
		sumRanges: v.Int("sum-ranges"), orderRanges: v.Int("order-ranges"),
		distinctRanges: v.Int("distinct-ranges"), indexUpdates: v.Int("index-updates"),
		nonIndexUpdates: v.Int("non-index-updates"), deleteInserts: v.Int("delete-inserts"),
		rangeSelects: v.Bool("range-selects"), autoInc: v.Bool("auto-inc"), skipTrx: v.Bool("skip-trx"),
		secondary: v.Bool("secondary"), createSec: v.Bool("create-secondary"),
		dist: workload.RandParams(v),
	}
	for _, e := range strings.Split(v.String("mysql-storage-engine"), ",") {
		e = strings.TrimSpace(e)
		if e == "" || strings.ContainsFunc(e, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
			return nil, fmt.Errorf("--mysql-storage-engine %q is not a list of engine names", v.String("mysql-storage-engine"))
		}
		c.engines = append(c.engines, e)
	}
	if err := c.dist.Validate(); err != nil {
		return nil, err
	}
	if c.tables*c.tableSize > 1<<34 {
		return nil, fmt.Errorf("--tables × --table-size = %d rows is beyond what one run can load (max %d)", c.tables*c.tableSize, int64(1)<<34)
	}
	return c, nil
}

// shape is what decides the data of the sbtest dataset.
func (c *config) shape() map[string]string {
	onOff := map[bool]string{true: "on", false: "off"}
	return map[string]string{
		"tables": fmt.Sprint(c.tables), "table-size": fmt.Sprint(c.tableSize),
		"mysql-storage-engine": strings.Join(c.engines, ","), "auto-inc": onOff[c.autoInc], "secondary": onOff[c.secondary], "create-secondary": onOff[c.createSec],
	}
}
