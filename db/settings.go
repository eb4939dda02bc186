package db

import (
	"context"
	"fmt"
	"regexp"
)

// Settings is a Conn that can change its server's settings for the
// connections opened after the change, and put them back: `--server-set`
// (SET GLOBAL on MySQL and MariaDB, ALTER SYSTEM and a reload on
// PostgreSQL, a PRAGMA on SQLite). The session reads every setting first,
// changes them, runs, and restores them on every way out.
type Settings interface {
	// ReadSetting returns the setting's value in force and what puts it
	// back. It is a *SettingError when a run cannot change the setting:
	// unknown, read-only, or taking effect only after a restart.
	ReadSetting(ctx context.Context, name string) (Prior, error)
	// ChangeSetting sets name to value for every connection opened from
	// now on, checks that a new connection sees it, and returns the value
	// in force as the server shows it ("64MB", "ON"). A value the server
	// refuses is a *SettingError. On an error the setting is left as it
	// was: the caller restores only the settings that changed.
	ChangeSetting(ctx context.Context, name, value string) (string, error)
	// RestoreSetting puts back what ReadSetting read.
	RestoreSetting(ctx context.Context, p Prior) error
}

// Prior is a setting as it was before a run changed it.
type Prior struct {
	Name string
	// Value is the value that was in force, as the server shows it.
	Value string
	// Stored is the driver's own record of what to put back: the value as
	// its configuration held it (PostgreSQL: the line of
	// postgresql.auto.conf; MySQL: the SQL literal of the global value).
	// Unset says the configuration held none, so that restoring resets
	// (PostgreSQL: ALTER SYSTEM RESET).
	Stored string
	Unset  bool
}

// ConnSettings is a Driver whose settings belong to each connection rather
// than to a server (SQLite's PRAGMAs): the target it returns applies the
// settings, in order, on every connection it opens. Its Conn still
// implements Settings, to read, check and restore them.
type ConnSettings interface {
	WithSettings(t *Target, settings [][2]string) (*Target, error)
}

// SettingError says why a run cannot change a setting: the message names
// the setting and the remedy. Restart marks one that only a restart of the
// server changes.
type SettingError struct {
	Name    string
	Reason  string
	Restart bool
}

func (e *SettingError) Error() string {
	return fmt.Sprintf("server setting %s: %s", e.Name, e.Reason)
}

// settingName is a setting's name as the drivers accept it: letters,
// digits and underscores, in dot-separated parts (PostgreSQL's
// extension.setting). Drivers put names into SQL as they are: nothing else
// may pass.
var settingName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)

// CheckSettingName says what is wrong with a setting's name, or nil.
func CheckSettingName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("empty setting name")
	case !settingName.MatchString(name):
		return fmt.Errorf("setting name %q: use letters, digits, _ and . only, starting with a letter", name)
	}
	return nil
}
