package session

import (
	"github.com/dbgauge/dbgauge/results"
	"github.com/dbgauge/dbgauge/results/store"
)

// AddedRun is a run AddRuns recorded, or found recorded already (!New).
type AddedRun struct {
	ID     int64
	Folder string
	New    bool
}

// AddRuns records the runs of existing results folders (or result.json
// files) at paths in the store at storePath, redacted (Redacted). Every
// path is read first: one that holds no run adds nothing.
func AddRuns(storePath string, paths []string) ([]AddedRun, error) {
	var rs []*results.Result
	var added []AddedRun
	for _, p := range paths {
		res, folder, err := results.ReadRun(p)
		if err != nil {
			return nil, err
		}
		rs, added = append(rs, res), append(added, AddedRun{Folder: folder})
	}
	s, err := store.Open(storePath)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	for i, res := range rs {
		if added[i].ID, added[i].New, err = s.Add(Redacted(res), added[i].Folder); err != nil {
			return added[:i], err
		}
	}
	return added, nil
}
