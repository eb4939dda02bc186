package sqlite

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

// SQLite has no server: its settings are PRAGMAs, and most belong to the
// connection that runs them. A run's settings are therefore applied on
// every connection it opens (the driver adds them to the connection's
// _pragma list, after its own defaults, which they replace), and once on
// the control connection to check and read them. journal_mode is the
// exception: WAL is a property of the database file, so the change
// persists, and restoring sets the previous mode back on the file once the
// run's connections are closed. Pragmas that only a new file or a VACUUM
// changes (page_size, auto_vacuum) are refused.
var (
	_ db.Settings     = (*Conn)(nil)
	_ db.ConnSettings = Driver{}
)

// pragma is a PRAGMA a run may set: the values it takes.
type pragma struct {
	// words are its keywords (upper case); number says it also takes an
	// integer, negative says a negative one.
	words            []string
	number, negative bool
}

var (
	onOff = pragma{words: []string{"ON", "OFF", "TRUE", "FALSE", "YES", "NO"}, number: true}
	count = pragma{number: true}
)

// pragmas are the settings of https://sqlite.org/pragma.html that shape
// performance or behaviour under load and can be read back.
var pragmas = map[string]pragma{
	"automatic_index":      onOff,
	"busy_timeout":         count,
	"cache_size":           {number: true, negative: true}, // negative: KiB, positive: pages
	"cache_spill":          {words: onOff.words, number: true},
	"cell_size_check":      onOff,
	"checkpoint_fullfsync": onOff,
	"foreign_keys":         onOff,
	"fullfsync":            onOff,
	"journal_mode":         {words: []string{"DELETE", "TRUNCATE", "PERSIST", "MEMORY", "WAL", "OFF"}},
	"journal_size_limit":   {number: true, negative: true},
	"locking_mode":         {words: []string{"NORMAL", "EXCLUSIVE"}},
	"mmap_size":            count,
	"query_only":           onOff,
	"read_uncommitted":     onOff,
	"recursive_triggers":   onOff,
	"secure_delete":        {words: append([]string{"FAST"}, onOff.words...), number: true},
	"synchronous":          {words: []string{"OFF", "NORMAL", "FULL", "EXTRA"}, number: true},
	"temp_store":           {words: []string{"DEFAULT", "FILE", "MEMORY"}, number: true},
	"threads":              count,
	"wal_autocheckpoint":   count,
}

// fileOnly are pragmas a run cannot change: they take effect when the file
// is made.
var fileOnly = map[string]string{
	"page_size":   "takes effect only when the database file is created or rebuilt by VACUUM: set it with the URL (?_pragma=page_size(N)) on a new file",
	"auto_vacuum": "changes from NONE only when the database file is created or rebuilt by VACUUM: set it with the URL (?_pragma=auto_vacuum(N)) on a new file",
	"encoding":    "is fixed when the database file is created",
}

var integer = regexp.MustCompile(`^[+-]?[0-9]+$`)

// checkPragma says what is wrong with setting name to value, or nil.
func checkPragma(name, value string) error {
	name = strings.ToLower(name)
	if why, ok := fileOnly[name]; ok {
		return &db.SettingError{Name: name, Restart: true, Reason: why}
	}
	p, ok := pragmas[name]
	if !ok {
		return &db.SettingError{Name: name, Reason: "not a PRAGMA a run can set (SQLite ignores unknown pragmas silently); these are: " +
			strings.Join(slices.Sorted(maps.Keys(pragmas)), ", ")}
	}
	if value == "" {
		return nil // reading
	}
	switch {
	case slices.Contains(p.words, strings.ToUpper(value)):
		return nil
	case p.number && integer.MatchString(value) && (p.negative || !strings.HasPrefix(value, "-")):
		return nil
	}
	var takes []string
	if p.number {
		takes = append(takes, "an integer")
	}
	takes = append(takes, p.words...)
	return &db.SettingError{Name: name, Reason: fmt.Sprintf("%q is not a value of this PRAGMA (it takes %s)", value, strings.Join(takes, ", "))}
}

// ReadSetting implements db.Settings: the PRAGMA's value on the control
// connection, opened as the run's are.
func (c *Conn) ReadSetting(ctx context.Context, name string) (db.Prior, error) {
	if err := checkPragma(name, ""); err != nil {
		return db.Prior{}, err
	}
	v, err := c.pragma(ctx, name)
	if err != nil {
		return db.Prior{}, err
	}
	return db.Prior{Name: name, Value: v, Stored: v}, nil
}

// ChangeSetting implements db.Settings: the PRAGMA on the control
// connection, read back. The run's connections apply it as they open
// (WithSettings).
func (c *Conn) ChangeSetting(ctx context.Context, name, value string) (string, error) {
	if err := checkPragma(name, value); err != nil {
		return "", err
	}
	if _, err := c.Exec(ctx, "PRAGMA "+strings.ToLower(name)+" = "+value); err != nil {
		return "", &db.SettingError{Name: name, Reason: err.Error()}
	}
	return c.pragma(ctx, name)
}

// RestoreSetting implements db.Settings. Only journal_mode outlives the
// connections that set it; it is set back on the file.
func (c *Conn) RestoreSetting(ctx context.Context, p db.Prior) error {
	if err := checkPragma(p.Name, p.Stored); err != nil {
		return err
	}
	if _, err := c.Exec(ctx, "PRAGMA "+strings.ToLower(p.Name)+" = "+p.Stored); err != nil {
		return err
	}
	now, err := c.pragma(ctx, p.Name)
	if err != nil {
		return err
	}
	if !strings.EqualFold(now, p.Value) {
		return fmt.Errorf("PRAGMA %s: set back to %s, but it reads %s", p.Name, p.Value, now)
	}
	return nil
}

// pragma reads a PRAGMA's value.
func (c *Conn) pragma(ctx context.Context, name string) (string, error) {
	rows, err := c.QueryStrings(ctx, "PRAGMA "+strings.ToLower(name))
	if err != nil {
		return "", err
	}
	if len(rows) == 0 || len(rows[0]) == 0 {
		return "", &db.SettingError{Name: name, Reason: "this SQLite does not report it"}
	}
	return rows[0][0], nil
}

// WithSettings implements db.ConnSettings: the URL with each setting in
// its _pragma list, replacing a pragma of the same name.
func (Driver) WithSettings(t *db.Target, settings [][2]string) (*db.Target, error) {
	q := t.URL.Query()
	for _, s := range settings {
		if err := checkPragma(s[0], s[1]); err != nil {
			return nil, err
		}
		name := strings.ToLower(s[0])
		kept := q["_pragma"][:0]
		for _, p := range q["_pragma"] {
			if i := strings.IndexAny(p, "(="); i <= 0 || strings.ToLower(p[:i]) != name {
				kept = append(kept, p)
			}
		}
		q["_pragma"] = append(kept, name+"("+s[1]+")")
	}
	base, _, _ := strings.Cut(t.Raw, "?")
	return db.ParseURL(base + "?" + q.Encode())
}
