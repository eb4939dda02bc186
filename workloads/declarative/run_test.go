package declarative

import (
	"context"
	"testing"

	"github.com/dbgauge/dbgauge/workload"
	"github.com/dbgauge/dbgauge/workload/wltest"
	"github.com/dbgauge/dbgauge/workloads/internal/fixture"
)

// configure loads file and configures it with opts.
func configure(t *testing.T, file string, opts map[string]string) workload.Instance {
	t.Helper()
	w, err := Load(file)
	if err != nil {
		t.Fatal(err)
	}
	v, err := workload.ParseValues(w.Options(), opts)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := workload.Configure(w, v, workload.Params{Users: 1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func txnID(t *testing.T, inst workload.Instance, name string) workload.TxnID {
	t.Helper()
	for i, x := range inst.Transactions() {
		if x.Name == name {
			return workload.TxnID(i)
		}
	}
	t.Fatalf("no transaction %s", name)
	return 0
}

// TestShop runs the shop example on each database: the dataset is
// stamped and complete, every new order's id flows from its INSERT into
// its line and its total, and the prices read flow into the lines.
func TestShop(t *testing.T) {
	for name, target := range shopFx.Targets() {
		t.Run(name, func(t *testing.T) {
			tg := target(t)
			c := tg.Conn(t)
			ctx := context.Background()
			inst := configure(t, "shop.yaml", map[string]string{"customers": "300", "products": "120"})
			st, err := inst.Dataset().Check(ctx, c)
			if err != nil || st.Stamp == nil {
				t.Fatalf("no stamp: %v %+v", err, st)
			}
			if st.Stamp.Shape["customers"] != "300" || st.Stamp.Shape["schema"] == "" {
				t.Errorf("stamp shape %v", st.Stamp.Shape)
			}
			if n := fixture.Scalar(t, c, "SELECT COUNT(*) FROM shop_customer"); n != 300 {
				t.Errorf("%d customers, want 300", n)
			}
			if n := fixture.Scalar(t, c, "SELECT COUNT(DISTINCT p_id) FROM shop_product WHERE p_id BETWEEN 1 AND 120"); n != 120 {
				t.Errorf("%d products 1..120, want 120", n)
			}
			before := fixture.Scalar(t, c, "SELECT COUNT(*) FROM shop_order")
			conn, err := tg.Open(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			tx := wltest.Run(t, inst, conn, wltest.Options{Driver: tg.Name, Seed: 5}, 300)
			orders := int64(tx.Types[txnID(t, inst, "new_order")])
			if orders == 0 || tx.Types[txnID(t, inst, "browse")] == 0 || tx.Types[txnID(t, inst, "order_status")] == 0 {
				t.Fatalf("mix %v", tx.Types)
			}
			if n := fixture.Scalar(t, c, "SELECT COUNT(*) FROM shop_order"); n != before+orders {
				t.Errorf("%d orders, want %d + %d", n, before, orders)
			}
			// Each order has its line, under its generated id, and its
			// total from the price read back.
			if n := fixture.Scalar(t, c, "SELECT COUNT(*) FROM shop_order o JOIN shop_order_line l ON l.l_o_id = o.o_id"); n != before+orders {
				t.Errorf("%d orders with their line, want %d", n, before+orders)
			}
			if n := fixture.Scalar(t, c, "SELECT COUNT(*) FROM shop_order o JOIN shop_order_line l ON l.l_o_id = o.o_id JOIN shop_product p ON p.p_id = l.l_p_id WHERE l.l_price <> p.p_price OR o.o_total <> l.l_qty * l.l_price"); n != 0 {
				t.Errorf("%d lines whose price or total did not come from what was read", n)
			}
			if n := fixture.Scalar(t, c, "SELECT COUNT(*) FROM shop_order WHERE o_c_id < 1 OR o_c_id > 300"); n != 0 {
				t.Errorf("%d orders of customers out of range", n)
			}
			ops := inst.Ops()
			for op, n := range tx.Failed {
				t.Errorf("%s failed %d times", ops[op].Name, n)
			}
			for _, op := range ops {
				if op.Name == "insert_order" && (op.Class != workload.Write || op.Verb != workload.Insert) {
					t.Errorf("insert_order is %v/%v", op.Class, op.Verb)
				}
			}
		})
	}
}

// TestSessions runs the sessions example: every touch adds one hit and
// every read-modify-write writes back the hits it read plus one, so the
// hits add up to their count.
func TestSessions(t *testing.T) {
	for name, target := range sessionsFx.Targets() {
		t.Run(name, func(t *testing.T) {
			tg := target(t)
			c := tg.Conn(t)
			ctx := context.Background()
			inst := configure(t, "sessions.yaml", map[string]string{"sessions": "2500", "accounts": "50"})
			before := fixture.Scalar(t, c, "SELECT SUM(s_hits) FROM kv_session")
			conn, err := tg.Open(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			tx := wltest.Run(t, inst, conn, wltest.Options{Driver: tg.Name, Seed: 6}, 1000)
			touches, rmw := int64(tx.Types[txnID(t, inst, "touch")]), int64(tx.Types[txnID(t, inst, "read_modify_write")])
			if touches == 0 || rmw == 0 || tx.Types[txnID(t, inst, "account_report")] == 0 {
				t.Fatalf("mix %v", tx.Types)
			}
			if got := fixture.Scalar(t, c, "SELECT SUM(s_hits) FROM kv_session"); got != before+touches+rmw {
				t.Errorf("hits %d, want %d + %d touches + %d read-modify-writes", got, before, touches, rmw)
			}
			if n := fixture.Scalar(t, c, "SELECT COUNT(*) FROM kv_session"); n != 2500 {
				t.Errorf("%d sessions, want 2500", n)
			}
		})
	}
}
