// Package declarative runs declarative workloads: a YAML file declares options,
// tables with their data generators, and transactions as lists of SQL
// statements with named parameters, and `dbgauge run FILE.yaml` runs it
// with every runner feature (users and connections, --rate, warmup, think
// time, per-statement and per-transaction percentiles, results, shards).
//
// Load parses a file and reports every problem at once, each as
// FILE:LINE: message. The workload's options are the file's; Configure
// compiles the file with their values into a plan: sqlstore tables
// (dataset/sqlstore makes, loads, stamps and drops them), and transaction
// types whose statements are the measured operations. Each user deals
// transaction types from a deck of their weights, draws each statement's
// parameters from randgen generators, and keeps the values a statement
// reads (read:, returning:) in variables for the later statements of the
// same transaction.
//
// declarative imports workload, dataset, dataset/sqlstore, db/sqldb,
// randgen, workloads/internal/sqlrun, yamlfile and go.yaml.in/yaml/v3
// (whose nodes carry the lines errors name). It has no package state: a
// file is parsed into values that belong to the Workload Load returns.
package declarative

import (
	"fmt"
	"os"

	"github.com/dbgauge/dbgauge/workload"
)

// Load reads the workload file at path. Its error, if the file has
// problems, is an *Errors listing all of them.
func Load(path string) (workload.Workload, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read workload file: %w", err)
	}
	return Parse(path, data)
}

// Parse parses a workload file's text; path names it in errors. The file
// is compiled with its options' defaults, so that a problem any value
// would have is reported now.
func Parse(path string, data []byte) (workload.Workload, error) {
	errs := newErrors(path)
	f := parse(path, data, errs)
	if f != nil {
		compile(f, defaults(f), workload.Shard{}, errs)
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	return &specWorkload{f: f}, nil
}

// specWorkload is a parsed file.
type specWorkload struct{ f *file }

func (w *specWorkload) Meta() workload.Meta {
	desc := w.f.description
	if desc == "" {
		desc = "declarative workload from " + w.f.path
	}
	// The family keeps the name results and `list` have always shown.
	return workload.Meta{Name: w.f.name, Family: "spec", Description: desc}
}

func (w *specWorkload) Options() []workload.Option { return workloadOptions(w.f) }

// Configure compiles the file with v: a value that makes the file wrong
// (a row count of -1, an empty range) is an error naming its line.
func (w *specWorkload) Configure(v workload.Values, p workload.Params) (workload.Instance, error) {
	vals := v.Map()
	for _, o := range w.f.options {
		if _, ok := vals[o.name]; !ok {
			vals[o.name] = o.def
		}
	}
	errs := newErrors(w.f.path)
	pl := compile(w.f, vals, p.Shard, errs)
	if err := errs.err(); err != nil {
		return nil, err
	}
	return &instance{f: w.f, p: pl, vals: vals, sql: newTable(w.f, pl)}, nil
}
