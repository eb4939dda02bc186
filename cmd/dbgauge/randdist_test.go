package main

import (
	"bufio"
	"cmp"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/testenv"
)

// randRanges are the ranges rand_histogram.lua draws over: tiny ones where
// every value shows, one away from 1 (sysbench's special works with b-a),
// and large ones counted in buckets.
const randRanges = "1:4,1:10,1000:1099,1:10000,1:1000000"

// randDraws is the number of draws per function and range.
const randDraws = 100000

// randCase is one run of rand_histogram.lua: the --rand-* options, the
// sysbench.rand functions it draws with, and the special functions among
// them whose hot window is compared, on which ranges.
type randCase struct {
	name    string
	opts    []string
	fns     []string
	special map[string]bool // fns that draw sysbench's special distribution
	windows []string        // ranges where the window stands out of the gaussian part
}

// randCases run every --rand-type through sysbench.rand.default and the
// named functions with other parameters. The window ranges are those where
// the window's values hold at least 8 times the draws of the gaussian part
// around them and its edge values (partly hit, see randgen's special) at
// least a quarter of a full value's draws, so that a value is in the window
// when it holds an eighth of the most drawn value's count.
var randCases = []randCase{
	{name: "defaults", fns: []string{"default"},
		special: map[string]bool{"default": true}, windows: []string{"1000:1099", "1:10000"}},
	{name: "uniform-type-spec-2-80-iter-2-pareto-0.45",
		opts: []string{"--rand-type=uniform", "--rand-spec-pct=2", "--rand-spec-res=80", "--rand-spec-iter=2", "--rand-pareto-h=0.45"},
		fns:  []string{"default", "special", "gaussian", "pareto"}, special: map[string]bool{"special": true},
		windows: []string{"1000:1099", "1:10000"}},
	{name: "special-pct-0-res-90-iter-1",
		opts: []string{"--rand-type=special", "--rand-spec-pct=0", "--rand-spec-res=90", "--rand-spec-iter=1"},
		fns:  []string{"default"}, special: map[string]bool{"default": true},
		windows: strings.Split(randRanges, ",")},
	{name: "special-pct-5-res-90",
		opts: []string{"--rand-type=special", "--rand-spec-pct=5", "--rand-spec-res=90"},
		fns:  []string{"default"}, special: map[string]bool{"default": true}, windows: []string{"1000:1099", "1:10000"}},
	{name: "special-pct-20-res-10-iter-30",
		opts: []string{"--rand-type=special", "--rand-spec-pct=20", "--rand-spec-res=10", "--rand-spec-iter=30"},
		fns:  []string{"default"}},
	{name: "gaussian-type", opts: []string{"--rand-type=gaussian"}, fns: []string{"default"}},
	{name: "pareto-type", opts: []string{"--rand-type=pareto"}, fns: []string{"default"}},
}

