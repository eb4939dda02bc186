package tpcc

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/dbgauge/dbgauge/workload"
)

// newOrderState is New-Order's scratch, kept in the user so that a
// transaction allocates little.
type newOrderState struct {
	lines []orderLine
	args  []any
	// Destinations of no_items and no_stocks.
	item, supply, qty int64
	price             float64
	name, idata       []byte
	sdata             []byte
	dist              [districtsPerWH][]byte
	itemDest          []any
	stockDest         []any
}

// orderLine is one item of a New-Order's input (clause 2.4.1.5) and what
// the transaction read for it.
type orderLine struct {
	item, supply, quantity int64
	found, stocked         bool
	price                  float64
	stock                  int64 // S_QUANTITY as read
	distInfo               string
}

const minLines = 5 // clause 2.4.1.3: 5 to 15 lines

// newOrder is the New-Order transaction, clause 2.4.
//
// Input (2.4.1): W_ID the terminal's home warehouse, D_ID uniform in
// [1, 10], C_ID = NURand(1023, 1, 3000), OL_CNT uniform in [5, 15]; 1% of
// the orders have an unused item number as their last item and roll back
// (2.4.1.4); each item is NURand(8191, 1, 100000), supplied by the home
// warehouse 99% of the time and by another warehouse 1% (2.4.1.5), in a
// quantity uniform in [1, 10].
//
// Profile (2.4.2.2), the spec's SQL:
//
//	SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse WHERE w_id = :w_id AND c_w_id = w_id AND c_d_id = :d_id AND c_id = :c_id;
//	SELECT d_next_o_id, d_tax FROM district WHERE d_id = :d_id AND d_w_id = :w_id;
//	UPDATE district SET d_next_o_id = :d_next_o_id + 1 WHERE d_id = :d_id AND d_w_id = :w_id;
//	INSERT INTO ORDERS (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (...);
//	INSERT INTO NEW_ORDER (no_o_id, no_d_id, no_w_id) VALUES (:o_id, :d_id, :w_id);
//	-- for each item:
//	SELECT i_price, i_name, i_data FROM item WHERE i_id = :ol_i_id;
//	SELECT s_quantity, s_data, s_dist_01 ... s_dist_10 FROM stock WHERE s_i_id = :ol_i_id AND s_w_id = :ol_supply_w_id;
//	UPDATE stock SET s_quantity = :s_quantity WHERE s_i_id = :ol_i_id AND s_w_id = :ol_supply_w_id;
//	INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (...);
//
// dbgauge reads the warehouse and the customer apart; locks the district
// row (d_next_o_id) with the dialect's FOR UPDATE; reads the items with
// one IN list and locks their stock rows with another, in key order, so
// that two New-Orders never wait on each other's stock rows in opposite
// orders; updates each stock row per line, and inserts the lines with one
// multi-row INSERT: 11 + OL_CNT round trips where the spec's profile has
// 7 + 4 x OL_CNT. Lines are numbered in item order; the unused item sorts
// last, as the spec wants it last.
func (u *user) newOrder(ctx context.Context) error {
	c, r := u.c, u.r
	w := u.warehouse()
	d := r.Uniform(1, districtsPerWH)
	cid := c.nurandCID().Next(r)
	n := r.Uniform(5, 15)
	rollback := r.Uniform(1, 100) == 1
	lines := u.no.lines[:0]
	allLocal := int64(1)
	for i := range n {
		l := orderLine{item: c.nurandItem().Next(r), supply: w, quantity: r.Uniform(1, 10)}
		if i == n-1 && rollback {
			l.item = items + 1 // unused (clause 2.4.1.4)
		}
		if c.warehouses > 1 && r.Uniform(1, 100) == 1 {
			l.supply = u.otherWarehouse(w)
			allLocal = 0
		}
		lines = append(lines, l)
	}
	slices.SortFunc(lines, func(a, b orderLine) int {
		if a.item != b.item {
			return int(a.item - b.item)
		}
		return int(a.supply - b.supply)
	})
	u.no.lines = lines
	now := time.Now()
	if n < minLines || n > maxLines {
		return fmt.Errorf("tpcc: %d order lines", n) // unreachable: drawn in [5, 15]
	}

	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	if err := u.need(ctx, opNOWarehouse, "warehouse", w); err != nil {
		return err
	}
	if err := u.need(ctx, opNODistrict, "district", w, d); err != nil {
		return err
	}
	o := u.rd.next
	if _, err := u.t.Exec(ctx, opNODistrictUpdate, o+1, w, d); err != nil {
		return err
	}
	if err := u.need(ctx, opNOCustomer, "customer", w, d, cid); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opNOOrderInsert, o, d, w, cid, now, n, allLocal); err != nil {
		return err
	}
	if _, err := u.t.Exec(ctx, opNONewOrderInsert, o, d, w); err != nil {
		return err
	}
	// The items and their stock rows, one statement each (the spec reads
	// them line by line; go-tpc reads them with IN lists too).
	no := &u.no
	if err := u.readItems(ctx, no, lines); err != nil {
		return err
	}
	for i := range lines {
		if !lines[i].found {
			if lines[i].item > items {
				// The unused item: the order rolls back (clause 2.4.2.3),
				// a completed New-Order of its own kind.
				return u.t.Rollback(ctx)
			}
			return &missingError{what: fmt.Sprintf("item %d", lines[i].item)}
		}
	}
	if err := u.readStock(ctx, no, lines, d); err != nil {
		return err
	}
	no.args = no.args[:0]
	for i := range lines {
		l := &lines[i]
		if !l.stocked {
			return &missingError{what: fmt.Sprintf("stock row of item %d in warehouse %d", l.item, l.supply)}
		}
		// Clause 2.4.2.2: restock by 91 when fewer than 10 would be left.
		// An item ordered twice from one warehouse updates its row twice.
		qty := l.stock
		if qty >= l.quantity+10 {
			qty -= l.quantity
		} else {
			qty = qty - l.quantity + 91
		}
		for j := i + 1; j < len(lines) && lines[j].item == l.item && lines[j].supply == l.supply; j++ {
			lines[j].stock = qty
		}
		remote := int64(0)
		if l.supply != w {
			remote = 1
		}
		if _, err := u.t.Exec(ctx, opNOStockUpdate, qty, l.quantity, remote, l.item, l.supply); err != nil {
			return err
		}
		amount := cents(float64(l.quantity) * l.price)
		no.args = append(no.args, o, d, w, int64(i+1), l.item, l.supply, l.quantity, amount, l.distInfo)
	}
	if _, err := u.t.ExecSize(ctx, opNOOrderLineInsert, len(lines), no.args...); err != nil {
		return err
	}
	return u.t.Commit(ctx)
}

