package declarative

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/dataset/sqlstore"
)

// valueKind is what a column holds, for the variables read from it.
type valueKind uint8

const (
	kindString valueKind = iota
	kindInt
	kindFloat
)

var typeRe = regexp.MustCompile(`^([a-z]+)(?:\s*\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?$`)

// columnType maps a portable column type to the DDL sqlstore.Def writes
// for every dialect: the standard names the three databases share, and
// sqlstore's placeholders for the auto-increment key and the timestamp,
// which the Dialect maps. serial says the column is the auto-increment key.
//
//	int, integer, bigint, smallint   INTEGER, BIGINT, SMALLINT
//	serial, identity                 the dialect's auto-increment integer
//	decimal(p,s), numeric(p,s)       DECIMAL(p,s)
//	float, double                    DOUBLE PRECISION
//	varchar(n), char(n), text        VARCHAR(n), CHAR(n), TEXT
//	timestamp, date                  the dialect's timestamp, DATE
//	bool, boolean                    BOOLEAN
func columnType(t string) (ddl string, kind valueKind, serial bool, err error) {
	m := typeRe.FindStringSubmatch(strings.ToLower(strings.TrimSpace(t)))
	if m == nil {
		return "", 0, false, fmt.Errorf("unknown column type %q (%s)", t, typeList)
	}
	name, a, b := m[1], m[2], m[3]
	args := func(min, max int) error {
		n := 0
		if a != "" {
			n++
		}
		if b != "" {
			n++
		}
		if n < min || n > max {
			return fmt.Errorf("column type %q: %s takes %d to %d arguments", t, name, min, max)
		}
		return nil
	}
	switch name {
	case "int", "integer", "bigint", "smallint":
		if err := args(0, 0); err != nil {
			return "", 0, false, err
		}
		return map[string]string{"int": "INTEGER", "integer": "INTEGER", "bigint": "BIGINT", "smallint": "SMALLINT"}[name], kindInt, false, nil
	case "serial", "identity":
		if err := args(0, 0); err != nil {
			return "", 0, false, err
		}
		return sqlstore.SerialType, kindInt, true, nil
	case "decimal", "numeric":
		if err := args(1, 2); err != nil {
			return "", 0, false, err
		}
		p, _ := strconv.Atoi(a)
		s := 0
		if b != "" {
			s, _ = strconv.Atoi(b)
		}
		if p < 1 || p > 38 || s > p {
			return "", 0, false, fmt.Errorf("column type %q: precision must be 1 to 38 and scale at most the precision", t)
		}
		return fmt.Sprintf("DECIMAL(%d,%d)", p, s), kindFloat, false, nil
	case "float", "double", "real":
		if err := args(0, 0); err != nil {
			return "", 0, false, err
		}
		return "DOUBLE PRECISION", kindFloat, false, nil
	case "varchar", "char":
		if err := args(1, 1); err != nil {
			return "", 0, false, err
		}
		if n, _ := strconv.Atoi(a); n < 1 || n > 65535 {
			return "", 0, false, fmt.Errorf("column type %q: the length must be 1 to 65535", t)
		}
		return strings.ToUpper(name) + "(" + a + ")", kindString, false, nil
	case "text":
		if err := args(0, 0); err != nil {
			return "", 0, false, err
		}
		return "TEXT", kindString, false, nil
	case "timestamp", "datetime":
		if err := args(0, 0); err != nil {
			return "", 0, false, err
		}
		return sqlstore.TimestampType, kindString, false, nil
	case "date":
		if err := args(0, 0); err != nil {
			return "", 0, false, err
		}
		return "DATE", kindString, false, nil
	case "bool", "boolean":
		if err := args(0, 0); err != nil {
			return "", 0, false, err
		}
		return "BOOLEAN", kindString, false, nil
	}
	return "", 0, false, fmt.Errorf("unknown column type %q (%s)", t, typeList)
}

const typeList = "int, bigint, smallint, serial, decimal(p,s), float, varchar(n), char(n), text, timestamp, date, bool"

// kindOf reads a read's type name.
func kindOf(s string) (valueKind, bool) {
	switch s {
	case "int":
		return kindInt, true
	case "float":
		return kindFloat, true
	case "string":
		return kindString, true
	}
	return 0, false
}
