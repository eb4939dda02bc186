package dataset

import (
	"context"
	"fmt"

	"github.com/dbgauge/dbgauge/db"
)

// Exporter is a Model that can write its data as files instead of loading
// it (`prepare --output csv=DIR`), for the database's own loading tools:
// the same batches, so the files hold exactly the data prepare would load.
type Exporter interface {
	Export(ctx context.Context, env ExportEnv) error
}

// ExportEnv is what an export needs: a connection of the model's family
// for the dialect of the scripts it writes (nothing is written to it), the
// directory, and the loader's settings.
type ExportEnv struct {
	Conn     db.Conn
	Dir      string
	Seed     uint64
	Parallel int
	Progress func(table string, rows, total int64)
}

// Export writes d's data into env.Dir with the model of env.Conn's family.
func (d *Dataset) Export(ctx context.Context, env ExportEnv, driver string) error {
	m, _, err := d.bind(env.Conn, driver)
	if err != nil {
		return err
	}
	x, ok := m.(Exporter)
	if !ok {
		return fmt.Errorf("%s's data on %s cannot be written as files", d.workload, driver)
	}
	return x.Export(ctx, env)
}
