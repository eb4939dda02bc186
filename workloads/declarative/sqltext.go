package declarative

import (
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// bindNames rewrites a statement's :name parameters as '?' (the drivers
// number them where the database wants $1, $2) and returns the names in
// order. Quoted text, quoted identifiers, comments and PostgreSQL's ::
// casts are left alone; a '?' of the statement's own is refused, so that
// every parameter has a name.
func bindNames(sql string) (string, []string, error) {
	var b strings.Builder
	var names []string
	for i := 0; i < len(sql); i++ {
		c := sql[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(sql) && sql[j] != c {
				if sql[j] == '\\' && c == '\'' {
					j++
				}
				j++
			}
			if j >= len(sql) {
				return "", nil, fmt.Errorf("a quote %c is not closed", c)
			}
			b.WriteString(sql[i : j+1])
			i = j
		case c == '-' && i+1 < len(sql) && sql[i+1] == '-':
			j := strings.IndexByte(sql[i:], '\n')
			if j < 0 {
				j = len(sql) - i
			}
			b.WriteString(sql[i : i+j])
			i += j - 1
		case c == ':' && i+1 < len(sql) && sql[i+1] == ':':
			b.WriteString("::")
			i++
		case c == ':' && i+1 < len(sql) && isIdentStart(sql[i+1]):
			j := i + 1
			for j < len(sql) && isIdent(sql[j]) {
				j++
			}
			names = append(names, sql[i+1:j])
			b.WriteByte('?')
			i = j - 1
		case c == '?':
			return "", nil, fmt.Errorf("write parameters as :name, not '?'")
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), names, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdent(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// firstWord is a statement's first keyword, lowercase ("" if none).
func firstWord(sql string) string {
	s := strings.TrimLeft(sql, " \t\r\n(")
	for strings.HasPrefix(s, "--") {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = strings.TrimLeft(s[i+1:], " \t\r\n(")
		} else {
			return ""
		}
	}
	end := 0
	for end < len(s) && isIdent(s[end]) {
		end++
	}
	return strings.ToLower(s[:end])
}

// classOf is a statement's class and verb from its first keyword: reads
// (SELECT, WITH, VALUES, SHOW, EXPLAIN), writes (INSERT, UPDATE, DELETE,
// REPLACE, MERGE, UPSERT) and other statements.
func classOf(sql string) (workload.Class, workload.Verb, bool) {
	switch w := firstWord(sql); w {
	case "":
		return workload.Other, workload.NoVerb, false
	case "select", "with", "values", "show", "explain", "table":
		return workload.Read, workload.VerbOf(sql), true
	case "insert", "update", "delete", "replace", "merge", "upsert":
		v := workload.VerbOf(sql)
		if w == "replace" || w == "upsert" {
			v = workload.Insert
		}
		return workload.Write, v, true
	}
	return workload.Other, workload.VerbOf(sql), true
}
