package dataset

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/load"
	"github.com/dbgauge/dbgauge/workload"
)

// Prepare implements workload.Dataset. The stamp is written, incomplete,
// before the first object is dropped or created, and keeps claiming what an
// interrupted prepare created, so that cleanup can always drop exactly what
// prepares made.
func (d *Dataset) Prepare(ctx context.Context, env workload.PrepareEnv) error {
	m, s, err := d.bind(env.Conn, env.Driver)
	if err != nil {
		return err
	}
	objects, err := m.Plan(env.Conn)
	if err != nil {
		return err
	}
	st, err := state(ctx, s, d.name, m.Names())
	if err != nil {
		return err
	}
	if err := refuse(st, env.Force); err != nil {
		return err
	}
	stamp := d.stamp(map[string]string{"seed": fmt.Sprint(env.Seed), "dbgauge": env.Version})
	if st.Stamp != nil {
		// An interrupted prepare: keep claiming what it created.
		stamp.Objects = slices.Clone(st.Stamp.Objects)
	}
	names := make([]string, len(objects))
	for i, o := range objects {
		names[i] = o.Name
		if !slices.Contains(stamp.Objects, o.Name) {
			stamp.Objects = append(stamp.Objects, o.Name)
		}
	}
	if err := s.WriteStamp(ctx, stamp); err != nil {
		return err
	}
	if _, err := s.Drop(ctx, names); err != nil {
		return err
	}
	for _, o := range objects {
		if o.Create != nil {
			if err := o.Create(ctx, env.Conn); err != nil {
				return err
			}
		}
	}
	if err := load.Run(ctx, loads(objects, env.Seed), env.Parallel, env.Open, env.Progress); err != nil {
		return err
	}
	if err := load.Run(ctx, afters(objects), env.Parallel, env.Open, nil); err != nil {
		return err
	}
	stamp.Complete = true
	return s.WriteStamp(ctx, stamp)
}

// refuse stops a prepare that would drop objects it does not own: another
// dataset's ever, foreign ones unless forced. Callers check first and say
// what to do; this is the lifecycle's own guarantee.
func refuse(st workload.State, force bool) error {
	if len(st.Claimed) > 0 {
		var parts []string
		for _, n := range slices.Sorted(maps.Keys(st.Claimed)) {
			parts = append(parts, fmt.Sprintf("%s (dataset %s)", n, st.Claimed[n]))
		}
		return fmt.Errorf("%s belong to another dbgauge dataset: prepare never drops them", strings.Join(parts, ", "))
	}
	if len(st.Foreign) > 0 && !force {
		return fmt.Errorf("%s exist but were not created by dbgauge: prepare drops them only when forced", strings.Join(st.Foreign, ", "))
	}
	return nil
}

// loads is the parallel loader's work: every object's batches.
func loads(objects []Object, seed uint64) []load.Table[db.Conn] {
	var tables []load.Table[db.Conn]
	for _, o := range objects {
		if o.Load == nil {
			continue
		}
		tables = append(tables, load.Table[db.Conn]{Name: o.label(), Rows: o.Rows, BatchRows: o.BatchRows,
			Load: func(ctx context.Context, conn db.Conn, b int64) (int64, error) {
				return o.Load(ctx, conn, seed, b)
			}})
	}
	return tables
}

// afters runs each object's after-load step as one batch, so that objects
// build their indexes in parallel, each on its own connection.
func afters(objects []Object) []load.Table[db.Conn] {
	var tables []load.Table[db.Conn]
	for _, o := range objects {
		if o.After == nil {
			continue
		}
		tables = append(tables, load.Table[db.Conn]{Name: o.label(), Rows: 1, BatchRows: 1,
			Load: func(ctx context.Context, conn db.Conn, _ int64) (int64, error) {
				return 0, o.After(ctx, conn)
			}})
	}
	return tables
}
