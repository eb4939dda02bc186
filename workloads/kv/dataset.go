package kv

import "github.com/dbgauge/dbgauge/dataset"

// newDataset is the records in the data model of the connection: a SQL
// table, Redis hashes listed in an index, or MongoDB documents. Its objects,
// as messages name them before a connection is known, are the SQL table's.
func newDataset(c *config, owner string) *dataset.Dataset {
	return dataset.New("kv", owner, c.shape(), sqlTables(c), redisRecords(c), mongoCollections(c))
}
