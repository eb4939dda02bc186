package oracle

import (
	"context"
	"errors"

	"github.com/dbgauge/dbgauge/db"
)

// Driver opens connections.
type Driver struct{}

// Name implements db.Driver.
func (Driver) Name() string { return "oracle" }

// Schemes implements db.Driver.
func (Driver) Schemes() []string { return []string{"oracle"} }

// Open implements db.Driver.
func (Driver) Open(ctx context.Context, t *db.Target) (db.Conn, error) {
	return nil, errors.New("the oracle driver is not built yet")
}

var _ = dialect
