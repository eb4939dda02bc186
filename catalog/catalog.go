// Package catalog is the explicit list of workloads and drivers the binary
// offers: no init() registration, no blank imports. Adding a workload or a
// driver is one line here.
package catalog

import (
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/mongo"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/redis"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/bookstore"
	"github.com/dbgauge/dbgauge/workloads/kv"
	"github.com/dbgauge/dbgauge/workloads/oltp"
	"github.com/dbgauge/dbgauge/workloads/orderentry"
	"github.com/dbgauge/dbgauge/workloads/tpcc"
	"github.com/dbgauge/dbgauge/workloads/widetable"
)

// Workloads returns every workload, in the order `list` shows them.
func Workloads() []workload.Workload {
	w := append(oltp.Workloads(), widetable.Workloads()...)
	w = append(w, kv.Workloads()...)
	return append(w, tpcc.Workload, bookstore.Workload, orderentry.Workload)
}

// Workload finds a workload by name.
func Workload(name string) (workload.Workload, bool) {
	for _, w := range Workloads() {
		if w.Meta().Name == name {
			return w, true
		}
	}
	return nil, false
}

// Drivers returns every database driver.
func Drivers() []db.Driver {
	return []db.Driver{sqlite.Driver{}, postgres.Driver{}, mysql.Driver{}, redis.Driver{}, mongo.Driver{}}
}

// DriverFor finds the driver of a URL scheme.
func DriverFor(scheme string) (db.Driver, bool) {
	for _, d := range Drivers() {
		for _, s := range d.Schemes() {
			if s == scheme {
				return d, true
			}
		}
	}
	return nil, false
}
