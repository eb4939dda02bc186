package script

import (
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// A prepared SELECT's rows are read one of two ways. A script that never
// looks at a result's values (none of its files names fetch_row or
// nfields: sysbench's own scripts) reads them as sysbench's server does,
// to the end without decoding them (Stmt.Query), so that its statements
// cost what the built-in workloads' do. A script that does has every
// prepared SELECT's rows decoded to text, on the same prepared statement,
// for rs:fetch_row() as con:query gives them (NULL as "").

// readsValues reports whether a compiled chunk, or a function in it, names
// a result's fetch_row or nfields: the constants of rs:fetch_row() and
// rs.nfields.
func readsValues(p *lua.FunctionProto) bool {
	for _, c := range p.Constants {
		if s, ok := c.(lua.LString); ok && (s == "fetch_row" || s == "nfields") {
			return true
		}
	}
	for _, f := range p.FunctionPrototypes {
		if readsValues(f) {
			return true
		}
	}
	return false
}

// selectColumns counts the columns a SELECT returns from its text: the
// items of its select list (commas outside parentheses and quotes, up to
// FROM). It is -1 where the text does not say: SELECT *, t.*, or not a
// SELECT (SHOW, WITH...).
func selectColumns(sql string) int {
	s := strings.TrimSpace(sql)
	if firstWord(s) != "SELECT" {
		return -1
	}
	s = strings.TrimLeft(s, "(")
	s = s[len("SELECT"):]
	n, depth, start := 1, 0, 0
	item := func(end int) bool {
		it := strings.TrimSpace(s[start:end])
		return it != "*" && !strings.HasSuffix(it, ".*") && it != ""
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '"', '`':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				if !item(i) {
					return -1
				}
				n++
				start = i + 1
			}
		default:
			if depth == 0 && (c == 'F' || c == 'f') && i > 0 && !identChar(s[i-1]) && len(s) >= i+4 &&
				strings.EqualFold(s[i:i+4], "FROM") && (len(s) == i+4 || !identChar(s[i+4])) {
				if !item(i) {
					return -1
				}
				return n
			}
		}
	}
	if !item(len(s)) {
		return -1
	}
	return n
}

// queryValues runs a prepared SELECT and returns its rows as text: through
// the statement's RowsReader when its columns are known from its text,
// else (SELECT *, a driver without one) as a text query with the same
// arguments.
func (t *thread) queryValues(s *session, st *stmt, ps sqldb.Stmt) ([][]string, int, error) {
	if st.ncols == 0 {
		st.ncols = selectColumns(st.sql)
	}
	rr, ok := ps.(sqldb.RowsReader)
	if !ok || st.ncols < 0 {
		rows, err := s.conn.QueryStrings(t.db.ctx, st.sql, t.db.args...)
		nfields := 0
		if len(rows) > 0 {
			nfields = len(rows[0])
		}
		return rows, nfields, err
	}
	if len(st.vals) != st.ncols {
		st.vals = make([]sqldb.Null[string], st.ncols)
		st.dest = make([]any, st.ncols)
		for i := range st.vals {
			st.dest[i] = &st.vals[i]
		}
	}
	var rows [][]string
	_, err := rr.QueryRows(t.db.ctx, st.dest, func(int) error {
		row := make([]string, len(st.vals))
		for i, v := range st.vals {
			row[i] = v.V
		}
		rows = append(rows, row)
		return nil
	}, t.db.args...)
	return rows, st.ncols, err
}
