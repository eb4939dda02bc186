package sqldb

import (
	"strconv"
	"strings"
)

// Numbered returns a Dialect.Bind that turns the '?' placeholders outside
// quoted strings into prefix1, prefix2, …: "$" for PostgreSQL, ":" for
// Oracle, "@p" for SQL Server.
func Numbered(prefix string) func(string) string {
	return func(q string) string {
		if !strings.Contains(q, "?") {
			return q
		}
		var b strings.Builder
		b.Grow(len(q) + 8)
		n, quoted := 0, false
		for i := 0; i < len(q); i++ {
			ch := q[i]
			switch {
			case ch == '\'':
				quoted = !quoted
			case ch == '?' && !quoted:
				n++
				b.WriteString(prefix)
				b.WriteString(strconv.Itoa(n))
				continue
			}
			b.WriteByte(ch)
		}
		return b.String()
	}
}
