package oltp

import "github.com/dbgauge/dbgauge/workload"

// Operation ids; every test of the family shares this list so that results
// of different tests line up.
const (
	opBegin workload.OpID = iota
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

// ops: BEGIN has no verb; COMMIT is a commit, each SELECT a select and
// each INSERT, UPDATE or DELETE its verb, as charbench counts them.
var ops = [numOps]workload.Op{
	opBegin:          {Name: "begin", Class: workload.Other},
	opPointSelect:    {Name: "point_select", Class: workload.Read, Verb: workload.Select},
	opSimpleRange:    {Name: "simple_range", Class: workload.Read, Verb: workload.Select},
	opSumRange:       {Name: "sum_range", Class: workload.Read, Verb: workload.Select},
	opOrderRange:     {Name: "order_range", Class: workload.Read, Verb: workload.Select},
	opDistinctRange:  {Name: "distinct_range", Class: workload.Read, Verb: workload.Select},
	opIndexUpdate:    {Name: "index_update", Class: workload.Write, Verb: workload.Update},
	opNonIndexUpdate: {Name: "non_index_update", Class: workload.Write, Verb: workload.Update},
	opDelete:         {Name: "delete", Class: workload.Write, Verb: workload.Delete},
	opInsert:         {Name: "insert", Class: workload.Write, Verb: workload.Insert},
	opCommit:         {Name: "commit", Class: workload.Other, Verb: workload.Commit},
	opRandomPoints:   {Name: "random_points", Class: workload.Read, Verb: workload.Select},
	opRandomRanges:   {Name: "random_ranges", Class: workload.Read, Verb: workload.Select},
	opBulkInsert:     {Name: "bulk_insert", Class: workload.Write, Verb: workload.Insert},
}

// statements are oltp_common.lua's stmt_defs; %d is the table number.
var statements = map[workload.OpID]string{
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
