package handlersocket

import (
	"context"
	"fmt"
	"strings"
)

// The requests of docs-en/protocol.en.txt. Each queues one line in the
// connection's write buffer and expects one reply, which Next reads in
// order; nothing is sent before Flush or Next.

// Op is a find's comparison of the index with the key.
type Op string

// The comparisons the plugin supports.
const (
	Eq Op = "="
	GE Op = ">="
	LE Op = "<="
	GT Op = ">"
	LT Op = "<"
)

// ModOp is a find_modify's change to the rows found.
type ModOp string

// The modify operations. The Returning forms reply with the rows as they
// were before the change, as a find does, instead of a count.
const (
	Update    ModOp = "U"
	Delete    ModOp = "D"
	Increment ModOp = "+"
	Decrement ModOp = "-"
)

// Returning is m with the '?' suffix.
func (m ModOp) Returning() ModOp { return m + "?" }

// Index is what open_index opens.
type Index struct {
	// Database is the database; "" is the connection's (Config.Database).
	Database string
	Table    string
	// Name is the index; "" is PRIMARY.
	Name string
	// Columns are the columns a find returns and an insert or update
	// sets, in order.
	Columns []string
	// Filters are the columns a Filter can test, numbered in this order.
	Filters []string
}

// Filter skips ('F') or stops at ('W') the rows whose filter column Column
// (an index into Index.Filters) does not compare with Value by Op.
type Filter struct {
	Stop   bool // 'W' (while): stop at the first row that fails
	Op     Op
	Column int
	Value  string
}

// Query selects rows through an open index: those whose key compares with
// Keys (the index's first len(Keys) columns) by Op, at most Limit of them
// (0 is 1, the protocol's default) after skipping Offset, among those that
// pass every filter.
type Query struct {
	Op            Op
	Keys          []string
	Limit, Offset int
	Filters       []Filter
}

// Auth queues 'A 1 secret'.
func (c *Conn) Auth(secret string) {
	c.begin()
	c.w.WriteByte('A')
	c.num(1)
	c.tok(secret)
	c.end()
}

// OpenIndex queues open_index of ix under id ('P id db table index
// columns [filters]'), after the Guard allowed its table. An index id is
// a small number the later requests name it by; opening an id again
// replaces what it named. Names cannot carry a TAB, a comma or a byte below
// 0x10.
func (c *Conn) OpenIndex(ctx context.Context, id int, ix Index) error {
	dbname := ix.Database
	if dbname == "" {
		dbname = c.cfg.Database
	}
	name := ix.Name
	if name == "" {
		name = "PRIMARY"
	}
	for _, names := range [][]string{{dbname, ix.Table, name}, ix.Columns, ix.Filters} {
		for _, n := range names {
			if !carriableName(n) {
				return fmt.Errorf("HandlerSocket open_index: %q is not a name the protocol can carry", n)
			}
		}
	}
	if c.cfg.Guard != nil && !c.guarded[[2]string{dbname, ix.Table}] {
		if err := c.cfg.Guard(ctx, dbname, ix.Table); err != nil {
			return err
		}
		if c.guarded == nil {
			c.guarded = map[[2]string]bool{}
		}
		c.guarded[[2]string{dbname, ix.Table}] = true
	}
	c.begin()
	c.w.WriteByte('P')
	c.num(id)
	c.tok(dbname)
	c.tok(ix.Table)
	c.tok(name)
	c.tok(strings.Join(ix.Columns, ","))
	if len(ix.Filters) > 0 {
		c.tok(strings.Join(ix.Filters, ","))
	}
	c.end()
	return nil
}

// query writes '<id> <op> <vlen> <v1> ... <vn> <limit> <offset> [filters]'.
func (c *Conn) query(id int, q *Query) {
	c.begin()
	writeInt(c.w, id)
	c.tok(string(q.Op))
	c.num(len(q.Keys))
	for _, k := range q.Keys {
		c.tok(k)
	}
	c.num(max(q.Limit, 1))
	c.num(q.Offset)
	for _, f := range q.Filters {
		if f.Stop {
			c.tok("W")
		} else {
			c.tok("F")
		}
		c.tok(string(f.Op))
		c.num(f.Column)
		c.tok(f.Value)
	}
}

// Find queues a find through index id. Its reply has the index's columns
// of each row found.
func (c *Conn) Find(id int, q *Query) {
	c.query(id, q)
	c.end()
}

// Modify queues a find_modify through index id: the rows q finds are
// changed by m, with vals for the index's columns (ignored by Delete; for
// Increment and Decrement, numbers to add or subtract). The plugin reads a
// value for every column the index was opened with: give them all. The
// reply counts the rows changed (Reply.Modified), or, for a Returning
// ModOp, has the rows as they were.
func (c *Conn) Modify(id int, q *Query, m ModOp, vals []string) {
	c.query(id, q)
	c.tok(string(m))
	for _, v := range vals {
		c.tok(v)
	}
	c.end()
}

// Insert queues an insert through index id of a row whose first len(vals)
// columns of the index are vals; the table's defaults fill the others.
// The reply has no count; with an AUTO_INCREMENT column it holds the id
// generated.
func (c *Conn) Insert(id int, vals []string) {
	c.begin()
	writeInt(c.w, id)
	c.tok("+")
	c.num(len(vals))
	for _, v := range vals {
		c.tok(v)
	}
	c.end()
}

// Line builds a request token by token, for what the typed requests do not
// cover: NULL values (Null), and requests added to the protocol later.
// Start it with Conn.Line, add tokens, and End it.
type Line struct{ c *Conn }

// Line starts a request whose first token is first.
func (c *Conn) Line(first string) Line {
	c.begin()
	writeString(c.w, first)
	return Line{c}
}

// String adds an encoded string token.
func (l Line) String(s string) Line { l.c.tok(s); return l }

// Int adds a number.
func (l Line) Int(n int) Line { l.c.num(n); return l }

// Null adds a NULL (a lone 0x00).
func (l Line) Null() Line {
	l.c.w.WriteByte(sep)
	l.c.w.WriteByte(null)
	return l
}

// End ends the line: the request is queued.
func (l Line) End() { l.c.end() }

// carriableName says whether n can be an open_index name: not empty, no
// comma (the column lists' separator) and no byte below 0x10 (the plugin
// does not decode names).
func carriableName(n string) bool {
	if n == "" || strings.IndexByte(n, ',') >= 0 {
		return false
	}
	for i := 0; i < len(n); i++ {
		if n[i] <= lowLast {
			return false
		}
	}
	return true
}
