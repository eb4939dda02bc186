package workload

import "github.com/dbgauge/dbgauge/db"

// NewState works out a dataset's State from every stamp in the database and
// a test of whether an object exists: the dataset's own stamp, its objects
// that another dataset's stamp claims, and those no stamp claims (foreign).
func NewState(dataset string, objects []string, stamps []*db.Stamp, exists func(name string) (bool, error)) (State, error) {
	var st State
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
		ok, err := exists(name)
		if err != nil || !ok {
			if err != nil {
				return st, err
			}
			continue
		}
		if o != "" {
			if st.Claimed == nil {
				st.Claimed = map[string]string{}
			}
			st.Claimed[name] = o
		} else {
			st.Foreign = append(st.Foreign, name)
		}
	}
	return st, nil
}
