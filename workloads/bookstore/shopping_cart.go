package bookstore

import (
	"context"
	"fmt"
)

// shoppingCart is the Shopping Cart web interaction (TPC-W clause 2.4;
// TPCW_shopping_cart_interaction, TPCW_Database.createEmptyCart and
// doCart), one transaction:
//
//	INSERT INTO shopping_cart (sc_id, sc_time) VALUES ((SELECT COUNT(*) FROM shopping_cart), CURRENT TIMESTAMP)  -- no cart yet
//	SELECT scl_qty FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?   -- addItem, after Product Detail
//	UPDATE shopping_cart_line SET scl_qty = ? WHERE scl_sc_id = ? AND scl_i_id = ? -- one more of it, or
//	INSERT INTO shopping_cart_line (scl_sc_id, scl_qty, scl_i_id) VALUES (?, ?, ?) -- a new line of one
//	DELETE FROM shopping_cart_line WHERE scl_sc_id = ? AND scl_i_id = ?            -- refreshCart, quantity 0, or
//	UPDATE shopping_cart_line SET scl_qty = ? WHERE scl_sc_id = ? AND scl_i_id = ? -- another quantity
//	SELECT COUNT(*) FROM shopping_cart_line WHERE scl_sc_id = ?                    -- addRandomItemToCartIfNecessary:
//	SELECT i_related1 FROM item WHERE i_id = ?                                     --   an empty cart gets the first related
//	                                                                               --   item of a random item (addItem)
//	UPDATE shopping_cart SET sc_time = CURRENT TIMESTAMP WHERE sc_id = ?           -- resetCartTime
//	SELECT * FROM shopping_cart_line, item WHERE scl_i_id = item.i_id AND scl_sc_id = ?  -- getCart
//	-- and the promotion (getRelated of a random item)
//
// The cart's id comes from the database's sequence (the reference's
// COUNT(*) under a JVM lock collides across clients). After Product
// Detail the session's item is added (EBWShopCartAddTrans); after another
// Shopping Cart the quantities are refreshed (EBWShopCartRefTrans): of c
// lines, one gets a quantity in [1, 10] if c is 1, else a random 1 to c
// of them get a new quantity in [0, 9] other than their own, 0 removing
// the line. The reference's browser sends those quantities in fields its
// servlet does not read, so its refresh changes nothing; dbgauge does what
// its browser meant, and reads the cart's lines first (SELECT scl_i_id,
// scl_qty ... ORDER BY scl_i_id), which the browser had from the page.
func (u *user) shoppingCart(ctx context.Context) error {
	add := u.from == txProductDetail && u.item != 0
	refresh := u.from == txShoppingCart && u.cart != 0
	random := u.randomItem()
	now := u.in.now()
	if err := u.t.Begin(ctx); err != nil {
		return err
	}
	cart := u.cart
	if cart == 0 {
		var err error
		if cart, err = u.t.Insert(ctx, opCartCreate, now); err != nil {
			return err
		}
	}
	if add {
		if err := u.addItem(ctx, cart, u.item); err != nil {
			return err
		}
	}
	if refresh {
		if err := u.refreshCart(ctx, cart); err != nil {
			return err
		}
	}
	if _, err := u.t.Row(ctx, opCartCount, u.s.dest.n, cart); err != nil {
		return err
	}
	if u.s.n == 0 {
		n, err := u.t.Row(ctx, opRelated1, u.s.dest.id, random)
		if err == nil && n == 0 {
			err = &missingError{what: fmt.Sprintf("item %d", random)}
		}
		if err == nil {
			err = u.addItem(ctx, cart, u.s.id)
		}
		if err != nil {
			return err
		}
	}
	if _, err := u.t.Exec(ctx, opCartTouch, now, cart); err != nil {
		return err
	}
	if _, err := u.t.Query(ctx, opCart, cart); err != nil {
		return err
	}
	if err := u.promo(ctx, false); err != nil {
		return err
	}
	if err := u.t.Commit(ctx); err != nil {
		return err
	}
	u.cart = cart
	return nil
}

// addItem is TPCW_Database.addItem: one more of item in the cart.
func (u *user) addItem(ctx context.Context, cart, item int64) error {
	n, err := u.t.Row(ctx, opCartLineQty, u.s.dest.n, cart, item)
	if err != nil {
		return err
	}
	if n > 0 {
		_, err = u.t.Exec(ctx, opCartLineUpdate, u.s.n+1, cart, item)
	} else {
		_, err = u.t.Exec(ctx, opCartLineInsert, cart, int64(1), item)
	}
	return err
}

// refreshCart changes the quantities of random lines of the cart, as
// EBWShopCartRefTrans chooses them, with refreshCart's statements.
func (u *user) refreshCart(ctx context.Context, cart int64) error {
	lines := u.s.lines[:0]
	_, err := u.t.Rows(ctx, opCartLines, u.s.dest.cartLines, func(int) error {
		lines = append(lines, cartLine{item: u.s.id, qty: u.s.qty})
		return nil
	}, cart)
	u.s.lines = lines
	if err != nil || len(lines) == 0 {
		return err
	}
	changed := 1
	if len(lines) == 1 {
		lines[0].refresh = u.r.Uniform(1, 10)
	} else {
		// A random number of lines, in a random order (a partial shuffle).
		changed = int(u.r.Uniform(1, int64(len(lines))))
		for i := 0; i < changed; i++ {
			j := i + u.r.IntN(len(lines)-i)
			lines[i], lines[j] = lines[j], lines[i]
			q := u.r.Uniform(0, 8)
			if q >= lines[i].qty {
				q++
			}
			lines[i].refresh = q
		}
	}
	for _, l := range lines[:changed] {
		if q := l.refresh; q == 0 {
			_, err = u.t.Exec(ctx, opCartLineDelete, cart, l.item)
		} else {
			_, err = u.t.Exec(ctx, opCartLineUpdate, q, cart, l.item)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
