package sqlserver

import (
	"context"
	"errors"

	"github.com/dbgauge/dbgauge/db"
)

// Driver opens connections.
type Driver struct{}

// Name implements db.Driver.
func (Driver) Name() string { return "sqlserver" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"sqlserver", "mssql"} }

// Open implements db.Driver.
func (Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	return nil, errors.New("the sqlserver driver is not built yet")
}

var _ = dialect
