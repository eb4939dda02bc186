package handlersocket

import (
	"fmt"
	"slices"
	"strings"
)

// Table is a table as the server's catalog describes it, for the checks
// before HandlerSocket opens it (the catalog is read through SQL: db/mysql).
type Table struct {
	Database, Name string
	// Type is information_schema.TABLES.TABLE_TYPE ("BASE TABLE", "VIEW",
	// "SYSTEM VIEW", "SEQUENCE", ...); "" when there is no such table.
	Type string
	// Primary are the columns of the PRIMARY index, in order; none when
	// the table has no primary key.
	Primary []string
	// Columns are the table's columns by name.
	Columns map[string]Column
}

// Column is a column as information_schema.COLUMNS describes it, in lower
// case.
type Column struct {
	// Type is DATA_TYPE; Charset is CHARACTER_SET_NAME, "" for a type
	// without one.
	Type, Charset string
}

// BaseTable is the only TABLE_TYPE HandlerSocket may open: the plugin
// opens whatever the name is with the storage engine's interface, and
// opening a view (mysql.user) crashed MariaDB 10.11.19 with signal 11.
const BaseTable = "BASE TABLE"

// TableError says why a table cannot be used through HandlerSocket: bad
// input, which the user fixes.
type TableError struct {
	Database, Table string
	Reason          string
}

func (e *TableError) Error() string {
	return fmt.Sprintf("HandlerSocket cannot use %s.%s: %s", e.Database, e.Table, e.Reason)
}

// Openable says whether HandlerSocket may open the table at all.
func (t *Table) Openable() error {
	switch t.Type {
	case BaseTable:
		return nil
	case "":
		return &TableError{t.Database, t.Name, "no such table"}
	}
	return &TableError{t.Database, t.Name, fmt.Sprintf("it is a %s, and HandlerSocket opens base tables only (opening a view crashed MariaDB 10.11.19)", strings.ToLower(t.Type))}
}

// carried are the DATA_TYPEs whose values come back through HandlerSocket
// as the bytes written: the plugin stores a value with
// Field::store(bytes, binary charset) and reads it with Field::val_str
// (database.cpp), which for character and binary strings are the bytes
// themselves. A number, date, ENUM or SET column converts them: "007"
// reads back as "7", and text that is not a number is stored as 0 without
// an error.
var carried = []string{"char", "varchar", "tinytext", "text", "mediumtext", "longtext",
	"binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob"}

// wideCharsets are the character sets in which ASCII text is not its own
// bytes. HandlerSocket moves a column's bytes as stored, in the column's
// character set, where SQL converts them to and from the connection's:
// the two agree on ASCII text in every other character set, and on any
// text in the connection's own (utf8mb4 for go-sql-driver/mysql).
var wideCharsets = []string{"ucs2", "utf16", "utf16le", "utf32"}

// Carries says whether a column of a DATA_TYPE keeps any string written
// to it through HandlerSocket (up to its length).
func Carries(dataType string) bool { return slices.Contains(carried, strings.ToLower(dataType)) }

// CheckStrings says whether a key-value client can use the table: a base
// table whose PRIMARY index is key alone, and key and columns columns that
// carry strings.
func (t *Table) CheckStrings(key string, columns []string) error {
	if err := t.Openable(); err != nil {
		return err
	}
	switch {
	case len(t.Primary) == 0:
		return &TableError{t.Database, t.Name, "it has no PRIMARY index (HandlerSocket finds rows through an index)"}
	case len(t.Primary) != 1 || t.Primary[0] != key:
		return &TableError{t.Database, t.Name, fmt.Sprintf("its PRIMARY index is (%s), not (%s)", strings.Join(t.Primary, ", "), key)}
	}
	for _, c := range append([]string{key}, columns...) {
		col, ok := t.Columns[c]
		switch {
		case !ok:
			return &TableError{t.Database, t.Name, "it has no column " + c}
		case !Carries(col.Type):
			return &TableError{t.Database, t.Name, fmt.Sprintf("column %s is %s, which the protocol cannot carry a string through unchanged (it wants a character or binary string type)", c, col.Type)}
		case slices.Contains(wideCharsets, col.Charset):
			return &TableError{t.Database, t.Name, fmt.Sprintf("column %s is in character set %s, in which the bytes HandlerSocket writes are not the text they stand for (it wants an ASCII-compatible one: utf8mb4, latin1, binary, ...)", c, col.Charset)}
		}
	}
	return nil
}