// TestRandDistMatchesSysbench runs rand_histogram.lua, which draws 100,000
// values per sysbench.rand function and range and needs no database, with
// sysbench 1.0.20 and with the dbgauge binary, over every --rand-type
// sysbench 1.0.20 has and several --rand-spec-*, --rand-spec-iter and
// --rand-pareto-h values. For each histogram the two must agree by a
// chi-square test of homogeneity (p > 0.001; values one by one up to
// 10,000, then 1,000 buckets; sparse buckets merged), and where the special
// distribution's hot window stands out, its lowest and highest values must
// be the same for both and equal to randgen.SpecialWindow. The seeds are
// fixed, so a pass or a failure is repeatable. Zipfian, which sysbench
// 1.0.20 lacks, is TestRandZipfianMatchesPMF.
func TestRandDistMatchesSysbench(t *testing.T) {
	if _, err := exec.LookPath("sysbench"); err != nil {
		testenv.Missing(t, "sysbench is not on PATH; apt-get install sysbench (scripts/test does)")
	}
	script := testScript(t, "rand_histogram.lua")
	for _, c := range randCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			fns := strings.Join(c.fns, ",")
			sbFile, dgFile := filepath.Join(dir, "sysbench.txt"), filepath.Join(dir, "dbgauge.txt")
			sb := exec.Command("sysbench", append([]string{script, "--threads=1", "--events=1", "--time=0",
				"--rand-seed=20", "--fns=" + fns, "--ranges=" + randRanges, "--draws=" + strconv.Itoa(randDraws),
				"--histfile=" + sbFile}, append(c.opts, "run")...)...)
			sb.Dir = dir
			if out, err := sb.CombinedOutput(); err != nil {
				t.Fatalf("sysbench: %v\n%s", err, out)
			}
			bySysbench := readHistograms(t, sbFile)
			byDbgauge := runHistograms(t, dir, script, fns, dgFile, c.opts)
			for _, fn := range c.fns {
				for _, rg := range strings.Split(randRanges, ",") {
					key := fn + " " + rg
					s, d := bySysbench[key], byDbgauge[key]
					checkDraws(t, key, s)
					checkDraws(t, key, d)
					chi2, df, p := homogeneity(s, d)
					t.Logf("%s: chi-square %.1f, %d df, p = %.3g", key, chi2, df, p)
					if p <= 0.001 {
						t.Errorf("%s: dbgauge's histogram differs from sysbench's: chi-square %.1f, %d df, p = %.3g\n%s",
							key, chi2, df, p, histDiff(s, d))
					}
					if c.special[fn] && slices.Contains(c.windows, rg) {
						checkWindow(t, key, c.opts, s, d)
					}
				}
			}
		})
	}
}

// TestRandZipfianMatchesPMF runs rand_histogram.lua through the dbgauge
// binary with --rand-type=zipfian (sysbench.rand.default) and with
// sysbench.rand.zipfian at another --rand-zipfian-exp, and tests each
// histogram against Zipf's law over the range, P(k) ∝ k^-exp for the k-th
// value: the distribution sysbench 1.1's rejection-inversion sampler draws
// exactly (sysbench 1.0.20, which the suite installs, has no zipfian).
func TestRandZipfianMatchesPMF(t *testing.T) {
	script := testScript(t, "rand_histogram.lua")
	for _, c := range []struct {
		exp  float64
		opts []string
		fn   string
	}{
		{0.8, []string{"--rand-type=zipfian"}, "default"},
		{1.5, []string{"--rand-zipfian-exp=1.5"}, "zipfian"},
	} {
		t.Run(fmt.Sprint(c.fn, "-", c.exp), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			got := runHistograms(t, dir, script, c.fn, filepath.Join(dir, "dbgauge.txt"), c.opts)
			for _, rg := range strings.Split(randRanges, ",") {
				key := c.fn + " " + rg
				h := got[key]
				checkDraws(t, key, h)
				norm := 0.0
				for k := h.b - h.a + 1; k >= 1; k-- { // smallest terms first
					norm += math.Pow(float64(k), -c.exp)
				}
				chi2, df, p := goodnessOfFit(h, func(v int64) float64 { return math.Pow(float64(v-h.a+1), -c.exp) / norm })
				t.Logf("%s: chi-square %.1f, %d df, p = %.3g", key, chi2, df, p)
				if p <= 0.001 {
					t.Errorf("%s exp %g: not Zipf's law: chi-square %.1f, %d df, p = %.3g", key, c.exp, chi2, df, p)
				}
			}
		})
	}
}

