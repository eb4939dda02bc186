package oltp

import "github.com/dbgauge/dbgauge/bench"

// Operation ids; every test of the family shares this list so that results
// of different tests line up.
const (
	opBegin bench.OpID = iota
	opPointSelect
	opSimpleRange
	opSumRange
	opOrderRange
	opDistinctRange
	opIndexUpdate
	opNonIndexUpdate
	opDelete
	opInsert
	opCommit
	opRandomPoints
	opRandomRanges
	opBulkInsert
	numOps
)

var ops = [numOps]bench.Op{
	opBegin:          {Name: "begin", Class: bench.Other},
	opPointSelect:    {Name: "point_select", Class: bench.Read},
	opSimpleRange:    {Name: "simple_range", Class: bench.Read},
	opSumRange:       {Name: "sum_range", Class: bench.Read},
	opOrderRange:     {Name: "order_range", Class: bench.Read},
	opDistinctRange:  {Name: "distinct_range", Class: bench.Read},
	opIndexUpdate:    {Name: "index_update", Class: bench.Write},
	opNonIndexUpdate: {Name: "non_index_update", Class: bench.Write},
	opDelete:         {Name: "delete", Class: bench.Write},
	opInsert:         {Name: "insert", Class: bench.Write},
	opCommit:         {Name: "commit", Class: bench.Other},
	opRandomPoints:   {Name: "random_points", Class: bench.Read},
	opRandomRanges:   {Name: "random_ranges", Class: bench.Read},
	opBulkInsert:     {Name: "bulk_insert", Class: bench.Write},
}

// statements are oltp_common.lua's stmt_defs; %d is the table number.
var statements = map[bench.OpID]string{
	opPointSelect:    "SELECT c FROM sbtest%d WHERE id=?",
	opSimpleRange:    "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?",
	opSumRange:       "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?",
	opOrderRange:     "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
	opDistinctRange:  "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c",
	opIndexUpdate:    "UPDATE sbtest%d SET k=k+1 WHERE id=?",
	opNonIndexUpdate: "UPDATE sbtest%d SET c=? WHERE id=?",
	opDelete:         "DELETE FROM sbtest%d WHERE id=?",
	opInsert:         "INSERT INTO sbtest%d (id, k, c, pad) VALUES (?, ?, ?, ?)",
}
