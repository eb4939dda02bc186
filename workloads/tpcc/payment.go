package tpcc

import (
	"context"
	"fmt"
	"time"
)

// payment is the Payment transaction, clause 2.5.
//
// Input (2.5.1): W_ID the home warehouse, D_ID uniform in [1, 10]; 85% of
// customers belong to that district, 15% to a random district of another
// warehouse (2.5.1.2); 60% are chosen by last name, NURand(255, 0, 999)'s
// syllables, 40% by C_ID = NURand(1023, 1, 3000); H_AMOUNT is uniform in
// [1.00, 5,000.00] (2.5.1.3).
//
// Profile (2.5.2.2), the spec's SQL:
//
//	UPDATE warehouse SET w_ytd = w_ytd + :h_amount WHERE w_id = :w_id;
//	SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse WHERE w_id = :w_id;
//	UPDATE district SET d_ytd = d_ytd + :h_amount WHERE d_w_id = :w_id AND d_id = :d_id;
//	SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district WHERE d_w_id = :w_id AND d_id = :d_id;
//	-- by name: the cursor over the name's customers by c_first; the row at n/2 rounded up
//	SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since
//	  FROM customer WHERE c_w_id = :c_w_id AND c_d_id = :c_d_id AND c_id = :c_id;
//	-- bad credit: SELECT c_data ...; UPDATE customer SET c_balance, c_data ...; otherwise UPDATE customer SET c_balance ...
//	INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES (...);
//
// The customer row is locked (FOR UPDATE) as it is read, since it is
// written back. C_YTD_PAYMENT and C_PAYMENT_CNT are updated too (2.5.2.2).
func (u *user) payment(ctx context.Context) error {
	c, r := u.c, u.r
	w := u.warehouse()
	d := r.Uniform(1, districtsPerWH)
	cw, cd := w, d
	if c.warehouses > 1 && r.Uniform(1, 100) > 85 {
		cw, cd = u.otherWarehouse(w), r.Uniform(1, districtsPerWH)
	}
	byName := r.Uniform(1, 100) <= 60
	var cid int64
	var last string
	if byName {
		last = lastName(c.nurandLast().Next(r))
	} else {
		cid = c.nurandCID().Next(r)
	}
	amount := money(r, 1, 5000)
	now := time.Now()

	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opPayWarehouseUpdate, amount, w); err != nil {
		return err
	}
	if err := u.need(ctx, opPayWarehouse, "warehouse", w); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opPayDistrictUpdate, amount, w, d); err != nil {
		return err
	}
	if err := u.need(ctx, opPayDistrict, "district", w, d); err != nil {
		return err
	}
	if byName {
		var err error
		if cid, err = u.customerByName(ctx, opPayCustomerByName, cw, cd, last); err != nil {
			return err
		}
	}
	if err := u.need(ctx, opPayCustomer, "customer", cw, cd, cid); err != nil {
		return err
	}
	rd := u.rd
	if string(rd.credit()) == "BC" {
		// Clause 2.5.2.2: the payment's ids and amount go in front of
		// C_DATA, which keeps its first 500 characters.
		if err := u.need(ctx, opPayCustomerData, "customer", cw, cd, cid); err != nil {
			return err
		}
		data := fmt.Sprintf("%d %d %d %d %d %.2f|%s", cid, cd, cw, d, w, amount, rd.text[slotData])
		if len(data) > 500 {
			data = data[:500]
		}
		if _, err := u.t.Exec(ctx, opPayCustomerUpdateBC, amount, amount, data, cw, cd, cid); err != nil {
			return err
		}
	} else if _, err := u.t.Exec(ctx, opPayCustomerUpdate, amount, amount, cw, cd, cid); err != nil {
		return err
	}
	hData := string(rd.text[slotWarehouse]) + "    " + string(rd.text[slotDistrict]) // clause 2.5.2.2: W_NAME, 4 spaces, D_NAME
	if _, err := u.t.Exec(ctx, opPayHistoryInsert, cd, cw, cid, d, w, now, amount, hData); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}
