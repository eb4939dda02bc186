package bookstore

import (
	"context"
	"fmt"
)

// customerRegistration is the Customer Registration web interaction
// (TPC-W clause 2.5; TPCW_customer_registration_servlet, GetUserName):
// the form a buyer fills in, with a returning customer's user name, one
// statement; an anonymous buyer's form needs no database work (it is an
// interaction all the same).
//
//	SELECT c_uname FROM customer WHERE c_id = ?
func (u *user) customerRegistration(ctx context.Context) error {
	if u.customer == 0 {
		return nil
	}
	n, err := u.t.Query(ctx, opCustomerUname, u.customer)
	if err == nil && n == 0 {
		err = &missingError{what: fmt.Sprintf("customer %d", u.customer)}
	}
	return err
}
