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
// prepares made. Once the objects are created it also records how far the
// load got (resume.go): a prepare that finds an incomplete stamp of the same
// shape and seed loads only what is missing.
func (d *Dataset) Prepare(ctx context.Context, env workload.PrepareEnv) (err error) {
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
	fresh := objects
	if resumable(st.Stamp, stamp, objects) {
		stamp.Loading = st.Stamp.Loading
		if fresh, err = resume(ctx, env, objects, stamp.Loading); err != nil {
			return err
		}
	}
	if st.Stamp != nil {
		// An interrupted prepare: keep claiming what it created.
		stamp.Objects = slices.Clone(st.Stamp.Objects)
	}
	for _, o := range objects {
		if !slices.Contains(stamp.Objects, o.Name) {
			stamp.Objects = append(stamp.Objects, o.Name)
		}
	}
	if err := create(ctx, env.Conn, s, stamp, fresh); err != nil {
		return err
	}
	t := &tracker{store: s, stamp: stamp}
	defer func() {
		if err != nil {
			t.flush(ctx)
		}
	}()
	w := newWriter(env.SingleWriter)
	if err := load.Run(ctx, loads(objects, env.Seed, t, w), env.Parallel, env.Open, env.Progress); err != nil {
		return err
	}
	if err := load.Run(ctx, afters(objects, t, w), env.Parallel, env.Open, nil); err != nil {
		return err
	}
	stamp.Complete, stamp.Loading = true, nil
	return s.WriteStamp(ctx, stamp)
}

// create drops and creates objects (all of them, or those a resumed
// prepare makes again), with the stamp written first without their
// progress and again once they exist.
func create(ctx context.Context, conn db.Conn, s Store, stamp *db.Stamp, objects []Object) error {
	if stamp.Loading == nil {
		stamp.Loading = map[string]*db.Loading{}
	}
	names := make([]string, len(objects))
	for i, o := range objects {
		names[i] = o.Name
		delete(stamp.Loading, o.Name)
	}
	if err := s.WriteStamp(ctx, stamp); err != nil {
		return err
	}
	if len(objects) == 0 {
		return nil
	}
	if _, err := s.Drop(ctx, names); err != nil {
		return err
	}
	for _, o := range objects {
		if o.Create != nil {
			if err := o.Create(ctx, conn); err != nil {
				return err
			}
		}
		stamp.Loading[o.Name] = &db.Loading{}
	}
	return s.WriteStamp(ctx, stamp)
}

// resume prepares the resumption of an interrupted prepare: it clears the
// batches that were under way, says how far the load had got, and returns
// the objects to make again whole.
func resume(ctx context.Context, env workload.PrepareEnv, objects []Object, progress map[string]*db.Loading) ([]Object, error) {
	var again []Object
	var done, all int64
	for _, o := range objects {
		l := progress[o.Name]
		whole, err := redo(ctx, env.Conn, o, l)
		if err != nil {
			return nil, err
		}
		if whole {
			again = append(again, o)
			continue
		}
		done += batchesDone(l.Done)
		if o.BatchRows > 0 {
			all += (o.Rows + o.BatchRows - 1) / o.BatchRows
		}
	}
	if env.Note != nil {
		msg := fmt.Sprintf("Resuming the interrupted prepare: %d of %d batches are in", done, all)
		if len(again) > 0 {
			var names []string
			for _, o := range again {
				names = append(names, o.label())
			}
			msg += "; " + strings.Join(names, ", ") + " made again whole"
		}
		env.Note(msg + ".")
	}
	return again, nil
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

// loads is the parallel loader's work: every object's batches that are
// not in yet, each recorded by t before it starts and once it is done.
// With a writer (a single-writer database), a loader draws its batch
// (Object.Draw) while another writes, then takes the writer for the stamp
// update and the write.
func loads(objects []Object, seed uint64, t *tracker, w writer) []load.Table[db.Conn] {
	var tables []load.Table[db.Conn]
	for _, o := range objects {
		if o.Load == nil {
			continue
		}
		l := t.stamp.Loading[o.Name]
		tables = append(tables, load.Table[db.Conn]{Name: o.label(), Rows: o.Rows, BatchRows: o.BatchRows,
			Skip: func(b int64) bool { return inSpans(l.Done, b) },
			Load: func(ctx context.Context, conn db.Conn, b int64) (int64, error) {
				write := func(ctx context.Context, conn db.Conn) (int64, error) { return o.Load(ctx, conn, seed, b) }
				if w != nil && o.Draw != nil {
					write = o.Draw(seed, b)
				}
				if err := w.lock(ctx); err != nil {
					return 0, err
				}
				defer w.unlock()
				if err := t.start(ctx, o.Name, b); err != nil {
					return 0, err
				}
				n, err := write(ctx, conn)
				if err == nil {
					t.done(o.Name, b)
				}
				return n, err
			}})
	}
	return tables
}

// afters runs each object's after-load step as one batch, so that objects
// build their indexes in parallel, each on its own connection, or one at a
// time with a writer; steps a resumed prepare finds done are skipped.
func afters(objects []Object, t *tracker, w writer) []load.Table[db.Conn] {
	var tables []load.Table[db.Conn]
	for _, o := range objects {
		if o.After == nil || t.stamp.Loading[o.Name].After == "done" {
			continue
		}
		tables = append(tables, load.Table[db.Conn]{Name: o.label(), Rows: 1, BatchRows: 1,
			Load: func(ctx context.Context, conn db.Conn, _ int64) (int64, error) {
				if err := w.lock(ctx); err != nil {
					return 0, err
				}
				defer w.unlock()
				if err := t.after(ctx, o.Name, "busy"); err != nil {
					return 0, err
				}
				if err := o.After(ctx, conn); err != nil {
					return 0, err
				}
				return 0, t.after(ctx, o.Name, "done")
			}})
	}
	return tables
}
