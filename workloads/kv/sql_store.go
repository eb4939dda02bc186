package kv

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

// table is YCSB's JDBC binding's usertable.
const table = "usertable"

func columns(c *config) []string {
	cols := []string{"ycsb_key"}
	for i := range c.fields {
		cols = append(cols, "field"+strconv.FormatInt(i, 10))
	}
	return cols
}

// sqlTables is the SQL table and its initial records.
func sqlTables(c *config) sqlstore.Tables {
	return sqlstore.Tables{{
		Name: table,
		Create: func(d *sqldb.Dialect) (string, error) {
			var b strings.Builder
			b.WriteString("CREATE TABLE " + table + " (ycsb_key VARCHAR(64) NOT NULL PRIMARY KEY")
			for _, col := range columns(c)[1:] {
				b.WriteString(", " + col + " " + d.TextType(c.fieldLen))
			}
			b.WriteString(") " + d.TableOptions)
			return b.String(), nil
		},
		Columns: columns(c), Rows: c.records, BatchRows: 5000,
		Batch: func(seed uint64, b int64) []sqldb.Row {
			first, last := b*5000, min((b+1)*5000, c.records)
			rows := make([]sqldb.Row, 0, last-first)
			for n := first; n < last; n++ {
				row := sqldb.Row{keyName(n)}
				for _, v := range values(seed, c, n) {
					row = append(row, v)
				}
				rows = append(rows, row)
			}
			return rows
		},
	}}
}

type sqlStore struct {
	conn                  sqldb.Conn
	cfg                   *config
	readSt, scanSt, insSt sqldb.Stmt
	updSt                 []sqldb.Stmt
	args                  []any
}

func openSQLStore(ctx context.Context, conn sqldb.Conn, c *config) (*sqlStore, error) {
	s := &sqlStore{conn: conn, cfg: c}
	var err error
	prep := func(q string) sqldb.Stmt {
		if err != nil {
			return nil
		}
		var st sqldb.Stmt
		st, err = conn.Prepare(ctx, q)
		return st
	}
	s.readSt = prep("SELECT * FROM " + table + " WHERE ycsb_key = ?")
	d := conn.Dialect()
	if n := int(c.batch); d.MaxValuesRows > 0 && n > d.MaxValuesRows || d.MaxParams > 0 && n*len(columns(c)) > d.MaxParams {
		return nil, &db.UnsupportedError{Workload: fmt.Sprintf("kv with --batch-size %d", n),
			Needs: fmt.Sprintf("an INSERT of %d rows of %d values", n, len(columns(c))), Driver: d.Name}
	}
	s.scanSt = prep(d.Limit("SELECT * FROM "+table+" WHERE ycsb_key >= ? ORDER BY ycsb_key", "?"))
	s.insSt = prep(sqldb.MultiRowInsert(conn.Dialect(), table, columns(c), int(c.batch)))
	for i := range c.fields {
		s.updSt = append(s.updSt, prep(fmt.Sprintf("UPDATE %s SET field%d = ? WHERE ycsb_key = ?", table, i)))
	}
	if err != nil {
		s.close()
		return nil, fmt.Errorf("prepare kv statements: %w", err)
	}
	return s, nil
}

func (s *sqlStore) read(ctx context.Context, key string) (bool, error) {
	n, err := s.readSt.Query(ctx, key)
	return n > 0, err
}

func (s *sqlStore) update(ctx context.Context, key string, field int, value string) error {
	_, err := s.updSt[field].Exec(ctx, value, key)
	return err
}

func (s *sqlStore) insert(ctx context.Context, keys []string, vals [][]string) error {
	s.args = s.args[:0]
	for i, k := range keys {
		s.args = append(s.args, k)
		for _, v := range vals[i] {
			s.args = append(s.args, v)
		}
	}
	if len(keys) == int(s.cfg.batch) {
		_, err := s.insSt.Exec(ctx, s.args...)
		return err
	}
	_, err := s.conn.Exec(ctx, sqldb.MultiRowInsert(s.conn.Dialect(), table, columns(s.cfg), len(keys)), s.args...)
	return err
}

func (s *sqlStore) scan(ctx context.Context, key string, n int64) (int, error) {
	return s.scanSt.Query(ctx, key, n)
}

func (s *sqlStore) count(ctx context.Context) (int64, error) {
	rows, err := s.conn.QueryStrings(ctx, "SELECT COUNT(*) FROM "+table)
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(rows[0][0], 10, 64)
}

func (s *sqlStore) close() {
	for _, st := range append([]sqldb.Stmt{s.readSt, s.scanSt, s.insSt}, s.updSt...) {
		if st != nil {
			st.Close()
		}
	}
}