// runHistograms runs rand_histogram.lua with the dbgauge binary (an
// SQLite target the script never connects to) and reads its histograms.
func runHistograms(t *testing.T, dir, script, fns, file string, opts []string) map[string]drawHist {
	t.Helper()
	args := append([]string{"run", script, "--db", "sqlite:" + filepath.Join(dir, "unused.db"),
		"--threads", "1", "--events", "1", "--time", "0", "--seed", "20", "--no-monitor", "--results-dir", dir,
		"--fns", fns, "--ranges", randRanges, "--draws", strconv.Itoa(randDraws), "--histfile", file}, opts...)
	if o := dbgauge(t, dir, args...); o.code != 0 {
		t.Fatalf("dbgauge: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	return readHistograms(t, file)
}

// readHistograms reads rand_histogram.lua's "fn a b value count" lines,
// by "fn a:b".
func readHistograms(t *testing.T, path string) map[string]drawHist {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]drawHist{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var fn string
		var a, b, v, c int64
		if _, err := fmt.Sscanf(sc.Text(), "%s %d %d %d %d", &fn, &a, &b, &v, &c); err != nil {
			t.Fatalf("%s: %q: %v", path, sc.Text(), err)
		}
		key := fmt.Sprintf("%s %d:%d", fn, a, b)
		h, ok := out[key]
		if !ok {
			h = drawHist{a: a, b: b, counts: map[int64]int64{}}
		}
		if v < a || v > b {
			t.Errorf("%s: drew %d, out of [%d, %d]", key, v, a, b)
		}
		h.counts[v] += c
		h.n += c
		out[key] = h
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkDraws fails the test unless h holds every draw.
func checkDraws(t *testing.T, key string, h drawHist) {
	t.Helper()
	if h.n != randDraws {
		t.Fatalf("%s: %d draws, want %d", key, h.n, randDraws)
	}
}

// hotWindow is the lowest and highest value holding at least an eighth of
// the most drawn value's count.
func hotWindow(h drawHist) (lo, hi int64) {
	top := int64(0)
	for _, c := range h.counts {
		top = max(top, c)
	}
	lo, hi = h.b+1, h.a-1
	for v, c := range h.counts {
		if 8*c >= top {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// checkWindow compares the hot windows of sysbench's and dbgauge's special
// histograms with each other and with randgen.SpecialWindow.
func checkWindow(t *testing.T, key string, opts []string, s, d drawHist) {
	t.Helper()
	p := randgen.DefaultParams
	for _, o := range opts {
		name, val, _ := strings.Cut(strings.TrimPrefix(o, "--"), "=")
		n, _ := strconv.Atoi(val)
		switch name {
		case "rand-spec-pct":
			p.SpecPct = n
		case "rand-spec-res":
			p.SpecRes = n
		}
	}
	wlo, whi := randgen.SpecialWindow(p, s.a, s.b)
	slo, shi := hotWindow(s)
	dlo, dhi := hotWindow(d)
	t.Logf("%s: special window %d..%d (%d values): sysbench %d..%d, dbgauge %d..%d", key, wlo, whi, whi-wlo+1, slo, shi, dlo, dhi)
	if slo != dlo || shi != dhi || slo != wlo || shi != whi {
		t.Errorf("%s: special window: sysbench %d..%d, dbgauge %d..%d, sysbench 1.0.20's formula %d..%d",
			key, slo, shi, dlo, dhi, wlo, whi)
	}
}

// histDiff shows the values whose counts differ most between s and d.
func histDiff(s, d drawHist) string {
	type row struct {
		v, s, d int64
		z       float64
	}
	var rows []row
	seen := map[int64]bool{}
	for _, m := range []map[int64]int64{s.counts, d.counts} {
		for v := range m {
			if !seen[v] {
				seen[v] = true
				cs, cd := s.counts[v], d.counts[v]
				rows = append(rows, row{v, cs, cd, math.Abs(float64(cs-cd)) / math.Sqrt(float64(cs+cd))})
			}
		}
	}
	slices.SortFunc(rows, func(x, y row) int { return cmp.Compare(y.z, x.z) })
	var sb strings.Builder
	sb.WriteString("value  sysbench  dbgauge\n")
	for _, r := range rows[:min(len(rows), 10)] {
		fmt.Fprintf(&sb, "%d  %d  %d\n", r.v, r.s, r.d)
	}
	return sb.String()
}
