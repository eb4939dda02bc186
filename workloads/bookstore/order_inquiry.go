package bookstore

import "context"

// orderInquiry is the Order Inquiry web interaction (TPC-W clause 2.8;
// TPCW_order_inquiry_servlet): the form that asks for a user name and
// password, with no database work. It is an interaction all the same:
// the runner counts and times it (on a connection it borrows, as an
// application server's request would hold one).
func (u *user) orderInquiry(context.Context) error { return nil }
