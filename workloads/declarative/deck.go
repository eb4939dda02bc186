package declarative

import "github.com/dbgauge/dbgauge/randgen"

// deck deals transaction types in the proportions of their weights: each
// round is a shuffled deck with weight/g cards of each type (g the
// weights' greatest common divisor), so that any stretch of a round's
// length keeps the mix.
type deck struct {
	cards []int
	next  int
}

func newDeck(weights []int) *deck {
	g := 0
	for _, w := range weights {
		g = gcd(g, w)
	}
	d := &deck{}
	for t, w := range weights {
		for range w / max(g, 1) {
			d.cards = append(d.cards, t)
		}
	}
	d.next = len(d.cards)
	return d
}

// deal returns the next card, shuffling a new round when one ends.
func (d *deck) deal(r *randgen.Rand) int {
	if len(d.cards) == 0 {
		return 0
	}
	if d.next == len(d.cards) {
		for i := len(d.cards) - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			d.cards[i], d.cards[j] = d.cards[j], d.cards[i]
		}
		d.next = 0
	}
	d.next++
	return d.cards[d.next-1]
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
