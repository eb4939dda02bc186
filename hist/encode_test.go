package hist

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"io"
	"math/rand/v2"
	"testing"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// inner is what a V2 encoding holds before compression: its header and
// counts.
func inner(t *testing.T, encoded []byte) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(string(encoded))
	if err != nil || len(b) < 8 {
		t.Fatalf("not base64 V2: %v", err)
	}
	z, err := zlib.NewReader(bytes.NewReader(b[8:]))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// Encode writes, before compression, the bytes the library writes, and
// the library reads them back to the same buckets: for empty histograms,
// one value, values in every octave (each bucket's lowest and highest
// values), lone and long runs of empty buckets, counts past every varint
// width (up to the 9-byte form) and random latencies with long tails.
func TestEncodeMatchesLibrary(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 8))
	var cases []*hdr.PackedHistogram
	add := func(f func(h *hdr.PackedHistogram)) {
		h := New()
		f(h)
		cases = append(cases, h)
	}
	add(func(h *hdr.PackedHistogram) {})
	add(func(h *hdr.PackedHistogram) { _ = h.RecordValue(Lowest) })
	add(func(h *hdr.PackedHistogram) { _ = h.RecordValue(Highest) })
	add(func(h *hdr.PackedHistogram) { _ = h.RecordValues(2047, 3); _ = h.RecordValues(2049, 1<<40) })
	add(func(h *hdr.PackedHistogram) { _ = h.RecordValues(5, 1<<56); _ = h.RecordValues(7, 1<<62) })
	add(func(h *hdr.PackedHistogram) {
		for v := Lowest; v < Highest; v += bucketWidth(v) * int64(1+r.IntN(3)) {
			_ = h.RecordValues(v, int64(1+r.IntN(300)))
			_ = h.RecordValue(v + bucketWidth(v) - 1)
		}
	})
	for range 200 {
		add(func(h *hdr.PackedHistogram) {
			for range r.IntN(5000) {
				_ = h.RecordValues(int64(float64(1+r.IntN(100_000))*(1+r.ExpFloat64()*r.ExpFloat64())), int64(1+r.IntN(3)))
			}
		})
	}
	for i, h := range cases {
		ours, err := Encode(h)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := h.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if a, b := inner(t, ours), inner(t, theirs); !bytes.Equal(a, b) {
			t.Fatalf("case %d (%d buckets): uncompressed encodings differ: %d bytes against the library's %d", i, h.Populated(), len(a), len(b))
		}
		back, err := Decode(ours)
		if err != nil {
			t.Fatalf("case %d: the library does not read it: %v", i, err)
		}
		if back.TotalCount() != h.TotalCount() || back.Populated() != h.Populated() || back.Max() != h.Max() || back.Min() != h.Min() {
			t.Fatalf("case %d: read back %d values in %d buckets, wrote %d in %d", i, back.TotalCount(), back.Populated(), h.TotalCount(), h.Populated())
		}
	}
}

// A histogram of another geometry is the library's to write.
func TestEncodeOtherGeometry(t *testing.T) {
	t.Parallel()
	h := hdr.NewPacked(1000, 1_000_000, 2)
	_ = h.RecordValue(5000)
	ours, _ := Encode(h)
	theirs, _ := h.Encode()
	if !bytes.Equal(ours, theirs) {
		t.Fatal("another geometry was not written by the library")
	}
}

// BenchmarkEncode is a whole-run statement's histogram of 6,400 buckets.
func BenchmarkEncode(b *testing.B) {
	h := New()
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		_ = h.RecordValue(int64(200_000 * (1 + 10*r.ExpFloat64())))
	}
	for name, enc := range map[string]func(*hdr.PackedHistogram) ([]byte, error){"dbgauge": Encode, "library": (*hdr.PackedHistogram).Encode} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = enc(h)
			}
		})
	}
}
