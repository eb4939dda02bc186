package sqlserver

import (
	"context"
	"errors"
	"fmt"
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
	return c.version, nil
}

// versionString names a server from its ProductVersion and @@VERSION, whose
// first line is "Microsoft SQL Server 2022 (RTM-CU12) (KB5033663) -
// 16.0.4125.3 (X64)": the product's name and year, then the build.
func versionString(product, banner string) string {
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
