package orderentry

import (
	"context"
	"time"
)

// updateCustomer is UpdateCustomerDetails: find a customer by name; if
// one is found, give it a new address and make it the preferred one.
//
//	select address_seq.nextval from dual
//	SELECT ... FROM CUSTOMERS WHERE lower(cust_last_name) = lower(?)
//	  AND lower(cust_first_name) = lower(?) AND rownum < 5
//	  (think)
//	INSERT INTO ADDRESSES (...) VALUES (?, ?, TRUNC(SYSDATE,'MI'), ?, 'Street Name', ?, ?, ?, 'Postcode', NULL)
//	UPDATE CUSTOMERS SET PREFERRED_ADDRESS = ? WHERE customer_id = ?
//	commit
//
// The address id comes back from the INSERT (no sequence SELECT). The
// first customer found is the one updated, as the reference's.
func (u *user) updateCustomer(ctx context.Context) error {
	fn, ln := pick(u.r, firstNames), pick(u.r, lastNames)
	town, county, country := pick(u.r, towns), pick(u.r, counties), pick(u.r, countries)
	house := u.r.Uniform(1, 200)
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	n, err := u.t.Row(ctx, opCustomerByName, u.s.dest.customer, ln, fn)
	if err != nil {
		return err
	}
	if !u.think() {
		return errCut
	}
	if n > 0 {
		customer := u.s.id
		addr, err := u.t.Insert(ctx, opInsertAddress, customer, now().Truncate(time.Minute), house, town, county, country)
		if err != nil {
			return err
		}
		if _, err := u.t.Exec(ctx, opSetPreferredAddress, addr, customer); err != nil {
			return err
		}
	}
	return u.t.Commit(ctx)
}
