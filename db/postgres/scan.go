package postgres

import (
	"fmt"
	"reflect"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/dbgauge/dbgauge/db/sqldb"
)

// scanner reads a row's raw values into sqldb.RowReader destinations with
// pgx's scan plans. pgx plans a scan anew on every call (a few
// allocations), so a statement keeps each column's plan for as long as the
// destination's type and the column's format stay the same, as pgx's own
// Rows do.
type scanner struct {
	// formats are the result formats asked for, one per column.
	formats []int16
	plans   []plannedScan
}

type plannedScan struct {
	oid    uint32
	typ    reflect.Type
	format int16
	plan   pgtype.ScanPlan
}

// chooseFormats sets the result format of each column for dest: binary for
// fixed-width numbers read into numbers (decoding 8 bytes beats parsing
// text), binary for bytea (its raw bytes), text for everything else. Text
// is what pgx scans into a number without allocating for NUMERIC (binary
// NUMERIC goes through a big.Int), and what a string destination wants.
func (s *scanner) chooseFormats(fields []pgconn.FieldDescription, dest []any) {
	s.formats = s.formats[:0]
	for i, f := range fields {
		format := int16(pgtype.TextFormatCode)
		switch f.DataTypeOID {
		case pgtype.ByteaOID:
			format = pgtype.BinaryFormatCode
		case pgtype.Int2OID, pgtype.Int4OID, pgtype.Int8OID, pgtype.Float4OID, pgtype.Float8OID, pgtype.BoolOID:
			switch sqldb.Unwrap(dest[i]).(type) {
			case *string, *[]byte:
			default:
				format = pgtype.BinaryFormatCode
			}
		}
		s.formats = append(s.formats, format)
	}
}

// scan stores one row into dest. formats are the formats the values came
// in (the chosen ones, or the fields' own under the simple protocol).
func (s *scanner) scan(m *pgtype.Map, fields []pgconn.FieldDescription, formats []int16, values [][]byte, dest []any) error {
	if len(s.plans) < len(values) {
		s.plans = append(s.plans, make([]plannedScan, len(values)-len(s.plans))...)
	}
	for i, src := range values {
		if err := s.scanColumn(m, &s.plans[i], fields[i].DataTypeOID, formats[i], src, dest[i]); err != nil {
			return fmt.Errorf("column %d (%s): %w", i+1, fields[i].Name, err)
		}
	}
	return nil
}

func (s *scanner) scanColumn(m *pgtype.Map, p *plannedScan, oid uint32, format int16, src []byte, dest any) error {
	if src == nil {
		return sqldb.ScanNull(dest)
	}
	target := sqldb.ScanTarget(dest)
	// Text, and bytea's binary form, are the value's bytes: copied into the
	// caller's buffer, or into the one string a string destination costs.
	// pgx would allocate a new []byte on every read. Bytea's text form
	// ("\x…") needs pgx's decoding.
	raw := format == pgtype.TextFormatCode && oid != pgtype.ByteaOID ||
		format == pgtype.BinaryFormatCode && oid == pgtype.ByteaOID
	switch d := target.(type) {
	case *[]byte:
		if raw {
			*d = append((*d)[:0], src...)
			return nil
		}
	case *string:
		if raw {
			*d = string(src)
			return nil
		}
	case *int64, *int, *float64:
	default:
		return sqldb.UnsupportedDest(dest)
	}
	if t := reflect.TypeOf(target); p.plan == nil || p.typ != t || p.format != format || p.oid != oid {
		*p = plannedScan{oid: oid, typ: t, format: format, plan: m.PlanScan(oid, format, target)}
	}
	return p.plan.Scan(src, target)
}
