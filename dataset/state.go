package dataset

import (
	"context"
	"slices"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// NewState works out a dataset's State from every stamp in the database and
// find, which returns how a report names an object when it exists and ""
// when it does not: the dataset's own stamp, its objects that another
// dataset's stamp claims, and those no stamp claims (foreign).
func NewState(dataset string, objects []string, stamps []*db.Stamp, find func(name string) (string, error)) (workload.State, error) {
	var st workload.State
	owner := map[string]string{}
	for _, sp := range stamps {
		if sp.Dataset == dataset {
			st.Stamp = sp
		}
		for _, o := range sp.Objects {
			owner[o] = sp.Dataset
		}
	}
	for _, name := range objects {
		o := owner[name]
		if o == dataset {
			continue
		}
		found, err := find(name)
		if err != nil {
			return st, err
		}
		if found == "" {
			continue
		}
		if o != "" {
			if st.Claimed == nil {
				st.Claimed = map[string]string{}
			}
			st.Claimed[name] = o
		} else {
			st.Foreign = append(st.Foreign, found)
		}
	}
	return st, nil
}

// state is Check on a store. Every stamp is read only when an object the
// dataset's own stamp does not claim exists: Redis has no cheap way to list
// stamps.
func state(ctx context.Context, s Store, dataset string, names []string) (workload.State, error) {
	own, err := s.Stamp(ctx, dataset)
	if err != nil {
		return workload.State{}, err
	}
	var probe []string
	for _, n := range names {
		if own == nil || !slices.Contains(own.Objects, n) {
			probe = append(probe, n)
		}
	}
	if len(probe) == 0 {
		return workload.State{Stamp: own}, nil
	}
	found, err := s.Find(ctx, probe)
	if err != nil {
		return workload.State{}, err
	}
	report := map[string]string{}
	for i, n := range probe {
		if i < len(found) && found[i] != "" {
			report[n] = found[i]
		}
	}
	if len(report) == 0 {
		return workload.State{Stamp: own}, nil
	}
	stamps, err := s.Stamps(ctx)
	if err != nil {
		return workload.State{}, err
	}
	st, err := NewState(dataset, probe, stamps, func(n string) (string, error) { return report[n], nil })
	st.Stamp = own
	return st, err
}
