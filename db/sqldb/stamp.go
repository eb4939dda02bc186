package sqldb

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

// StampTable holds one row per dataset prepared in this database. prepare
// creates it; cleanup drops it with the last dataset.
const StampTable = "dbgauge_datasets"

// TableExists reports whether table exists in the connection's schema.
func TableExists(ctx context.Context, c Conn, table string) (bool, error) {
	rows, err := c.QueryStrings(ctx, c.Dialect().TableExistsQuery, table)
	if err != nil {
		return false, err
	}
	return len(rows) > 0, nil
}

// ReadStamp returns the stamp of dataset, or nil if there is none.
func ReadStamp(ctx context.Context, c Conn, dataset string) (*db.Stamp, error) {
	ok, err := TableExists(ctx, c, StampTable)
	if err != nil || !ok {
		return nil, err
	}
	rows, err := c.QueryStrings(ctx, "SELECT stamp FROM "+StampTable+" WHERE name = ?", dataset)
	if err != nil {
		return nil, fmt.Errorf("read dataset stamp: %w", err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	var s db.Stamp
	if err := json.Unmarshal([]byte(rows[0][0]), &s); err != nil {
		return nil, fmt.Errorf("dataset stamp of %s is unreadable: %w", dataset, err)
	}
	return &s, nil
}

// ReadStamps returns every stamp in the database.
func ReadStamps(ctx context.Context, c Conn) ([]*db.Stamp, error) {
	ok, err := TableExists(ctx, c, StampTable)
	if err != nil || !ok {
		return nil, err
	}
	rows, err := c.QueryStrings(ctx, "SELECT stamp FROM "+StampTable)
	if err != nil {
		return nil, err
	}
	out := make([]*db.Stamp, 0, len(rows))
	for _, r := range rows {
		var s db.Stamp
		if err := json.Unmarshal([]byte(r[0]), &s); err != nil {
			return nil, fmt.Errorf("a dataset stamp is unreadable: %w", err)
		}
		out = append(out, &s)
	}
	return out, nil
}

// StampSQL is WriteStamp as SQL text, for data loaded by the database's
// own tools from an export: once run, dbgauge knows the data as its own.
func StampSQL(s *db.Stamp) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	j := strings.TrimSpace(b.String())
	if strings.Contains(j, `\`) {
		// MySQL reads backslashes in literals as escapes, PostgreSQL not.
		return "", fmt.Errorf("the stamp of %s cannot be written as portable SQL", s.Dataset)
	}
	lit := "'" + strings.ReplaceAll(j, "'", "''") + "'"
	return "CREATE TABLE IF NOT EXISTS " + StampTable + " (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);\n" +
		"DELETE FROM " + StampTable + " WHERE name = '" + strings.ReplaceAll(s.Dataset, "'", "''") + "';\n" +
		"INSERT INTO " + StampTable + " (name, stamp) VALUES ('" + strings.ReplaceAll(s.Dataset, "'", "''") + "', " + lit + ");\n", nil
}

// WriteStamp creates or replaces the stamp of s.Dataset. Replacing is one
// UPDATE (prepare writes the stamp before every batch it loads), so that
// there is never a moment without the stamp.
func WriteStamp(ctx context.Context, c Conn, s *db.Stamp) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if ok, err := TableExists(ctx, c, StampTable); err != nil {
		return err
	} else if ok {
		n, err := c.Exec(ctx, "UPDATE "+StampTable+" SET stamp = ? WHERE name = ?", string(b), s.Dataset)
		if err != nil {
			return fmt.Errorf("write dataset stamp: %w", err)
		}
		if n > 0 {
			return nil
		}
		// MySQL counts changed rows only: an unchanged stamp is there.
		if old, err := ReadStamp(ctx, c, s.Dataset); err != nil || old != nil {
			return err
		}
	}
	if _, err := c.Exec(ctx, stampDDL(c.Dialect())); err != nil {
		return fmt.Errorf("create %s: %w", StampTable, err)
	}
	if _, err := c.Exec(ctx, "INSERT INTO "+StampTable+" (name, stamp) VALUES (?, ?)", s.Dataset, string(b)); err != nil {
		return fmt.Errorf("write dataset stamp: %w", err)
	}
	return nil
}

// stampDDL creates the stamp table unless it exists (another prepare may
// have made it since TableExists looked).
func stampDDL(d *Dialect) string {
	return d.CreateIfMissing(StampTable, "(name VARCHAR(64) NOT NULL PRIMARY KEY, stamp "+d.Type("TEXT")+" NOT NULL)")
}

// DeleteStamp removes the stamp of dataset, and the stamp table once empty.
func DeleteStamp(ctx context.Context, c Conn, dataset string) error {
	ok, err := TableExists(ctx, c, StampTable)
	if err != nil || !ok {
		return err
	}
	if _, err := c.Exec(ctx, "DELETE FROM "+StampTable+" WHERE name = ?", dataset); err != nil {
		return err
	}
	rest, err := c.QueryStrings(ctx, "SELECT name FROM "+StampTable)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		_, err = c.Exec(ctx, c.Dialect().DropTable(StampTable))
	}
	return err
}
