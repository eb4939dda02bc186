// Package oracle is the Oracle Database driver: github.com/sijms/go-ora/v2
// (pure Go, TNS) used through database/sql/driver. URLs:
// oracle://user:password@host:1521/service.
package oracle

import _ "github.com/sijms/go-ora/v2" // pinned in go.mod; the driver follows
