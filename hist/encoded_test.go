package hist

import (
	"math/rand/v2"
	"testing"
)

// TestEncoded: merging encodings gives, bucket by bucket, the histogram
// of every value recorded; its digest reads that histogram; empty and
// broken encodings are told apart.
func TestEncoded(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a, b, whole := New(), New(), New()
	for i := range 5000 {
		v := rng.Int64N(int64(Highest)/1000) + 1
		whole.RecordValue(v)
		if i%3 == 0 {
			a.RecordValue(v)
		} else {
			b.RecordValue(v)
		}
	}
	ea, _ := Encode(a)
	eb, _ := Encode(b)
	var e Encoded
	merged, err := e.Merge(nil, ea, nil, eb)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(merged)
	if err != nil {
		t.Fatal(err)
	}
	sameHist(t, "merged", got, whole)
	pcts := []float64{50, 99, 99.9}
	n, vals, sd, err := e.Digest(merged, pcts)
	if err != nil || n != 5000 {
		t.Fatalf("digest: %d values, %v", n, err)
	}
	for i, p := range pcts {
		if vals[i] != Percentile(whole, p) {
			t.Errorf("p%g = %g, want %g", p, vals[i], Percentile(whole, p))
		}
	}
	if sd != whole.StdDev()/1e6 {
		t.Errorf("stddev %g, want %g", sd, whole.StdDev()/1e6)
	}
	if m, err := e.Merge(nil, nil); m != nil || err != nil {
		t.Errorf("merge of nothing: %v, %v", m, err)
	}
	if n, vals, _, err := e.Digest(nil, pcts); n != 0 || len(vals) != 3 || err != nil {
		t.Errorf("digest of nothing: %d %v %v", n, vals, err)
	}
	if _, err := e.Merge(ea, []byte("garbage")); err == nil {
		t.Error("a broken encoding merged")
	}
	if _, _, _, err := e.Digest([]byte{0, 1}, pcts); err == nil {
		t.Error("a broken encoding digested")
	}
}
