package mysql

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	gomysql "github.com/go-sql-driver/mysql"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/db/sqldb"
)

var _ sqldb.BulkInserter = (*Conn)(nil)

// readerSeq names each LOAD DATA stream uniquely: the driver keeps its reader
// handlers in one process-wide registry.
var readerSeq atomic.Int64

// BulkInsert implements sqldb.BulkInserter with LOAD DATA LOCAL INFILE fed
// from memory. A server with local_infile off refuses it (errors 1148,
// 3948); the rows are then sent as multi-row INSERTs instead.
func (c *Conn) BulkInsert(ctx context.Context, table string, columns []string, rows []sqldb.Row) error {
	if !c.noLocalInfile {
		err := c.loadData(ctx, table, columns, rows)
		var e *db.Error
		if err == nil || !asError(err, &e) || (e.Code != "1148" && e.Code != "3948" && e.Code != "1235") {
			return err
		}
		c.noLocalInfile = true
	}
	return sqldb.InsertRows(ctx, &c.DriverConn, table, columns, rows)
}

func (c *Conn) loadData(ctx context.Context, table string, columns []string, rows []sqldb.Row) error {
	var buf bytes.Buffer
	buf.Grow(len(rows) * 200)
	for _, r := range rows {
		for i, v := range r {
			if i > 0 {
				buf.WriteByte('\t')
			}
			if err := writeField(&buf, v); err != nil {
				return err
			}
		}
		buf.WriteByte('\n')
	}
	name := "dbgauge" + strconv.FormatInt(readerSeq.Add(1), 10)
	gomysql.RegisterReaderHandler(name, func() io.Reader { return bytes.NewReader(buf.Bytes()) })
	defer gomysql.DeregisterReaderHandler(name)
	quoted := make([]string, len(columns))
	for i, col := range columns {
		quoted[i] = dialect.QuoteIdent(col)
	}
	_, err := c.Exec(ctx, fmt.Sprintf("LOAD DATA LOCAL INFILE 'Reader::%s' INTO TABLE %s CHARACTER SET utf8mb4 (%s)",
		name, dialect.QuoteIdent(table), strings.Join(quoted, ", ")))
	return err
}

// writeField writes v in LOAD DATA's default text format: tab-separated,
// backslash escapes, \N for NULL.
func writeField(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case nil:
		b.WriteString(`\N`)
	case int:
		b.WriteString(strconv.Itoa(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case int32:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case bool:
		b.WriteString(map[bool]string{true: "1", false: "0"}[x])
	case time.Time:
		b.WriteString(x.Format("2006-01-02 15:04:05.999999"))
	case string:
		escape(b, x)
	case []byte:
		escape(b, string(x))
	default:
		return fmt.Errorf("mysql: cannot load a %T value", v)
	}
	return nil
}

func escape(b *bytes.Buffer, s string) {
	if !strings.ContainsAny(s, "\\\t\n\r\x00") {
		b.WriteString(s)
		return
	}
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '\\':
			b.WriteString(`\\`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case 0:
			b.WriteString(`\0`)
		default:
			b.WriteByte(ch)
		}
	}
}
