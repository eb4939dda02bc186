package mysql

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	gomysql "github.com/go-sql-driver/mysql"

	"github.com/dbgauge/dbgauge/db"
)

// Server settings are global system variables, changed with SET GLOBAL:
// global-only variables take effect at once, variables with a session
// scope (query_cache_type, long_query_time) in the sessions that start
// afterwards, which are the run's. Nothing is written to a configuration
// file, so a server restart also undoes a change.
var _ db.Settings = (*Conn)(nil)

// variable is a global system variable as the server describes it.
type variable struct {
	value string
	null  bool
	// typ is MariaDB's information_schema.SYSTEM_VARIABLES.VARIABLE_TYPE
	// (BIGINT UNSIGNED, ENUM, VARCHAR, …); "" on MySQL, which lacks it.
	typ string
}

// Error numbers of SET GLOBAL and @@GLOBAL reads.
const (
	erUnknownSystemVariable = 1193 // ER_UNKNOWN_SYSTEM_VARIABLE
	erIncorrectGlobalLocal  = 1238 // "is a read only variable", "is a SESSION variable"
	erWrongValueForVar      = 1231 // ER_WRONG_VALUE_FOR_VAR
	erWrongTypeForVar       = 1232 // ER_WRONG_TYPE_FOR_VAR
	erQueryCacheDisabled    = 1651 // MySQL 5.6-5.7 started with query_cache_type=0
	erSpecificAccessDenied  = 1227 // SUPER or SYSTEM_VARIABLES_ADMIN needed
	erWrongArguments        = 1210 // a value the variable's own check refuses
	erNoSuchTable           = 1146 // information_schema.SYSTEM_VARIABLES on MySQL
	erUnknownTable          = 1109
)

// readVariable reads a global variable: from MariaDB's
// information_schema.SYSTEM_VARIABLES, which says whether it is read only
// and its type, or from @@GLOBAL on MySQL.
func (c *Conn) readVariable(ctx context.Context, name string) (variable, error) {
	if err := db.CheckSettingName(name); err != nil {
		return variable{}, &db.SettingError{Name: name, Reason: err.Error()}
	}
	rows, err := c.QueryStrings(ctx, `SELECT GLOBAL_VALUE, GLOBAL_VALUE IS NULL, READ_ONLY, VARIABLE_SCOPE, VARIABLE_TYPE
		FROM information_schema.SYSTEM_VARIABLES WHERE VARIABLE_NAME = ?`, strings.ToUpper(name))
	switch n := errNumber(err); {
	case err == nil && len(rows) == 0:
		return variable{}, &db.SettingError{Name: name, Reason: "unknown system variable (SHOW GLOBAL VARIABLES lists them)"}
	case err == nil:
		r := rows[0]
		switch {
		case r[2] == "YES":
			return variable{}, &db.SettingError{Name: name, Restart: true,
				Reason: "read only while the server runs: it takes effect only at a restart; set it in the server's configuration and restart it (dbgauge does not restart servers)"}
		case r[3] == "SESSION ONLY":
			return variable{}, &db.SettingError{Name: name, Reason: "a session variable, not a server setting"}
		}
		return variable{value: r[0], null: r[1] == "1", typ: r[4]}, nil
	case n != erNoSuchTable && n != erUnknownTable:
		return variable{}, settingError(name, err)
	}
	rows, err = c.QueryStrings(ctx, "SELECT @@GLOBAL."+name+", @@GLOBAL."+name+" IS NULL")
	if err != nil {
		return variable{}, settingError(name, err)
	}
	return variable{value: rows[0][0], null: rows[0][1] == "1"}, nil
}

// ReadSetting implements db.Settings.
func (c *Conn) ReadSetting(ctx context.Context, name string) (db.Prior, error) {
	v, err := c.readVariable(ctx, name)
	if err != nil {
		return db.Prior{}, err
	}
	stored := "NULL"
	if !v.null {
		stored = storedLiteral(v.value, v.typ)
	}
	return db.Prior{Name: name, Value: v.value, Stored: stored}, nil
}

