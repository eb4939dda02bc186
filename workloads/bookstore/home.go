package bookstore

import (
	"context"
	"fmt"
)

// home is the Home web interaction (TPC-W clause 2.3;
// TPCW_home_interaction with TPCW_say_hello and
// TPCW_promotional_processing): a returning customer's greeting and the
// promotion.
//
//	SELECT c_fname, c_lname FROM customer WHERE c_id = ?   -- getName, known customers only
//	SELECT J.i_id, J.i_thumbnail FROM item I, item J
//	  WHERE (I.i_related1 = J.i_id OR ... OR I.i_related5 = J.i_id) AND I.i_id = ?   -- getRelated of a random item
//
// The reference keeps the name in its HTTP session and reads it once per
// session; the spec's page shows it on every Home, so dbgauge reads it on
// every Home of a known customer. An anonymous Home is the promotion
// alone, one statement.
func (u *user) home(ctx context.Context) error {
	if u.customer == 0 {
		return u.promo(ctx, false)
	}
	if err := u.t.BeginRead(ctx); err != nil {
		return err
	}
	n, err := u.t.Query(ctx, opHomeCustomer, u.customer)
	if err == nil && n == 0 {
		err = &missingError{what: fmt.Sprintf("customer %d", u.customer)}
	}
	if err != nil {
		return err
	}
	if err := u.promo(ctx, false); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}
