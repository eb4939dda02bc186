// Package kv is the key-value study: YCSB's core workloads A-F with YCSB's
// operation proportions and key distributions (zipfian with constant 0.99
// and scrambling, latest, uniform, hotspot), plus kv_insert and kv_get for
// QPS-versus-data-size curves, with batched inserts and a reconnect every N
// requests as the HandlerSocket study did. One storage port (store) with an
// adapter per data-model family: SQL tables, Redis hashes, MongoDB
// documents, and on MySQL and MariaDB the HANDLER statements and the
// HandlerSocket protocol (--mysql-access).
package kv

import (
	"fmt"

	"github.com/dbgauge/dbgauge/workload"
)

// options are YCSB's core properties under dbgauge's option names, with
// YCSB's defaults (recordcount 1000, fieldcount 10, fieldlength 100,
// maxscanlength 100, hotspot fractions 0.2/0.8).
func options(defaultDist string) []workload.Option {
	return []workload.Option{
		{Name: "record-count", Help: "Records loaded by prepare (YCSB recordcount)", Kind: workload.Int, Default: "1000", Min: 1, Max: 1 << 34, DataSize: true},
		{Name: "field-count", Help: "Fields per record (YCSB fieldcount)", Kind: workload.Int, Default: "10", Min: 1, Max: 100},
		{Name: "field-length", Help: "Length of each field (YCSB fieldlength)", Kind: workload.Int, Default: "100", Min: 1, Max: 100000},
		{Name: "batch-size", Help: "Records per insert operation (bulk inserts, as HandlerSocket did); with --mysql-access handlersocket also the gets pipelined per read", Kind: workload.Int, Default: "1", Min: 1, Max: 10000},
		{Name: "requests-per-conn", Help: "Reconnect every N requests (0: never; the HandlerSocket study used 1000)", Kind: workload.Int, Default: "0"},
		{Name: "distribution", Help: "Key distribution of reads, updates and scans", Kind: workload.Enum, Default: defaultDist,
			Choices: []string{"zipfian", "uniform", "latest", "hotspot"}},
		{Name: "max-scan-length", Help: "Longest scan (YCSB maxscanlength; lengths are uniform in 1..max)", Kind: workload.Int, Default: "100", Min: 1, Max: 100000},
		{Name: "hotspot-data-fraction", Help: "Hotspot: fraction of keys that are hot", Kind: workload.Float, Default: "0.2"},
		{Name: "hotspot-opn-fraction", Help: "Hotspot: fraction of operations on hot keys", Kind: workload.Float, Default: "0.8"},
		{Name: "mysql-access", Help: "How the operations reach MySQL/MariaDB: sql (SELECT, INSERT, UPDATE), handler (reads through HANDLER ... READ, writes SQL) or handlersocket (everything through the HandlerSocket plugin's protocol; ports and secrets from the URL's hs-port, hs-port-wr, hs-secret, hs-secret-wr)", Kind: workload.Enum, Default: accessSQL,
			Choices: []string{accessSQL, accessHandler, accessHandlerSocket}, Drivers: []string{"mysql"}},
	}
}

type config struct {
	records, fields, fieldLen, batch, perConn, maxScan int64
	dist                                               string
	access                                             string // --mysql-access
	hotData, hotOpn                                    float64
	mix                                                mix
}

func parseConfig(v workload.Values, m mix) (*config, error) {
	c := &config{records: v.Int("record-count"), fields: v.Int("field-count"), fieldLen: v.Int("field-length"),
		batch: v.Int("batch-size"), perConn: v.Int("requests-per-conn"), maxScan: v.Int("max-scan-length"),
		dist: v.String("distribution"), hotData: v.Float("hotspot-data-fraction"), hotOpn: v.Float("hotspot-opn-fraction"), mix: m,
		access: v.String("mysql-access")}
	if !(c.hotData > 0 && c.hotData < 1) || !(c.hotOpn >= 0 && c.hotOpn <= 1) {
		return nil, fmt.Errorf("hotspot fractions must be in (0, 1) and [0, 1]")
	}
	return c, nil
}

// shape is what decides the loaded data.
func (c *config) shape() map[string]string {
	return map[string]string{"record-count": fmt.Sprint(c.records), "field-count": fmt.Sprint(c.fields), "field-length": fmt.Sprint(c.fieldLen)}
}
