package sqlstore

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/dataset"
	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/load"
	"github.com/dbgauge/dbgauge/workload"
)

var _ dataset.Exporter = Tables(nil)

// Export implements dataset.Exporter: each table's batches as CSV files
// (TABLE.BATCH.csv, batches written in parallel), and, for the dialect of
// env.Conn, schema.sql (the CREATE TABLEs), load.sql (the database's own
// bulk load of every file, where the dialect has one), indexes.sql (what
// prepare runs after the load) and stamp.sql (the dataset's stamp, so that
// dbgauge knows the data as its own). Load them in that order:
//
//	psql -f schema.sql && psql -f load.sql && psql -f indexes.sql && psql -f stamp.sql
//
// CSV is RFC 4180 with NULL written \N, times as 2006-01-02 15:04:05.
func (ts Tables) Export(ctx context.Context, env workload.ExportEnv) error {
	c, err := sqldb.Open(env.Conn, "this database")
	if err != nil {
		return err
	}
	d := c.Dialect()
	if err := os.MkdirAll(env.Dir, 0o755); err != nil {
		return fmt.Errorf("--output: %w", err)
	}
	var schema, loads, after strings.Builder
	var jobs []load.Table[nopCloser]
	for _, t := range ts {
		ddl, err := t.Create(d)
		if err != nil {
			return err
		}
		fmt.Fprintf(&schema, "%s;\n", ddl)
		if t.After != nil {
			for _, q := range t.After(d) {
				fmt.Fprintf(&after, "%s;\n", q)
			}
		}
		if a := d.AnalyzeTable(t.Name); a != "" {
			fmt.Fprintf(&after, "%s;\n", a)
		}
		if t.Batch == nil {
			continue
		}
		n := load.Table[nopCloser]{Name: t.Name, Rows: t.Rows, BatchRows: t.BatchRows}
		file := func(b int64) string { return fmt.Sprintf("%s.%05d.csv", t.Name, b) }
		for b := range n.Batches() {
			if d.CopyCSV != nil {
				fmt.Fprintf(&loads, "%s\n", d.CopyCSV(t.Name, file(b), t.Columns))
			}
		}
		n.Load = func(ctx context.Context, _ nopCloser, b int64) (int64, error) {
			rows := t.Batch(env.Seed, b)
			return int64(len(rows)), writeCSV(filepath.Join(env.Dir, file(b)), rows)
		}
		jobs = append(jobs, n)
	}
	files := map[string]string{"schema.sql": schema.String(), "indexes.sql": after.String()}
	if env.Stamp != nil {
		stamp, err := sqldb.StampSQL(env.Stamp)
		if err != nil {
			return err
		}
		files["stamp.sql"] = stamp
	}
	if d.CopyCSV != nil {
		files["load.sql"] = loads.String()
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(env.Dir, name), []byte(text), 0o644); err != nil {
			return fmt.Errorf("--output: %w", err)
		}
	}
	open := func(context.Context) (nopCloser, error) { return nopCloser{}, nil }
	return load.Run(ctx, jobs, env.Parallel, open, env.Progress)
}

type nopCloser struct{}

func (nopCloser) Close() error { return nil }

// writeCSV writes rows to path.
func writeCSV(path string, rows []sqldb.Row) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	var buf []byte
	for _, r := range rows {
		for i, v := range r {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendCSV(buf, v)
		}
		buf = append(buf, '\n')
		if _, err := w.Write(buf); err != nil {
			f.Close()
			return err
		}
		buf = buf[:0]
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// appendCSV appends one field: NULL as \N, text quoted when it must be.
func appendCSV(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, `\N`...)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case float64:
		return strconv.AppendFloat(b, x, 'f', -1, 64)
	case time.Time:
		return x.AppendFormat(b, "2006-01-02 15:04:05")
	case bool:
		return strconv.AppendBool(b, x)
	case []byte:
		return appendText(b, string(x))
	case string:
		return appendText(b, x)
	}
	return appendText(b, fmt.Sprint(v))
}

func appendText(b []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\n\r\\") && s != "" {
		return append(b, s...)
	}
	b = append(b, '"')
	b = append(b, strings.ReplaceAll(s, `"`, `""`)...)
	return append(b, '"')
}
