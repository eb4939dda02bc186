package workload

import "strings"

// VerbOf is the verb of a SQL statement, read from its first word:
// SELECT, INSERT, UPDATE, DELETE, COMMIT or ROLLBACK, in any case. Any
// other statement (BEGIN, SET, a CTE, DDL) has NoVerb: a workload whose
// statements read otherwise sets Op.Verb itself.
func VerbOf(sql string) Verb {
	s := strings.TrimLeft(sql, " \t\r\n(")
	word := s
	if i := strings.IndexAny(s, " \t\r\n(;"); i >= 0 {
		word = s[:i]
	}
	for v := Select; v < numVerbs; v++ {
		if strings.EqualFold(word, Verbs[v]) {
			return v
		}
	}
	return NoVerb
}
