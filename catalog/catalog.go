// Package catalog is the explicit list of workloads and drivers the binary
// offers: no init() registration, no blank imports. Adding a workload or a
// driver is one line here. Unavailable lists the databases no driver here
// reaches, and why.
package catalog

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/cubrid"
	"github.com/dbgauge/dbgauge/db/mongo"
	"github.com/dbgauge/dbgauge/db/mysql"
	"github.com/dbgauge/dbgauge/db/oracle"
	"github.com/dbgauge/dbgauge/db/postgres"
	"github.com/dbgauge/dbgauge/db/redis"
	"github.com/dbgauge/dbgauge/db/sqlite"
	"github.com/dbgauge/dbgauge/db/sqlserver"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workloads/bookstore"
	"github.com/dbgauge/dbgauge/workloads/declarative"
	"github.com/dbgauge/dbgauge/workloads/kv"
	"github.com/dbgauge/dbgauge/workloads/oltp"
	"github.com/dbgauge/dbgauge/workloads/orderentry"
	"github.com/dbgauge/dbgauge/workloads/script"
	"github.com/dbgauge/dbgauge/workloads/tpcc"
	"github.com/dbgauge/dbgauge/workloads/widetable"
)

// Workloads returns every workload, in the order `list` shows them.
func Workloads() []workload.Workload {
	w := append(oltp.Workloads(), widetable.Workloads()...)
	w = append(w, kv.Workloads()...)
	return append(w, tpcc.Workload, bookstore.Workload, orderentry.Workload)
}

// IsFile says name is a workload file, named by its path: a declarative
// workload (.yaml, .yml) or a sysbench Lua script (.lua).
func IsFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".lua":
		return true
	}
	return false
}

// Load finds a workload by name, or loads the workload file at the path
// name (IsFile): its errors say where in the file.
func Load(name string) (workload.Workload, error) {
	if !IsFile(name) {
		if w, ok := Workload(name); ok {
			return w, nil
		}
		return nil, fmt.Errorf("unknown workload %q", name)
	}
	switch strings.ToLower(filepath.Ext(name)) {
	// One case per kind of workload file.
	case ".yaml", ".yml":
		return declarative.Load(name)
	case ".lua":
		return script.Load(name)
	}
	return nil, fmt.Errorf("%s: this dbgauge cannot run %s files yet", name, filepath.Ext(name))
}

// Workload finds a workload by name.
func Workload(name string) (workload.Workload, bool) {
	if IsFile(name) {
		w, err := Load(name)
		return w, err == nil
	}
	for _, w := range Workloads() {
		if w.Meta().Name == name {
			return w, true
		}
	}
	return nil, false
}

// Drivers returns every database driver.
func Drivers() []db.Driver {
	return []db.Driver{sqlite.Driver{}, postgres.Driver{}, mysql.Driver{}, redis.Driver{}, mongo.Driver{}, oracle.Driver{}, sqlserver.Driver{}, cubrid.Driver{}}
}

// DriverNames lists the drivers' names, as Drivers orders them.
func DriverNames() []string {
	var names []string
	for _, d := range Drivers() {
		names = append(names, d.Name())
	}
	return names
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

// OptionOwners names the workloads that declare the option name, in
// catalog order.
func OptionOwners(name string) []string {
	var owners []string
	for _, w := range Workloads() {
		for _, opt := range w.Options() {
			if opt.Name == name && !slices.Contains(owners, w.Meta().Name) {
				owners = append(owners, w.Meta().Name)
			}
		}
	}
	return owners
}