// need reads one row that must exist into op's destinations. The values
// the terminal would show (the order's total from W_TAX, D_TAX and
// C_DISCOUNT, the brand-generic flag) are read, as the spec asks, but not
// computed on.
func (u *user) need(ctx context.Context, op workload.OpID, what string, args ...any) error {
	n, err := u.t.Row(ctx, op, u.rd.dest[op], args...)
	if err == nil && n == 0 {
		err = &missingError{what: what + " row"}
	}
	return err
}

// readItems reads the lines' items with one IN list (padded with the last
// id to maxLines places) and marks the lines it found, with their price.
// The brand-generic flag of clause 2.4.2.2 (I_DATA and S_DATA both
// "ORIGINAL") is shown to the terminal, not stored: it is not computed.
func (u *user) readItems(ctx context.Context, no *newOrderState, lines []orderLine) error {
	if no.itemDest == nil {
		no.itemDest = []any{&no.item, &no.price, &no.name, &no.idata}
	}
	no.args = no.args[:0]
	for i := range maxLines {
		no.args = append(no.args, lines[min(i, len(lines)-1)].item)
	}
	_, err := u.t.Rows(ctx, opNOItem, no.itemDest, func(int) error {
		for i := range lines {
			if lines[i].item == no.item {
				lines[i].found, lines[i].price = true, no.price
			}
		}
		return nil
	}, no.args...)
	return err
}

// readStock reads and locks the lines' stock rows with one IN list of
// (warehouse, item) pairs, in key order, and keeps each line's quantity
// and S_DIST_xx of district d.
func (u *user) readStock(ctx context.Context, no *newOrderState, lines []orderLine, d int64) error {
	if no.stockDest == nil {
		no.stockDest = []any{&no.item, &no.supply, &no.qty, &no.sdata}
		for i := range no.dist {
			no.stockDest = append(no.stockDest, &no.dist[i])
		}
	}
	no.args = no.args[:0]
	for i := range maxLines {
		l := lines[min(i, len(lines)-1)]
		no.args = append(no.args, l.supply, l.item)
	}
	_, err := u.t.Rows(ctx, opNOStock, no.stockDest, func(int) error {
		info := ""
		for i := range lines {
			if lines[i].item == no.item && lines[i].supply == no.supply && !lines[i].stocked {
				if info == "" {
					info = string(no.dist[d-1])
				}
				lines[i].stocked, lines[i].stock, lines[i].distInfo = true, no.qty, info
			}
		}
		return nil
	}, no.args...)
	return err
}
