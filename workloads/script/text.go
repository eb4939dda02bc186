package script

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
)

// normalize is a statement's name: whitespace collapsed, and numbers and
// quoted strings replaced by ?, so that SELECT c FROM sbtest1 WHERE id=42
// and ...id=7 are one statement (digits inside names, as sbtest1, stay).
// A number's sign is part of it where the sign cannot be an operator (after
// another operator, a parenthesis, a comma or a keyword), so that
// value + -5 and value + 5 are one statement, value - 5 another.
func normalize(sql string) string { return string(appendNormalized(nil, sql)) }

// appendNormalized appends sql's name to b (a thread reuses its buffer:
// looking a name up allocates nothing). Runs of bytes that stay as they
// are (names, keywords, operators) are copied whole, and runs of blanks
// skipped whole: it is asked of every con:query of an event, and
// sysbench-tpcc's statements are mostly indentation and names.
func appendNormalized(b []byte, sql string) []byte {
	start := len(b)
	space := false
	for i := 0; i < len(sql); i++ {
		c := sql[i]
		if byteClass[c] == kept {
			j := i + 1
			for j < len(sql) && (byteClass[sql[j]] == kept || byteClass[sql[j]] == digit && identChar(sql[j-1])) {
				j++
			}
			if space {
				b = append(b, ' ')
				space = false
			}
			b = append(b, sql[i:j]...)
			i = j - 1
			continue
		}
		switch {
		case byteClass[c] == blank:
			j := i + 1
			for j < len(sql) {
				if j+8 <= len(sql) && sql[j:j+8] == "        " { // indentation: one load and compare
					j += 8
				} else if byteClass[sql[j]] == blank {
					j++
				} else {
					break
				}
			}
			i = j - 1
			space = len(b) > start
			continue
		case c == '\'':
			j := i + 1
			for j < len(sql) {
				if sql[j] == '\\' {
					j += 2
					continue
				}
				if sql[j] == c {
					if j+1 < len(sql) && sql[j+1] == c {
						j += 2
						continue
					}
					break
				}
				j++
			}
			i = j
			c = '?'
		case (c == '-' || c == '+') && startsNumber(sql, i+1) && signContext(b[start:]):
			i = endOfNumber(sql, i+1)
			c = '?'
		case isDigit(c) && (space || len(b) == start || !identChar(b[len(b)-1])):
			i = endOfNumber(sql, i)
			c = '?'
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	for len(b) > start && (b[len(b)-1] == ';' || b[len(b)-1] == ' ') {
		b = b[:len(b)-1]
	}
	return b
}

// Classes of a statement's bytes for appendNormalized: kept is copied as
// it is wherever it stands; the others are blanks, digits, and the quote
// and signs, which may start literals.
const (
	kept = iota
	blank
	digit
	literal
)

// byteClass is each byte's class: one load where a chain of comparisons
// per byte was a third of the time of a name.
var byteClass = func() (cl [256]byte) {
	for c := range cl {
		switch b := byte(c); {
		case isBlank(b):
			cl[c] = blank
		case isDigit(b):
			cl[c] = digit
		case b == '\'' || b == '+' || b == '-':
			cl[c] = literal
		}
	}
	return cl
}()

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// startsNumber says sql has a number literal at i.
func startsNumber(sql string, i int) bool {
	return i < len(sql) && (sql[i] >= '0' && sql[i] <= '9' || sql[i] == '.' && i+1 < len(sql) && sql[i+1] >= '0' && sql[i+1] <= '9')
}

// endOfNumber is the index of the last byte of the number at i: digits, a
// point, an exponent and its sign.
func endOfNumber(sql string, i int) int {
	j := i
	for j+1 < len(sql) {
		n := sql[j+1]
		switch {
		case n >= '0' && n <= '9' || n == '.' || n == 'e' || n == 'E':
		case (n == '-' || n == '+') && (sql[j] == 'e' || sql[j] == 'E'):
		default:
			return j
		}
		j++
	}
	return j
}

// signContext says a sign after what b holds so far belongs to the number
// that follows: at the start, after an operator, a parenthesis or a comma,
// or after a keyword (WHERE x BETWEEN -5 AND -1).
func signContext(b []byte) bool {
	if len(b) == 0 {
		return true
	}
	switch last := b[len(b)-1]; {
	case strings.IndexByte("(,=<>+-*/%|&^~!", last) >= 0:
		return true
	case !identChar(last):
		return false
	}
	i := len(b)
	for i > 0 && identChar(b[i-1]) {
		i--
	}
	return signKeywords[strings.ToUpper(string(b[i:]))]
}

// signKeywords are the SQL keywords a value can follow.
var signKeywords = map[string]bool{"SELECT": true, "WHERE": true, "AND": true, "OR": true, "NOT": true, "BETWEEN": true,
	"WHEN": true, "THEN": true, "ELSE": true, "RETURN": true, "LIMIT": true, "OFFSET": true, "LIKE": true, "IS": true,
	"HAVING": true, "ON": true, "IN": true, "VALUES": true, "DEFAULT": true}

func identChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// firstWord is a statement's first keyword, upper case: what follows any
// leading blanks and parentheses, up to a blank, a parenthesis or a
// semicolon. It is asked of every statement, so it scans the bytes itself
// and allocates only when the word is not upper case already.
func firstWord(sql string) string {
	i := 0
	for i < len(sql) && (isBlank(sql[i]) || sql[i] == '(') {
		i++
	}
	j := i
	upper := true
	for ; j < len(sql); j++ {
		c := sql[j]
		if isBlank(c) || c == '(' || c == ';' {
			break
		}
		if c >= 'a' && c <= 'z' {
			upper = false
		}
	}
	if upper {
		return sql[i:j]
	}
	return strings.ToUpper(sql[i:j])
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// classify is sysbench's classification by statement: SELECT reads;
// INSERT, UPDATE, DELETE and REPLACE write; anything else is other.
func classify(sql string) (workload.Class, workload.Verb) {
	switch w := firstWord(sql); w {
	case "SELECT", "WITH", "SHOW":
		return workload.Read, workload.VerbOf(sql)
	case "INSERT", "UPDATE", "DELETE":
		return workload.Write, workload.VerbOf(sql)
	case "REPLACE":
		return workload.Write, workload.Insert
	default:
		return workload.Other, workload.VerbOf(sql)
	}
}

// writesWord says a statement whose first word is w writes (classify's
// Write).
func writesWord(w string) bool {
	switch w {
	case "INSERT", "UPDATE", "DELETE", "REPLACE":
		return true
	}
	return false
}

// returnsRows says a statement is read with a result set.
func returnsRows(sql string) bool { return wordReturnsRows(firstWord(sql)) }

// wordReturnsRows is returnsRows of a statement whose first word is w.
func wordReturnsRows(w string) bool {
	switch w {
	case "SELECT", "WITH", "SHOW", "VALUES", "EXPLAIN", "PRAGMA", "DESCRIBE", "DESC":
		return true
	}
	return false
}

var (
	createTable = regexp.MustCompile(`(?is)^\s*CREATE\s+(?:TEMPORARY\s+|TEMP\s+)?TABLE\s+(IF\s+NOT\s+EXISTS\s+)?([A-Za-z0-9_."` + "`" + `]+)`)
	dropTable   = regexp.MustCompile(`(?is)^\s*DROP\s+TABLE\s+(IF\s+EXISTS\s+)?(.+?)\s*(CASCADE|RESTRICT)?\s*;?\s*$`)
	serialCol   = regexp.MustCompile(`(?i)\b(BIG)?SERIAL\b`)
	autoInc     = regexp.MustCompile(`(?i)\s+AUTO_?INCREMENT\b`)
	engineOpt   = regexp.MustCompile(`(?i)\b(ENGINE|(DEFAULT\s+)?CHARSET|(DEFAULT\s+)?CHARACTER\s+SET|COLLATE|AUTO_INCREMENT|ROW_FORMAT)\s*=?\s*[A-Za-z0-9_]+`)
	inlineKey   = regexp.MustCompile(`(?i),\s*(UNIQUE\s+)?(?:KEY|INDEX)\s+([A-Za-z0-9_]+)\s*\(([^)]*)\)`)
	intAuto     = regexp.MustCompile(`(?i)\b(TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT)(\s*\(\d+\))?(\s+UNSIGNED)?((\s+NOT\s+NULL)?)\s+AUTO_?INCREMENT\b`)
)

// unquote strips an identifier's quotes.
func unquote(name string) string {
	return strings.Trim(name, "`\"")
}

// tableOfCreate is the table a CREATE TABLE makes, "" for another statement.
func tableOfCreate(sql string) string {
	m := createTable.FindStringSubmatch(sql)
	if m == nil {
		return ""
	}
	return unquote(m[2])
}

// tablesOfDrop are the tables a DROP TABLE drops, nil for another statement.
func tablesOfDrop(sql string) (names []string, ifExists bool) {
	m := dropTable.FindStringSubmatch(sql)
	if m == nil {
		return nil, false
	}
	for _, n := range strings.Split(m[2], ",") {
		if n = unquote(strings.TrimSpace(n)); n != "" {
			names = append(names, n)
		}
	}
	return names, m[1] != ""
}

// translateDDL rewrites the few DDL forms sysbench's scripts use for a
// database that lacks them, and returns the statements to run after it.
// MySQL's inline KEY name (cols) of a CREATE TABLE (sysbench's --secondary)
// becomes a CREATE INDEX table_name after it where the dialect has no
// inline keys (SQLite, PostgreSQL). On SQLite, whose only auto-increment key
// is an INTEGER PRIMARY KEY, SERIAL and AUTO_INCREMENT columns become
// INTEGER, and MySQL's table options go. What cannot be made is an error.
func translateDDL(sql string, d *sqldb.Dialect) (string, []string, error) {
	if firstWord(sql) != "CREATE" {
		return sql, nil, nil
	}
	table := tableOfCreate(sql)
	if table == "" {
		return sql, nil, nil
	}
	out := sql
	var after []string
	if !d.InlineKey {
		for _, m := range inlineKey.FindAllStringSubmatch(out, -1) {
			after = append(after, fmt.Sprintf("CREATE %sINDEX %s_%s ON %s (%s)", strings.ToUpper(m[1]), table, m[2], table, strings.TrimSpace(m[3])))
		}
		out = inlineKey.ReplaceAllString(out, "")
	}
	if !d.SerialNeedsPK {
		return out, after, nil
	}
	auto := serialCol.MatchString(out) || autoInc.MatchString(out)
	out = serialCol.ReplaceAllString(out, "INTEGER")
	out = intAuto.ReplaceAllString(out, "INTEGER$4")
	out = autoInc.ReplaceAllString(out, "")
	if i := strings.LastIndexByte(out, ')'); i >= 0 && d.EngineClause == nil {
		out = out[:i+1] + engineOpt.ReplaceAllString(out[i+1:], "")
	}
	if auto && !strings.Contains(strings.ToUpper(out), "PRIMARY KEY") {
		return "", nil, fmt.Errorf("%s assigns ids only to an INTEGER PRIMARY KEY column, and this table's auto-increment column is not its primary key (sysbench's --secondary needs --auto-inc=off here): %s", d.Name, strings.Join(strings.Fields(sql), " "))
	}
	return out, after, nil
}
