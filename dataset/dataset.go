package dataset

import (
	"context"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// Dataset is a workload.Dataset over the models of the data-model families a
// workload supports. It binds the first model whose family the connection
// has.
type Dataset struct {
	name, workload string
	shape          map[string]string
	models         []Model
}

var _ workload.Dataset = (*Dataset)(nil)

// New returns the dataset name (workloads that share the data share the
// name) that workload prepares, shaped by shape (the options that decide the
// data, as stamped), with one model per data-model family it can live in.
func New(name, workload string, shape map[string]string, models ...Model) *Dataset {
	return &Dataset{name: name, workload: workload, shape: shape, models: models}
}

// Name implements workload.Dataset.
func (d *Dataset) Name() string { return d.name }

// Shape implements workload.Dataset.
func (d *Dataset) Shape() map[string]string { return d.shape }

// Objects implements workload.Dataset: the names of the first model (they
// are for messages before a connection is known).
func (d *Dataset) Objects() []string {
	if len(d.models) == 0 {
		return nil
	}
	return d.models[0].Names()
}

// bind picks the model of conn's family and its store.
func (d *Dataset) bind(conn db.Conn, driver string) (Model, Store, error) {
	for _, m := range d.models {
		if s, ok := m.Bind(conn); ok {
			return m, s, nil
		}
	}
	return nil, nil, &db.UnsupportedError{Workload: d.workload, Needs: d.needs(), Driver: driver}
}

// needs lists the families: "a SQL database, Redis or MongoDB".
func (d *Dataset) needs() string {
	var n []string
	for _, m := range d.models {
		n = append(n, m.Needs())
	}
	if len(n) < 2 {
		return strings.Join(n, "")
	}
	return strings.Join(n[:len(n)-1], ", ") + " or " + n[len(n)-1]
}

// Check implements workload.Dataset.
func (d *Dataset) Check(ctx context.Context, conn db.Conn) (workload.State, error) {
	m, s, err := d.bind(conn, "this database")
	if err != nil {
		return workload.State{}, err
	}
	return state(ctx, s, d.name, m.Names())
}

// Cleanup implements workload.Dataset: it drops the objects the stamp lists
// and nothing else, then the stamp, and returns what it dropped. Without a
// stamp it drops nothing.
func (d *Dataset) Cleanup(ctx context.Context, conn db.Conn) ([]string, error) {
	_, s, err := d.bind(conn, "this database")
	if err != nil {
		return nil, err
	}
	stamp, err := s.Stamp(ctx, d.name)
	if err != nil || stamp == nil {
		return nil, err
	}
	dropped, err := s.Drop(ctx, stamp.Objects)
	if err != nil {
		return dropped, err
	}
	more, err := s.DeleteStamp(ctx, d.name)
	return append(dropped, more...), err
}
