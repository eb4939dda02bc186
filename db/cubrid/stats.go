package cubrid

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

var (
	_ db.StatsReader   = (*Conn)(nil)
	_ db.StorageReader = (*Conn)(nil)
)

// The server's statistics as SQL shows them (the user needs DBA rights;
// scripts/services makes bench a member of DBA). `cubrid statdump` reads
// the same counters through the server's own client library, which a
// driver speaking the broker protocol cannot call; these SHOW statements
// (src/parser/show_meta.c) are what the CAS serves:
//   - SHOW PAGE BUFFER STATUS: the buffer pool's fixes, hits, pages read,
//     written and created, and its pages by state (gauges). The server
//     shows the counts since the previous SHOW PAGE BUFFER STATUS by any
//     client (pgbuf_start_scan in page_buffer.c): the Conn adds them up,
//     so its counters grow as long as no other client shows the status;
//   - SHOW LOG HEADER: the transaction and MVCC id counters, and where the
//     log appends (its page and offset: bytes of log written);
//   - SHOW TRANSACTION TABLES: the transactions present (a gauge).
const (
	pageBufferStatus = "SHOW PAGE BUFFER STATUS"
	logHeader        = "SHOW LOG HEADER"
	tranTables       = "SHOW TRANSACTION TABLES"
	volumeHeader     = "SHOW VOLUME HEADER OF 0"
)

// pageBufferCounters are SHOW PAGE BUFFER STATUS columns that only grow;
// its other numeric columns are levels.
var pageBufferCounters = map[string]bool{"Num_hit": true, "Num_page_request": true, "Num_pages_created": true,
	"Num_pages_written": true, "Num_pages_read": true}

// watched are the counters a DBA watches beside the load.
var watched = []string{"Num_page_request", "Num_hit", "Num_pages_read", "Num_pages_written", "Next_trans_id",
	"Next_mvcc_id", "Log_append_bytes"}

// ServerStats implements db.StatsReader.
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}, Watched: watched}
	cols, rows, err := c.show(ctx, pageBufferStatus)
	if err != nil {
		return nil, err
	}
	for i, name := range cols {
		v, err := strconv.ParseFloat(rows[0][i], 64)
		switch {
		case err != nil:
		case pageBufferCounters[name]:
			if c.pageBuffer == nil {
				c.pageBuffer = map[string]float64{}
			}
			c.pageBuffer[name] += v
			s.Counters[name] = c.pageBuffer[name]
		case name == "Pool_size" || name == "Page_size":
			s.Settings[name] = rows[0][i]
		case name != "Hit_rate" && !strings.HasSuffix(name, "_rate"):
			s.Gauges[name] = v
		}
	}
	cols, rows, err = c.show(ctx, logHeader)
	if err != nil {
		return nil, err
	}
	log := map[string]string{}
	for i, name := range cols {
		log[name] = rows[0][i]
	}
	for _, name := range []string{"Next_trans_id", "Next_mvcc_id"} {
		if v, err := strconv.ParseFloat(log[name], 64); err == nil {
			s.Counters[name] = v
		}
	}
	if n, ok := logBytes(log["Current_append"], log["Log_page_size"]); ok {
		s.Counters["Log_append_bytes"] = n
	}
	for _, name := range []string{"Db_page_size", "Log_page_size", "Release"} {
		s.Settings[name] = log[name]
	}
	if _, rows, err = c.show(ctx, tranTables); err == nil {
		s.Gauges["Transactions"] = float64(len(rows))
	}
	if v, err := c.dbParameter(ctx, paramIsolationLevel); err == nil {
		s.Settings["isolation_level"] = strconv.Itoa(int(v))
	}
	if v, err := c.dbParameter(ctx, paramLockTimeout); err == nil {
		s.Settings["lock_timeout_ms"] = strconv.Itoa(int(v))
	}
	if st, err := c.ServerStorage(ctx); err == nil {
		s.DataDir = st.DataDir
	}
	return s, nil
}

// logBytes reads a log address "(page|offset)" as bytes from the log's start.
func logBytes(lsa, pageSize string) (float64, bool) {
	page, off, ok := strings.Cut(strings.Trim(lsa, "() "), "|")
	p, err1 := strconv.ParseFloat(strings.TrimSpace(page), 64)
	o, err2 := strconv.ParseFloat(strings.TrimSpace(off), 64)
	size, err3 := strconv.ParseFloat(pageSize, 64)
	if !ok || err1 != nil || err2 != nil || err3 != nil {
		return 0, false
	}
	return p*size + o, true
}

// Ratios implements db.StatsReader: the page buffer's hit ratio, the
// requests found in the pool. The server counts a page it creates as a
// hit without a request (pgbuf_fix): those are left out.
func (c *Conn) Ratios(d map[string]float64) map[string]float64 {
	req := d["Num_page_request"]
	hit := min(max(d["Num_hit"]-d["Num_pages_created"], 0), req)
	return map[string]float64{"buffer_hit_pct": db.HitRatio(hit, req-hit)}
}

// ServerStorage implements db.StorageReader: the first data volume's
// directory (SHOW VOLUME HEADER) and the log's (SHOW LOG HEADER's prefix).
func (c *Conn) ServerStorage(ctx context.Context) (*db.ServerStorage, error) {
	cols, rows, err := c.show(ctx, volumeHeader)
	if err != nil {
		return nil, err
	}
	st := &db.ServerStorage{DataSetting: "volume 0 (SHOW VOLUME HEADER)", LogSetting: "Log_prefix (SHOW LOG HEADER)",
		Local: db.LocalAddr(c.remoteAddr())}
	for i, name := range cols {
		if name == "Full_name" {
			st.DataDir = filepath.Dir(rows[0][i])
		}
	}
	if cols, rows, err = c.show(ctx, logHeader); err != nil {
		return nil, err
	}
	for i, name := range cols {
		if name == "Log_prefix" {
			st.LogDir = filepath.Dir(rows[0][i])
		}
	}
	if st.DataDir == "" {
		return nil, fmt.Errorf("the server shows no data volume")
	}
	return st, nil
}

// remoteAddr is the CAS's address, or nil.
func (c *Conn) remoteAddr() net.Addr {
	if c.nc == nil {
		return nil
	}
	return c.nc.RemoteAddr()
}

// show runs a SHOW statement and returns its column names and rows as
// text; a statement that shows no row is an error.
func (c *Conn) show(ctx context.Context, query string) ([]string, [][]string, error) {
	var names []string
	var rows [][]string
	_, _, err := c.direct(ctx, query, func(_ int, vals []value, cols []column) error {
		if names == nil {
			for _, col := range cols {
				names = append(names, col.name)
			}
		}
		r := make([]string, len(vals))
		for i, v := range vals {
			if !v.null {
				b, err := v.appendText(nil)
				if err != nil {
					return err
				}
				r[i] = string(b)
			}
		}
		rows = append(rows, r)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", query, err)
	}
	if len(rows) == 0 && query != tranTables {
		return nil, nil, fmt.Errorf("%s shows no row", query)
	}
	return names, rows, nil
}
