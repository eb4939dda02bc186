// Package sqlserver is the Microsoft SQL Server driver:
// github.com/microsoft/go-mssqldb (pure Go, TDS) used through
// database/sql/driver. URLs: sqlserver://user:password@host:1433?database=db.
package sqlserver

import _ "github.com/microsoft/go-mssqldb" // pinned in go.mod; the driver follows
