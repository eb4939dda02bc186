package widetable

import "github.com/dbgauge/dbgauge/dataset"

// newDataset is the study's tables as SQL tables or MongoDB collections,
// whichever the connection holds.
func newDataset(c *config, owner string) *dataset.Dataset {
	return dataset.New("widetable", owner, c.shape(), sqlTables(c), mongoCollections(c))
}
