package bookstore

import (
	"context"
	"fmt"
)

// orderDisplay is the Order Display web interaction (TPC-W clause 2.9;
// TPCW_order_display_servlet, GetPassword and GetMostRecentOrder): a
// customer's most recent order, one transaction.
//
//	SELECT c_passwd FROM customer WHERE c_uname = ?
//	SELECT o_id FROM customer, orders WHERE customer.c_id = orders.o_c_id AND c_uname = ?
//	  ORDER BY o_date, orders.o_id DESC FETCH FIRST 1 ROW ONLY
//	SELECT orders.*, customer.*, cc_xacts.cx_type, ship.addr_street1 AS ship_addr_street1, ...
//	  FROM customer, orders, cc_xacts, address AS ship, country AS ship_co, address AS bill, country AS bill_co
//	  WHERE orders.o_id = ? AND cx_o_id = orders.o_id AND customer.c_id = orders.o_c_id
//	    AND orders.o_bill_addr_id = bill.addr_id AND bill.addr_co_id = bill_co.co_id
//	    AND orders.o_ship_addr_id = ship.addr_id AND ship.addr_co_id = ship_co.co_id AND orders.o_c_id = customer.c_id
//	SELECT * FROM order_line, item WHERE ol_o_id = ? AND ol_i_id = i_id
//
// The reference's ORDER BY o_date, o_id DESC sorts the dates ascending
// and so finds the oldest day's order; the most recent order is the one
// with the highest O_ID (ids come from a sequence): dbgauge orders by
// o_id DESC. An anonymous session's browser logs in as a returning
// customer, NURand(A, 1, customers) (EBWOrderDispTrans), who is the
// session's from then on. A customer without an order sees none.
func (u *user) orderDisplay(ctx context.Context) error {
	customer := u.customer
	if customer == 0 {
		customer = u.c.nurandCustomer().Next(u.r)
	}
	uname := digSyl(customer, 0)
	if err := u.t.BeginRead(ctx); err != nil {
		return err
	}
	pw := u.s.dest.text
	n, err := u.t.Row(ctx, opPassword, pw, uname)
	switch {
	case err != nil:
	case n == 0:
		err = &missingError{what: "customer " + uname}
	case string(u.s.text[0]) != password(uname):
		err = fmt.Errorf("bookstore: customer %s's password is not %s's lower case (is the data bookstore's?)", uname, uname)
	}
	if err != nil {
		return err
	}
	n, err = u.t.Row(ctx, opLastOrder, u.s.dest.id, uname)
	if err != nil {
		return err
	}
	if n > 0 {
		o := u.s.id
		if _, err := u.t.Query(ctx, opOrder, o); err != nil {
			return err
		}
		if _, err := u.t.Query(ctx, opOrderLines, o); err != nil {
			return err
		}
	}
	if err := u.t.Commit(ctx); err != nil {
		return err
	}
	u.customer = customer
	return nil
}
