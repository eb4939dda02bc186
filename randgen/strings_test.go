package randgen

import (
	"strings"
	"testing"
)

// sysbench's c and pad column templates.
const (
	cTemplate   = "###########-###########-###########-###########-###########-###########-###########-###########-###########-###########"
	padTemplate = "###########-###########-###########-###########-###########"
)

func TestFillTemplateShape(t *testing.T) {
	r := New(13)
	for _, tmpl := range []string{
		"", "#", "@", "x", "###", "@@@", "abc-###-@@@", "#@#@#@#@#", "a#b@c.#?@ \t",
		"ŝ#ŝ@", // multi-byte characters are copied byte by byte
		cTemplate, padTemplate,
	} {
		for range 200 {
			got := r.Template(tmpl)
			if len(got) != len(tmpl) {
				t.Fatalf("Template(%q) = %q: length %d, want %d", tmpl, got, len(got), len(tmpl))
			}
			for i := 0; i < len(tmpl); i++ {
				c, g := tmpl[i], got[i]
				switch {
				case c == '#' && (g < '0' || g > '9'):
					t.Fatalf("Template(%q) = %q: byte %d is %q, want a digit", tmpl, got, i, g)
				case c == '@' && (g < 'a' || g > 'z'):
					t.Fatalf("Template(%q) = %q: byte %d is %q, want a lowercase letter", tmpl, got, i, g)
				case c != '#' && c != '@' && g != c:
					t.Fatalf("Template(%q) = %q: byte %d is %q, want it copied as %q", tmpl, got, i, g, c)
				}
			}
		}
	}
}

func TestFillTemplateMatchesTemplate(t *testing.T) {
	a, b := New(14), New(14)
	dst := make([]byte, len(cTemplate))
	for range 100 {
		a.FillTemplate(dst, cTemplate)
		if s := b.Template(cTemplate); string(dst) != s {
			t.Fatalf("FillTemplate wrote %q, Template returned %q from the same stream", dst, s)
		}
	}
}

func TestFillTemplateWritesOnlyTemplateLength(t *testing.T) {
	dst := []byte(strings.Repeat("Z", 10))
	New(15).FillTemplate(dst, "#@#")
	if string(dst[3:]) != strings.Repeat("Z", 7) {
		t.Fatalf("FillTemplate wrote past the template: %q", dst)
	}
}

func TestFillTemplateDeterministic(t *testing.T) {
	a, b, c := New(16, 1), New(16, 1), New(16, 2)
	differ := false
	for range 100 {
		x, y, z := a.Template(padTemplate), b.Template(padTemplate), c.Template(padTemplate)
		if x != y {
			t.Fatalf("same stream, different strings: %q vs %q", x, y)
		}
		differ = differ || x != z
	}
	if !differ {
		t.Fatal("streams 1 and 2 produced the same 100 strings")
	}
}

func TestFillTemplateSymbolFrequencies(t *testing.T) {
	// Each position of an 8-symbol template uses a different 16-bit lane of
	// the 64-bit draws, so check the frequencies per position as well as in
	// total.
	for _, tc := range []struct {
		mark    byte
		base    byte
		symbols int
	}{{'#', '0', 10}, {'@', 'a', 26}} {
		const width, rounds = 8, 100000
		tmpl := strings.Repeat(string(tc.mark), width)
		total := make([]int, tc.symbols)
		perPos := make([][]int, width)
		for i := range perPos {
			perPos[i] = make([]int, tc.symbols)
		}
		r := New(17, uint64(tc.mark))
		dst := make([]byte, width)
		for range rounds {
			r.FillTemplate(dst, tmpl)
			for i, c := range dst {
				total[c-tc.base]++
				perPos[i][c-tc.base]++
			}
		}
		crit := chiSquareCritical(tc.symbols - 1)
		if chi2 := chiSquareUniform(total); chi2 > crit {
			t.Errorf("%q: symbol counts %v, chi-square %.1f above %.1f", tc.mark, total, chi2, crit)
		}
		for i, counts := range perPos {
			if chi2 := chiSquareUniform(counts); chi2 > crit {
				t.Errorf("%q position %d: chi-square %.1f above %.1f", tc.mark, i, chi2, crit)
			}
		}
		for i, c := range total {
			if c == 0 {
				t.Errorf("%q: symbol %q never drawn", tc.mark, tc.base+byte(i))
			}
		}
	}
}

func TestFillTemplateAdjacentDigitsIndependent(t *testing.T) {
	// Neighbouring digits share a 64-bit draw; the 100 possible pairs must
	// still be equally frequent.
	const rounds = 100000
	tmpl := strings.Repeat("#", 9) // pairs straddle draws too (4 digits a draw)
	pairs := make([]int, 100)
	r := New(18)
	dst := make([]byte, len(tmpl))
	for range rounds {
		r.FillTemplate(dst, tmpl)
		for i := 1; i < len(dst); i++ {
			pairs[int(dst[i-1]-'0')*10+int(dst[i]-'0')]++
		}
	}
	if chi2, crit := chiSquareUniform(pairs), chiSquareCritical(99); chi2 > crit {
		t.Errorf("adjacent digit pairs: chi-square %.1f above %.1f", chi2, crit)
	}
}

// Template is called for every c and pad value a write transaction sends:
// one allocation each, and the strings it returned stay as they were.
func TestTemplateOneAllocation(t *testing.T) {
	r := New(16)
	if n := testing.AllocsPerRun(100, func() { _ = r.Template(cTemplate) }); n != 1 {
		t.Fatalf("Template allocates %v times per call, want 1", n)
	}
	first := r.Template(cTemplate)
	keep := strings.Clone(first)
	for range 100 {
		_ = r.Template(cTemplate)
	}
	if first != keep {
		t.Fatalf("a returned string changed after later calls: %q, was %q", first, keep)
	}
}

// TestChars: lengths within lo..hi, only the alphabet's characters, every
// one of them drawn, and the same string from the same stream.
func TestChars(t *testing.T) {
	t.Parallel()
	r, again := New(7, 1), New(7, 1)
	seen := map[byte]bool{}
	for range 2000 {
		s := r.Chars(3, 9, Alnum)
		if len(s) < 3 || len(s) > 9 {
			t.Fatalf("length %d outside 3..9", len(s))
		}
		for i := range len(s) {
			if !strings.ContainsRune(Alnum, rune(s[i])) {
				t.Fatalf("%q has a character outside the alphabet", s)
			}
			seen[s[i]] = true
		}
		if s2 := again.Chars(3, 9, Alnum); s2 != s {
			t.Fatalf("the same stream gave %q then %q", s, s2)
		}
	}
	if len(seen) != len(Alnum) {
		t.Errorf("%d of %d characters drawn", len(seen), len(Alnum))
	}
}
