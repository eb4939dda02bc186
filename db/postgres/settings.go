package postgres

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sockconn"
)

// Server settings are changed as a DBA does it without a restart: ALTER
// SYSTEM writes postgresql.auto.conf and pg_reload_conf() makes the
// postmaster read it, so every backend forked afterwards starts with the
// new value (running ones take it at their next command). A setting whose
// pg_settings.context is postmaster needs a restart and is refused; so is
// one that a higher-priority source (the server's command line, ALTER
// DATABASE/ROLE … SET, the connection's own options) overrides, because
// ALTER SYSTEM would not reach the run's connections.
var _ db.Settings = (*Conn)(nil)

// ReloadWait bounds how long a change waits for a new connection to see
// the reloaded configuration. The postmaster rereads it within
// milliseconds of the signal; 10 s covers a loaded machine.
const ReloadWait = 10 * time.Second

// overriding are the pg_settings sources that take precedence over the
// configuration files, in the server's words.
var overriding = map[string]string{
	"command line":  "the server's command line (-c or postgres options)",
	"global":        "ALTER ROLE ALL … SET",
	"database":      "ALTER DATABASE … SET",
	"user":          "ALTER ROLE … SET",
	"database user": "ALTER ROLE … IN DATABASE … SET",
	"client":        "the connection's own options (the URL or PGOPTIONS)",
	"override":      "the server itself",
}

// listSettings take a list of values, which ALTER SYSTEM quotes element
// by element: a single quoted value would become one element.
var listSettings = []string{"search_path", "datestyle", "temp_tablespaces", "local_preload_libraries",
	"session_preload_libraries", "shared_preload_libraries", "log_destination", "unix_socket_directories"}

// ReadSetting implements db.Settings: the value in force, whether a run
// can change it, and the line of postgresql.auto.conf that restoring puts
// back (none: RESET).
func (c *Conn) ReadSetting(ctx context.Context, name string) (db.Prior, error) {
	if err := db.CheckSettingName(name); err != nil {
		return db.Prior{}, &db.SettingError{Name: name, Reason: err.Error()}
	}
	rows, err := c.QueryStrings(ctx, `SELECT name, current_setting(name), context, source FROM pg_settings WHERE lower(name) = lower(?)`, name)
	if err != nil {
		return db.Prior{}, err
	}
	if len(rows) == 0 {
		return db.Prior{}, &db.SettingError{Name: name, Reason: "unknown setting (pg_settings lists them)"}
	}
	value, context, source := rows[0][1], rows[0][2], rows[0][3]
	switch {
	case context == "internal":
		return db.Prior{}, &db.SettingError{Name: name, Reason: "read only: fixed when the server was built or initialized"}
	case context == "postmaster":
		return db.Prior{}, &db.SettingError{Name: name, Restart: true,
			Reason: "takes effect only when the server restarts (pg_settings.context = postmaster); set it in postgresql.conf and restart the server (dbgauge does not restart servers)"}
	case overriding[source] != "":
		return db.Prior{}, &db.SettingError{Name: name,
			Reason: fmt.Sprintf("set by %s, which overrides ALTER SYSTEM: the run's connections would not see a change", overriding[source])}
	case slices.Contains(listSettings, strings.ToLower(name)):
		return db.Prior{}, &db.SettingError{Name: name, Reason: "takes a list of values, which --server-set does not support"}
	}
	p := db.Prior{Name: name, Value: value, Unset: true}
	rows, err = c.QueryStrings(ctx, `SELECT setting FROM pg_file_settings
		WHERE lower(name) = lower(?) AND sourcefile LIKE '%postgresql.auto.conf' ORDER BY seqno DESC LIMIT 1`, name)
	if err != nil {
		return db.Prior{}, settingError(name, fmt.Errorf("read pg_file_settings (ALTER SYSTEM needs a superuser): %w", err))
	}
	if len(rows) > 0 {
		p.Stored, p.Unset = rows[0][0], false
	}
	return p, nil
}

