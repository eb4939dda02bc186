package tpcc

// reads are where the values the transactions read back land: one set per
// user, with each statement's destinations built once, so that reading a
// row allocates nothing (sqldb.RowReader reuses a []byte's capacity).
type reads struct {
	wTax, dTax, discount, limit, balance float64
	next, order, customer, district      int64
	count                                int64
	carrier                              nullInt
	total                                nullFloat
	// text holds the text columns, by the slots below.
	text [textSlots][]byte
	dest [numOps][]any
}

// Slots of reads.text: a Payment keeps W_NAME and D_NAME while it reads the
// customer, so the three reads use separate slots.
const (
	slotWarehouse = 0  // 6: name, street 1 and 2, city, state, zip
	slotDistrict  = 6  // 6, the same
	slotCustomer  = 12 // 11: first, middle, last, street 1 and 2, city, state, zip, phone, credit, since
	slotData      = 23 // C_DATA
	textSlots     = 24
)

// newReads builds every statement's destinations.
func newReads() *reads {
	r := &reads{}
	text := func(from, n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = &r.text[from+i]
		}
		return out
	}
	c := slotCustomer
	r.dest = [numOps][]any{
		opNOWarehouse: {&r.wTax},
		opNODistrict:  {&r.dTax, &r.next},
		opNOCustomer:  {&r.discount, &r.text[c+2], &r.text[c+9]},

		opPayWarehouse: text(slotWarehouse, 6),
		opPayDistrict:  text(slotDistrict, 6),
		opPayCustomer: append(text(c, 10),
			&r.limit, &r.discount, &r.balance, &r.text[c+10]),
		opPayCustomerData:   {&r.text[slotData]},
		opPayCustomerByName: {&r.customer},
		opOSCustomerByName:  {&r.customer},

		opOSCustomer: {&r.balance, &r.text[c], &r.text[c+1], &r.text[c+2]},
		opOSOrder:    {&r.order, &r.carrier, &r.text[slotDistrict]},

		opDLNewOrder:     {&r.order},
		opDLOrder:        {&r.district, &r.customer},
		opDLOrderLineSum: {&r.district, &r.total},

		opSLDistrict:   {&r.next},
		opSLStockCount: {&r.count},
	}
	return r
}

// credit is the customer's C_CREDIT as last read.
func (r *reads) credit() []byte { return r.text[slotCustomer+9] }
