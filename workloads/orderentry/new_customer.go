package orderentry

import (
	"context"
	"time"
)

// newCustomer is NewCustomerProcess: a customer with an address and a
// card, committed; a pause; the customer logs on; the customer is read.
//
//	select customer_seq.nextval, address_seq.nextval, card_details_seq.nextval from dual
//	  (think)
//	insert into customers (customer_id, ..., preferred_address, preferred_card) values (...)
//	INSERT INTO ADDRESSES (...) VALUES (?, ?, TRUNC(SYSDATE, 'MI'), ?, ?, ?, ?, ?, ?, NULL)
//	INSERT INTO CARD_DETAILS (...) VALUES (?, ?, ?, ?, trunc(SYSDATE + ?), ?, ?)
//	commit  (think)  logon  getCustomerDetails
//
// dbgauge's ids come back from the INSERTs (the tables' auto-increment
// columns), so the customer is inserted first and its preferred address
// and card are set by an UPDATE once they exist: one UPDATE where
// Swingbench reads three sequences with a SELECT. The pause Swingbench
// takes after that SELECT comes before the INSERTs.
func (u *user) newCustomer(ctx context.Context) error {
	fn, ln := pick(u.r, firstNames), pick(u.r, lastNames)
	town, county, country := pick(u.r, towns), pick(u.r, counties), pick(u.r, countries)
	lang := pick(u.r, nls)
	t := now()
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	if !u.think() {
		return errCut
	}
	id, err := u.t.Insert(ctx, opInsertCustomer, fn, ln, lang[0], lang[1], u.r.Uniform(1000, 50000), fn+"."+ln+"@example.com",
		u.r.Uniform(145, 171), t.Add(-time.Duration(u.r.Uniform(1, 4))*year), "Ocasional", "Music",
		t.Add(-time.Duration(u.r.Uniform(18, 65))*year), "Y", "N")
	if err != nil {
		return err
	}
	addr, err := u.t.Insert(ctx, opInsertAddress, id, t.Truncate(time.Minute), u.r.Uniform(1, 200), town, county, country)
	if err != nil {
		return err
	}
	card, err := u.t.Insert(ctx, opInsertCard, id, "Visa (Debit)", u.r.Uniform(1111111111, 9999999999),
		t.Add(time.Duration(u.r.Uniform(365, 1460))*24*time.Hour).Truncate(24*time.Hour), "Y", u.r.Uniform(1111, 9999))
	if err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opSetPreferred, addr, card, id); err != nil {
		return err
	}
	if err := u.t.Commit(ctx); err != nil {
		return err
	}
	grow(&u.in.ranges.maxCustomer, id)
	if !u.think() {
		return errCut
	}
	if err := u.logon(ctx, id); err != nil {
		return err
	}
	_, err = u.t.Query(ctx, opSelectCustomer, id)
	return err
}
