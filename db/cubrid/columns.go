package cubrid

// column is one column of a statement's result, as the CAS describes it
// when it prepares the statement (prepare_column_info_set in
// cas_execute.c).
type column struct {
	// typ is the value type; typeNull says the type is not known before
	// execution (SELECT ?), and each value then carries its own.
	typ  byte
	name string
}

// prepared is what the CAS says of a statement it prepared: the reply to
// a prepare, and the head of the reply to a prepare-and-execute
// (ux_prepare and prepare_column_list_info_set in cas_execute.c).
type prepared struct {
	handle  int32
	stype   byte
	markers int
	cols    []column
}

// readPrepared reads a prepare reply after its result code, the handle.
// cols is reused when it has room.
func readPrepared(d *reader, handle int32, cols []column) prepared {
	p := prepared{handle: handle}
	d.i32() // the result cache's lifetime
	p.stype = d.u8()
	p.markers = int(d.i32())
	p.cols = readColumns(d, cols)
	return p
}

// readColumns reads [byte updatable][int count][columns].
func readColumns(d *reader, cols []column) []column {
	d.u8() // updatable
	n := int(d.i32())
	if d.err != nil || n < 0 || n > d.remaining() {
		d.err = errShort
		return nil
	}
	cols = cols[:0]
	for range n {
		var c column
		c.typ = d.typeCode()
		d.i16() // scale
		d.i32() // precision
		c.name = string(d.cstring())
		d.cstring() // the attribute's name (updatable results)
		d.cstring() // its table's name
		d.u8()      // NOT NULL
		d.cstring() // its default value
		d.skip(7)   // auto-increment, unique, primary key, reverse index, reverse unique, foreign key, shared
		cols = append(cols, c)
	}
	return cols
}

// executed is what the reply to an execute says before its rows
// (ux_execute and execute_info_set in cas_execute.c).
type executed struct {
	// count is the rows a query found or a statement changed.
	count int
	// described is set when the reply described the columns again (the
	// statement was compiled anew); cols then holds them.
	described bool
	stype     byte
	cols      []column
}

// readExecuted reads an execute reply after its result code, the count.
func readExecuted(d *reader, count int32, cols []column) executed {
	e := executed{count: int(count)}
	d.u8() // the client cache is reusable: never, dbgauge sends no cache time
	results := int(d.i32())
	if results < 0 || results > d.remaining() {
		d.err = errShort
		return e
	}
	for range results {
		d.u8()    // the statement's type
		d.i32()   // its count
		d.skip(8) // the OID an INSERT made
		d.skip(8) // the result's cache time
	}
	if d.u8() == 1 { // the columns again (protocol 2)
		d.i32() // cache lifetime
		e.stype = d.u8()
		d.i32() // markers
		e.cols = readColumns(d, cols)
		e.described = true
	}
	d.i32() // the shard id (protocol 5)
	return e
}
