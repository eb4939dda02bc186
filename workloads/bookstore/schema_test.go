package bookstore

import "testing"

// TestTableIndexes: the table constants name the tables they index.
func TestTableIndexes(t *testing.T) {
	t.Parallel()
	want := map[int]string{tCountry: "country", tAuthor: "author", tItem: "item", tAddress: "address", tCustomer: "customer",
		tOrders: "orders", tOrderLine: "order_line", tCCXacts: "cc_xacts", tShoppingCart: "shopping_cart", tShoppingCartLine: "shopping_cart_line"}
	if len(want) != len(tables) {
		t.Fatalf("%d constants for %d tables", len(want), len(tables))
	}
	for i, name := range want {
		if tables[i].Name != name {
			t.Errorf("tables[%d] is %s, want %s", i, tables[i].Name, name)
		}
	}
	if _, ok := columnIndex("no_such_column", tItem, tAuthor); ok {
		t.Error("columnIndex found a column no table has")
	}
}
