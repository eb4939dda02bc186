package dataset

import (
	"context"
	"fmt"
	"time"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/workload"
)

// Exporter is a Model that can write its data as files instead of loading
// it (`prepare --output csv=DIR`), for the database's own loading tools:
// the same batches, so the files hold exactly the data prepare would load.
type Exporter interface {
	Export(ctx context.Context, env workload.ExportEnv) error
}

var _ workload.Exporter = (*Dataset)(nil)

// Export implements workload.Exporter with the model of env.Conn's family.
func (d *Dataset) Export(ctx context.Context, env workload.ExportEnv) error {
	m, _, err := d.bind(env.Conn, env.Driver)
	if err != nil {
		return err
	}
	x, ok := m.(Exporter)
	if !ok {
		return fmt.Errorf("%s's data on %s cannot be written as files", d.workload, env.Driver)
	}
	env.Stamp = d.stamp(map[string]string{"seed": fmt.Sprint(env.Seed), "exported": "csv"})
	env.Stamp.Objects, env.Stamp.Complete = m.Names(), true
	return x.Export(ctx, env)
}

// stamp is a new stamp of d, with info, created now.
func (d *Dataset) stamp(info map[string]string) *db.Stamp {
	return &db.Stamp{Dataset: d.name, Workload: d.workload, Shape: d.shape, Info: info,
		CreatedAt: time.Now().UTC().Format(time.RFC3339)}
}
