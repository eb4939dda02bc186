package cubrid

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
)

// resetSerial is the dialect's ResetSerial: after a load of explicit ids,
// the next AUTO_INCREMENT value is set past them (CUBRID's serial does not
// follow explicit values). CUBRID's ALTER TABLE ... AUTO_INCREMENT takes a
// literal only (csql_grammar.y: AUTO_INCREMENT '=' UNSIGNED_INTEGER), so
// the driver runs the subquery and sends the ALTER with its value: the
// statement as written is this dialect's own, and only Exec reads it.
const resetSerial = "ALTER TABLE %[1]s AUTO_INCREMENT = (SELECT COALESCE(MAX(%[2]s), 0) + 1 FROM %[1]s)"

// resetSerialRE matches resetSerial's statements: the table, the column.
var resetSerialRE = regexp.MustCompile(`^ALTER TABLE (\S+) AUTO_INCREMENT = \(SELECT COALESCE\(MAX\((\S+)\), 0\) \+ 1 FROM (\S+)\)$`)

// execResetSerial runs a resetSerial statement, and says whether query was one.
func (c *Conn) execResetSerial(ctx context.Context, query string) (bool, error) {
	m := resetSerialRE.FindStringSubmatch(query)
	if m == nil || m[1] != m[3] {
		return false, nil
	}
	rows, err := c.QueryStrings(ctx, fmt.Sprintf("SELECT COALESCE(MAX(%s), 0) + 1 FROM %s", m[2], m[1]))
	if err != nil {
		return true, err
	}
	if len(rows) != 1 || len(rows[0]) != 1 {
		return true, fmt.Errorf("cubrid: the next id of %s: %v", m[1], rows)
	}
	next, err := strconv.ParseInt(rows[0][0], 10, 64)
	if err != nil {
		return true, fmt.Errorf("cubrid: the next id of %s: %w", m[1], err)
	}
	_, _, err = c.direct(ctx, fmt.Sprintf("ALTER TABLE %s AUTO_INCREMENT = %d", m[1], next), nil)
	return true, err
}
