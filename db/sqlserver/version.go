package sqlserver

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// versionQuery reads the build number and the banner; both are readable by
// every login.
const versionQuery = "SELECT CAST(SERVERPROPERTY('ProductVersion') AS NVARCHAR(128)), @@VERSION"

// ServerVersion implements db.Versioner: "SQL Server 2022 16.0.4135.4",
// read once.
func (c *Conn) ServerVersion(ctx context.Context) (string, error) {
	if c.version != "" {
		return c.version, nil
	}
	rows, err := c.QueryStrings(ctx, versionQuery)
	switch {
	case err != nil:
		return "", fmt.Errorf("read the server version: %w", err)
	case len(rows) == 0 || rows[0][0] == "" && rows[0][1] == "":
		return "", errors.New("read the server version: SERVERPROPERTY('ProductVersion') and @@VERSION are empty")
	}
	c.version = versionString(rows[0][0], rows[0][1])
	c.isBabelfish = isBabelfish(rows[0][1])
	return c.version, nil
}

// versionString names a server from its ProductVersion and @@VERSION, whose
// first line is "Microsoft SQL Server 2022 (RTM-CU12) (KB5033663) -
// 16.0.4125.3 (X64)": the product's name and year, then the build.
// Babelfish is named as itself (see babelfishVersion).
func versionString(product, banner string) string {
	if v := babelfishVersion(product, banner); v != "" {
		return v
	}
	name, _, _ := strings.Cut(banner, "\n")
	if i := strings.Index(name, " ("); i >= 0 {
		name = name[:i]
	}
	if i := strings.Index(name, " - "); i >= 0 {
		name = name[:i]
	}
	name = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), "Microsoft "))
	if name == "" {
		name = "SQL Server"
	}
	if product == "" {
		return name
	}
	return name + " " + product
}

// babelfishVersion names Babelfish for PostgreSQL from its @@VERSION,
// "Babelfish for PostgreSQL with SQL Server Compatibility - 12.0.2000.8 ...
// PostgreSQL 16.4 (Babelfish 4.3.0) on x86_64-pc-linux-gnu": "Babelfish
// 4.3.0 on PostgreSQL 16.4 (SQL Server compatibility 12.0.2000.8)", so that
// no result taken on it reads as a SQL Server's. "" for any other server.
func babelfishVersion(product, banner string) string {
	if !isBabelfish(banner) {
		return ""
	}
	name := "Babelfish"
	if m := babelfishRE.FindStringSubmatch(banner); m != nil {
		name += " " + m[1]
	}
	if m := postgresRE.FindStringSubmatch(banner); m != nil {
		name += " on PostgreSQL " + m[1]
	}
	if product != "" {
		name += " (SQL Server compatibility " + product + ")"
	}
	return name
}

var (
	babelfishRE = regexp.MustCompile(`\(Babelfish (\d[\d.]*)\)`)
	postgresRE  = regexp.MustCompile(`PostgreSQL (\d[\d.]*)`)
)

// isBabelfish says whether an @@VERSION banner is Babelfish for
// PostgreSQL's: T-SQL and TDS over PostgreSQL's planner, storage and
// locking.
func isBabelfish(banner string) bool {
	return strings.HasPrefix(strings.TrimSpace(banner), "Babelfish")
}
