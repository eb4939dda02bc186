package kv

import "github.com/dbgauge/dbgauge/workload"

// The kv figures count records, not operations: an insert of --batch-size
// records is one operation (one transaction) but --batch-size records, and
// so is a HandlerSocket read that pipelines --batch-size gets. TPS alone
// would rank a run of 100-record inserts below one of single-record
// inserts that wrote ten times fewer records; the study's table is in
// records a second.

// getsPerRead is the records one read operation gets: --batch-size when
// HandlerSocket pipelines them, else one.
func (c *config) getsPerRead() int64 {
	if c.access == accessHandlerSocket && c.batch > 1 {
		return c.batch
	}
	return 1
}

// Figures implements workload.Figurer: records read by key and records
// inserted a second, for the mixes that have them. The figure of a
// workload of one operation (kv_get, kv_insert) is its throughput; a
// mix's throughput stays its operations a second.
func (i *instance) Figures(c workload.Counts) []workload.Figure {
	if c.Seconds <= 0 {
		return nil
	}
	m := i.c.mix
	pure := (m.read > 0) != (m.insert > 0) && m.update == 0 && m.scan == 0 && m.rmw == 0
	var figs []workload.Figure
	if m.read > 0 {
		gets := c.Types[txRead].Count * i.c.getsPerRead()
		figs = append(figs, workload.Figure{Name: "gets", Value: float64(gets) / c.Seconds, Unit: "gets/s", Throughput: pure,
			Help: "records read by key a second (a read that pipelines --batch-size gets counts --batch-size)"})
	}
	if m.insert > 0 {
		recs := c.Types[txInsert].Count * i.c.batch
		figs = append(figs, workload.Figure{Name: "inserts", Value: float64(recs) / c.Seconds, Unit: "records/s", Throughput: pure,
			Help: "records inserted a second (an insert of --batch-size records counts --batch-size)"})
	}
	return figs
}