// ChangeSetting implements db.Settings with SET GLOBAL. New sessions take
// a session-scoped variable's global value when they start; the value in
// force is @@GLOBAL read back.
func (c *Conn) ChangeSetting(ctx context.Context, name, value string) (string, error) {
	v, err := c.readVariable(ctx, name)
	if err != nil {
		return "", err
	}
	if _, err := c.Exec(ctx, "SET GLOBAL "+name+" = "+valueLiteral(value, v.typ)); err != nil {
		return "", settingError(name, err)
	}
	now, err := c.readVariable(ctx, name)
	if err != nil {
		return "", err
	}
	return now.value, nil
}

// RestoreSetting implements db.Settings: SET GLOBAL to the value read
// before, then a check that the server shows it again.
func (c *Conn) RestoreSetting(ctx context.Context, p db.Prior) error {
	if err := db.CheckSettingName(p.Name); err != nil {
		return err
	}
	if _, err := c.Exec(ctx, "SET GLOBAL "+p.Name+" = "+p.Stored); err != nil {
		return settingError(p.Name, err)
	}
	now, err := c.readVariable(ctx, p.Name)
	if err != nil {
		return err
	}
	if now.value != p.Value {
		return fmt.Errorf("server setting %s: set back to %s, but the server shows %s", p.Name, p.Value, now.value)
	}
	return nil
}

var (
	numberRE = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
	wordRE   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// numericType says whether a MariaDB variable type takes a number.
func numericType(typ string) bool {
	for _, t := range []string{"INT", "BIGINT", "DOUBLE", "DECIMAL"} {
		if strings.HasPrefix(typ, t) {
			return true
		}
	}
	return false
}

// valueLiteral is a value given on the command line in SET GLOBAL: a
// number or a word (ON, DEMAND, DEFAULT, InnoDB) as it is, which is how
// SET takes numbers, enum names and keywords; anything else, and a number
// for a string variable, quoted. A value in single quotes is a string.
func valueLiteral(v, typ string) string {
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return quote(v[1 : len(v)-1])
	}
	switch {
	case numberRE.MatchString(v) && typ != "VARCHAR":
		return v
	case wordRE.MatchString(v):
		return v
	}
	return quote(v)
}

// storedLiteral is a value read from the server, to set it back: quoted
// unless it is a number of a numeric variable (or, on MySQL, which does
// not say the type, a number).
func storedLiteral(v, typ string) string {
	if numberRE.MatchString(v) && (numericType(typ) || typ == "") {
		return v
	}
	return quote(v)
}

// quote is a string literal under the default SQL mode.
func quote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s) + "'"
}

func errNumber(err error) uint16 {
	var me *gomysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	return 0
}

// settingError turns the server's refusal into a *db.SettingError.
func settingError(name string, err error) error {
	var me *gomysql.MySQLError
	if !errors.As(err, &me) {
		return err
	}
	switch me.Number {
	case erUnknownSystemVariable:
		return &db.SettingError{Name: name, Reason: "unknown system variable (SHOW GLOBAL VARIABLES lists them)"}
	case erIncorrectGlobalLocal:
		if strings.Contains(me.Message, "read only") {
			return &db.SettingError{Name: name, Restart: true,
				Reason: "read only while the server runs: it takes effect only at a restart; set it in the server's configuration and restart it (dbgauge does not restart servers)"}
		}
		return &db.SettingError{Name: name, Reason: "a session variable, not a server setting"}
	case erQueryCacheDisabled:
		return &db.SettingError{Name: name, Restart: true,
			Reason: "the server started with the query cache off (query_cache_type=0) and cannot turn it on while it runs: restart it with query_cache_type=1 (dbgauge does not restart servers)"}
	case erWrongValueForVar, erWrongTypeForVar, erWrongArguments, erSpecificAccessDenied:
		return &db.SettingError{Name: name, Reason: me.Message}
	}
	return err
}
