package tpcc

import (
	"context"
	"strconv"
	"testing"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
)

// TestTransactions runs 300 transactions (three decks) of one user on
// SQLite and on each server, and checks what each type did to the data
// and the statements it sent.
func TestTransactions(t *testing.T) {
	for name, get := range targets(t) {
		t.Run(name, func(t *testing.T) {
			tg := get(t)
			ctx := context.Background()
			conn, err := tg.Open(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			c := conn.(sqldb.Conn)
			inst := configureT(1)
			before := scalars(t, c)
			tx := wltest.Run(t, inst, conn, wltest.Options{Driver: tg.Driver.Name(), Users: 1, Seed: 5}, 300)
			after := scalars(t, c)

			want := map[workload.TxnID]int{txNewOrder: 135, txPayment: 129, txOrderStatus: 12, txDelivery: 12, txStockLevel: 12}
			for typ, n := range want {
				if tx.Types[typ] != n {
					t.Errorf("%d %s, want %d (three decks)", tx.Types[typ], inst.Transactions()[typ].Name, n)
				}
			}
			committed := int64(tx.Types[txNewOrder] - tx.Rollbacks)
			if tx.Rollbacks != tx.OK[opRollback] {
				t.Errorf("%d expected rollbacks, %d ROLLBACK statements", tx.Rollbacks, tx.OK[opRollback])
			}
			// New-Order: each committed one takes the district's next id,
			// adds one order and one NEW-ORDER row; a rolled back one leaves
			// nothing. Delivery removes one NEW-ORDER row per district.
			if d := after["next"] - before["next"]; d != committed {
				t.Errorf("sum(d_next_o_id) grew by %d, want the %d committed New-Orders", d, committed)
			}
			if d := after["orders"] - before["orders"]; d != committed {
				t.Errorf("orders grew by %d, want %d", d, committed)
			}
			// Each Delivery takes the oldest new order of the ten districts
			// (900 wait in each): one DELETE of ten, and ten customers paid.
			delivered := int64(tx.OK[opDLCustomerUpdate])
			if delivered != 10*int64(tx.Types[txDelivery]) || tx.OK[opDLNewOrderDelete] != tx.Types[txDelivery] {
				t.Errorf("%d deliveries delivered %d orders in %d DELETEs, want 10 each in one", tx.Types[txDelivery], delivered, tx.OK[opDLNewOrderDelete])
			}
			if d := after["new_order"] - before["new_order"]; d != committed-delivered {
				t.Errorf("new_order changed by %d, want %d committed - %d delivered", d, committed, delivered)
			}
			// One multi-row INSERT of 5 to 15 lines per committed New-Order,
			// one stock UPDATE per line; a rolled back one writes no line.
			if n := tx.OK[opNOOrderLineInsert]; int64(n) != committed {
				t.Errorf("%d order line INSERTs for %d committed New-Orders", n, committed)
			}
			if d := after["lines"] - before["lines"]; d != int64(tx.OK[opNOStockUpdate]) || d < 5*committed || d > 15*committed {
				t.Errorf("order_line grew by %d for %d New-Orders and %d stock updates", d, committed, tx.OK[opNOStockUpdate])
			}
			if tx.OK[opNOItem] != tx.Types[txNewOrder] || tx.OK[opNOStock] != int(committed) {
				t.Errorf("%d item reads and %d stock reads for %d New-Orders (%d committed)", tx.OK[opNOItem], tx.OK[opNOStock], tx.Types[txNewOrder], committed)
			}
			// Payment: one HISTORY row each, and W_YTD grows by their sum.
			if d := after["history"] - before["history"]; d != int64(tx.Types[txPayment]) {
				t.Errorf("history grew by %d, want %d Payments", d, tx.Types[txPayment])
			}
			if byName := tx.OK[opPayCustomerByName]; byName == 0 || byName > tx.Types[txPayment] || tx.OK[opPayCustomer] != tx.Types[txPayment] {
				t.Errorf("%d Payments read %d customers, %d of them by name", tx.Types[txPayment], tx.OK[opPayCustomer], byName)
			}
			// Order-Status and Stock-Level write nothing and read what they must.
			if tx.OK[opOSOrder] != tx.Types[txOrderStatus] || tx.OK[opSLStockCount] != tx.Types[txStockLevel] {
				t.Errorf("order-status read %d orders in %d transactions; stock-level counted %d times in %d",
					tx.OK[opOSOrder], tx.Types[txOrderStatus], tx.OK[opSLStockCount], tx.Types[txStockLevel])
			}
			for op, n := range tx.Failed {
				t.Errorf("%s failed %d times", statements.Stmts[op].Name, n)
			}
		})
	}
}

// scalars reads the counts the transactions change.
func scalars(t *testing.T, c sqldb.Conn) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for k, q := range map[string]string{
		"next":      "SELECT sum(d_next_o_id) FROM district",
		"orders":    "SELECT count(*) FROM orders",
		"new_order": "SELECT count(*) FROM new_order",
		"lines":     "SELECT count(*) FROM order_line",
		"history":   "SELECT count(*) FROM history",
	} {
		rows, err := c.QueryStrings(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		n, err := strconv.ParseInt(rows[0][0], 10, 64)
		if err != nil {
			t.Fatalf("%s: %q", q, rows[0][0])
		}
		out[k] = n
	}
	return out
}
