package bookstore

import (
	"context"
	"time"
)

// buyRequest is the Buy Request web interaction (TPC-W clause 2.6;
// TPCW_buy_request_servlet), one transaction. A returning customer logs
// in by user name and password, DigSyl(C_ID) and its lower case
// (EBWBuyReqTrans, getCustomer and refreshSession):
//
//	SELECT * FROM customer, address, country WHERE customer.c_addr_id = address.addr_id
//	  AND address.addr_co_id = country.co_id AND customer.c_uname = ?
//	UPDATE customer SET c_login = CURRENT TIMESTAMP, c_expiration = CURRENT TIMESTAMP + 2 HOURS WHERE c_id = ?
//
// An anonymous one registers with the form's fields (createNewCustomer:
// enterAddress, then the customer):
//
//	SELECT co_id FROM country WHERE co_name = ?
//	SELECT addr_id FROM address WHERE addr_street1 = ? AND ... AND addr_co_id = ?
//	INSERT INTO address (addr_id, ...) VALUES (?, ...)        -- if it matched none; id: SELECT max(addr_id)+1
//	INSERT INTO customer (c_id, c_uname, c_passwd, ...) VALUES (?, ...)   -- id: SELECT max(c_id)+1
//
// and both read the cart (getCart):
//
//	SELECT * FROM shopping_cart_line, item WHERE scl_i_id = item.i_id AND scl_sc_id = ?
//
// The new customer's and address's ids come from the database's
// sequences; the user name DigSyl(C_ID) and password are then set with
// UPDATE customer SET c_uname = ?, c_passwd = ? WHERE c_id = ?, one more
// statement than the reference's MAX()+1, which collides across clients.
// The new customer is the session's from then on.
func (u *user) buyRequest(ctx context.Context) error {
	now := u.in.now()
	if u.customer != 0 {
		return u.login(ctx, now)
	}
	r := u.r
	fname, lname := aString(r, 8, 15), aString(r, 8, 15)
	addr := u.drawAddress(10)
	phone := nString(r, 9, 16)
	email := aString(r, 8, 15) + "@" + aString(r, 2, 9) + ".com"
	birth := date(r, 1880, int64(now.Year()))
	data := aString(r, 100, 500)
	discount := money(r, 0, 50) // the servlet's own draw, 0 to 50%
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	addrID, err := u.enterAddress(ctx, addr)
	if err != nil {
		return err
	}
	id, err := u.t.Insert(ctx, opCustomerInsert, "", "", fname, lname, addrID, phone, email, now, now, now, now.Add(2*time.Hour),
		discount, 0.0, 0.0, birth, data)
	if err != nil {
		return err
	}
	uname := digSyl(id, 0)
	if _, err := u.t.Exec(ctx, opCustomerNames, uname, password(uname), id); err != nil {
		return err
	}
	if _, err := u.t.Query(ctx, opCart, u.cart); err != nil {
		return err
	}
	if err := u.t.Commit(ctx); err != nil {
		return err
	}
	u.customer = id
	return nil
}

// login is a returning customer's Buy Request.
func (u *user) login(ctx context.Context, now time.Time) error {
	uname := digSyl(u.customer, 0)
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	n, err := u.t.Query(ctx, opCustomerByUname, uname)
	if err == nil && n == 0 {
		err = &missingError{what: "customer " + uname}
	}
	if err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opCustomerLogin, now, now.Add(2*time.Hour), u.customer); err != nil {
		return err
	}
	if _, err := u.t.Query(ctx, opCart, u.cart); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}

// address is an address a browser types in.
type address struct {
	street1, street2, city, state, zip, country string
}

// drawAddress draws the form's address (EBWBuyReqTrans; Buy Confirm's
// cities are 4 to 30 letters, Buy Request's 10 to 30).
func (u *user) drawAddress(minCity int64) address {
	r := u.r
	return address{street1: aString(r, 15, 40), street2: aString(r, 15, 40), city: aString(r, minCity, 30),
		state: aString(r, 2, 20), zip: aString(r, 5, 10), country: countries[r.IntN(len(countries))].name}
}

// enterAddress is TPCW_Database.enterAddress: the id of a as it is in
// ADDRESS, inserted if it is not.
func (u *user) enterAddress(ctx context.Context, a address) (int64, error) {
	n, err := u.t.Row(ctx, opCountryID, u.s.dest.id, a.country)
	if err == nil && n == 0 {
		err = &missingError{what: "country " + a.country}
	}
	if err != nil {
		return 0, err
	}
	co := u.s.id
	n, err = u.t.Row(ctx, opAddressMatch, u.s.dest.id, a.street1, a.street2, a.city, a.state, a.zip, co)
	if err != nil {
		return 0, err
	}
	if n > 0 {
		return u.s.id, nil
	}
	return u.t.Insert(ctx, opAddressInsert, a.street1, a.street2, a.city, a.state, a.zip, co)
}