// ChangeSetting implements db.Settings: ALTER SYSTEM SET, a reload, and a
// new connection that must see the reloaded configuration; the value in
// force is what that connection shows. If that connection does not see
// it, the previous line of postgresql.auto.conf is put back.
func (c *Conn) ChangeSetting(ctx context.Context, name, value string) (string, error) {
	prior, err := c.ReadSetting(ctx, name)
	if err != nil {
		return "", err
	}
	stmt := "ALTER SYSTEM SET " + name + " = " + quote(value)
	if strings.EqualFold(value, "default") {
		stmt = "ALTER SYSTEM RESET " + name
	}
	if _, err := c.Exec(ctx, stmt); err != nil {
		return "", settingError(name, err)
	}
	inForce, err := c.reload(ctx, name)
	if err != nil {
		// Leave the setting as it was: the caller restores only what
		// changed.
		if rerr := c.RestoreSetting(context.WithoutCancel(ctx), prior); rerr != nil {
			return "", fmt.Errorf("%w (and putting it back failed: %v)", err, rerr)
		}
		return "", err
	}
	return inForce, nil
}

// RestoreSetting implements db.Settings: the line of postgresql.auto.conf
// as it was (or none), a reload, and a check that a new connection sees
// the value in force before.
func (c *Conn) RestoreSetting(ctx context.Context, p db.Prior) error {
	if err := db.CheckSettingName(p.Name); err != nil {
		return err
	}
	stmt := "ALTER SYSTEM SET " + p.Name + " = " + quote(p.Stored)
	if p.Unset {
		stmt = "ALTER SYSTEM RESET " + p.Name
	}
	if _, err := c.Exec(ctx, stmt); err != nil {
		return settingError(p.Name, err)
	}
	now, err := c.reload(ctx, p.Name)
	if err != nil {
		return err
	}
	if now != p.Value {
		return fmt.Errorf("server setting %s: set back to %s, but a new connection sees %s", p.Name, p.Value, now)
	}
	return nil
}

// reload signals the postmaster to reread its configuration and waits
// until a new connection was started from the reread one
// (pg_conf_load_time after the signal), then returns what that connection
// shows for name.
func (c *Conn) reload(ctx context.Context, name string) (string, error) {
	rows, err := c.QueryStrings(ctx, "SELECT clock_timestamp()::text")
	if err != nil {
		return "", err
	}
	before := rows[0][0]
	if _, err := c.QueryStrings(ctx, "SELECT pg_reload_conf()"); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, ReloadWait)
	defer cancel()
	for {
		loaded, value, source, err := c.fresh(ctx, name, before)
		switch {
		case err != nil:
			return "", err
		case loaded && overriding[source] != "":
			return "", &db.SettingError{Name: name,
				Reason: fmt.Sprintf("set by %s, which overrides ALTER SYSTEM: the run's connections would not see a change", overriding[source])}
		case loaded:
			return value, nil
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("server setting %s: no new connection saw the reloaded configuration within %s", name, ReloadWait)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// fresh opens a connection as the run's are opened and reads whether it
// started from a configuration loaded after since, and name's value and
// source there.
func (c *Conn) fresh(ctx context.Context, name, since string) (bool, string, string, error) {
	cfg := c.conn.Config()
	cfg.DialFunc = sockconn.Dial
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, "", "", &db.ConnectError{Addr: net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port))), Err: rootCause(err)}
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var loaded bool
	var value, source string
	err = conn.QueryRow(ctx, `SELECT pg_conf_load_time() >= $1::timestamptz, current_setting(name), source
		FROM pg_settings WHERE lower(name) = lower($2)`, pgx.QueryExecModeExec, since, name).Scan(&loaded, &value, &source)
	if err != nil {
		return false, "", "", classify(err)
	}
	return loaded, value, source, nil
}

// quote is an escape string literal, the same whatever
// standard_conforming_strings says.
func quote(s string) string {
	return "E'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s) + "'"
}

// settingError turns the server's refusal into a *db.SettingError.
func settingError(name string, err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err
	}
	switch pe.Code {
	case "42704": // undefined_object
		return &db.SettingError{Name: name, Reason: "unknown setting (pg_settings lists them)"}
	case "55P02": // cant_change_runtime_param
		return &db.SettingError{Name: name, Restart: true, Reason: pe.Message}
	case "22023", "22P02", "42501": // invalid_parameter_value, invalid_text_representation, insufficient_privilege
		return &db.SettingError{Name: name, Reason: pe.Message}
	}
	return err
}
