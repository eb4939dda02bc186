package sqldb

// TextRows gathers a result's values as text for Conn.QueryStrings: the
// values of one result share one string, and its rows one slice of cells,
// so that a result costs three allocations however many rows and columns
// it has (a sysbench script's con:query reads every SELECT this way). Its
// buffers are reused result after result: it belongs to one connection.
type TextRows struct {
	buf  []byte
	ends []int // where each value ends in buf
	cols []int // the values of each row
}

// Reset starts a result.
func (t *TextRows) Reset() { t.buf, t.ends, t.cols = t.buf[:0], t.ends[:0], t.cols[:0] }

// Buf is the buffer to append the next value's text to; AddValue ends it.
func (t *TextRows) Buf() []byte { return t.buf }

// AddValue ends a value whose text was appended to Buf: buf is Buf's
// result.
func (t *TextRows) AddValue(buf []byte) {
	t.buf = buf
	t.ends = append(t.ends, len(buf))
}

// AddRow ends a row of n values.
func (t *TextRows) AddRow(n int) { t.cols = append(t.cols, n) }

// Rows is the result's rows (nil for none). The buffers of a large result
// are then let go.
func (t *TextRows) Rows() [][]string {
	if len(t.cols) == 0 {
		return nil
	}
	text := string(t.buf)
	cells := make([]string, len(t.ends))
	start := 0
	for i, end := range t.ends {
		cells[i] = text[start:end]
		start = end
	}
	rows := make([][]string, len(t.cols))
	k := 0
	for i, n := range t.cols {
		rows[i] = cells[k : k+n : k+n]
		k += n
	}
	if cap(t.buf) > 1<<20 || cap(t.ends) > 1<<16 {
		*t = TextRows{}
	}
	return rows
}
