package workload

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/randgen"
)

// WaitKind is the distribution of a think, keying or pause time.
type WaitKind uint8

// Wait distributions.
const (
	NoWait WaitKind = iota
	Fixed
	Uniform
	NegExp
)

// Wait is a think or keying time distribution: none, fixed, uniform between
// Min and Max, or negative-exponential with a Mean, truncated at Cap.
type Wait struct {
	Kind     WaitKind
	Mean     time.Duration // Fixed and NegExp
	Min, Max time.Duration // Uniform
	Cap      time.Duration // NegExp: no draw is longer (0: 10 x Mean)
}

// capFactor bounds a negative-exponential draw at ten times its mean, the
// maximum TPC-C (clause 5.2.5.4) and TPC-W (70 s for a 7 s mean) allow for.
const capFactor = 10

// FixedWait, UniformWait and NegExpWait build the distributions.
func FixedWait(d time.Duration) Wait { return Wait{Kind: Fixed, Mean: d} }

// UniformWait is uniform in [lo, hi].
func UniformWait(lo, hi time.Duration) Wait { return Wait{Kind: Uniform, Min: lo, Max: hi} }

// NegExpWait is -ln(r) x mean with r uniform in (0, 1], truncated at
// limit (0: ten times the mean).
func NegExpWait(mean, limit time.Duration) Wait { return Wait{Kind: NegExp, Mean: mean, Cap: limit} }

// IsZero reports whether w never waits.
func (w Wait) IsZero() bool {
	switch w.Kind {
	case Fixed, NegExp:
		return w.Mean <= 0
	case Uniform:
		return w.Max <= 0
	}
	return true
}

// Draw returns one wait drawn from r.
func (w Wait) Draw(r *randgen.Rand) time.Duration {
	switch w.Kind {
	case Fixed:
		return w.Mean
	case Uniform:
		if w.Max <= w.Min {
			return w.Min
		}
		return w.Min + time.Duration(r.Uniform(0, int64(w.Max-w.Min)))
	case NegExp:
		limit := w.Cap
		if limit <= 0 {
			limit = capFactor * w.Mean
		}
		d := time.Duration(-math.Log(1-r.Float64()) * float64(w.Mean))
		return min(d, limit)
	}
	return 0
}

// String writes w as ParseWait reads it.
func (w Wait) String() string {
	switch w.Kind {
	case Fixed:
		return "fixed:" + w.Mean.String()
	case Uniform:
		return "uniform:" + w.Min.String() + ".." + w.Max.String()
	case NegExp:
		s := "exp:" + w.Mean.String()
		if w.Cap > 0 {
			s += ",cap=" + w.Cap.String()
		}
		return s
	}
	return "0"
}

// ParseWait reads a wait distribution:
//
//	0, none          no wait
//	2s, fixed:2s     always 2 s
//	uniform:1s..3s   uniform between 1 and 3 s
//	exp:7s           negative-exponential, mean 7 s, at most 70 s
//	exp:7s,cap=20s   the same, at most 20 s
func ParseWait(s string) (Wait, error) {
	s = strings.TrimSpace(s)
	kind, arg, hasKind := strings.Cut(s, ":")
	if !hasKind {
		kind, arg = "fixed", s
	}
	dur := func(what, v string) (time.Duration, error) {
		v = strings.TrimSpace(v)
		if v == "0" {
			return 0, nil
		}
		d, err := time.ParseDuration(v)
		if err != nil {
			return 0, fmt.Errorf("%s %q is not a duration (e.g. 500ms, 7s)", what, v)
		}
		if d < 0 {
			return 0, fmt.Errorf("%s must not be negative, got %s", what, v)
		}
		return d, nil
	}
	switch strings.ToLower(kind) {
	case "none", "off":
		if arg == "" || arg == "none" || arg == "off" {
			return Wait{}, nil
		}
	case "fixed":
		if arg == "none" || arg == "off" {
			return Wait{}, nil
		}
		d, err := dur("the wait", arg)
		if err != nil || d == 0 {
			return Wait{}, err
		}
		return FixedWait(d), nil
	case "uniform":
		lo, hi, ok := strings.Cut(arg, "..")
		if !ok {
			return Wait{}, fmt.Errorf("uniform wants MIN..MAX, e.g. uniform:1s..3s, got %q", arg)
		}
		a, err := dur("the minimum", lo)
		if err != nil {
			return Wait{}, err
		}
		b, err := dur("the maximum", hi)
		if err != nil {
			return Wait{}, err
		}
		if b < a {
			return Wait{}, fmt.Errorf("uniform: the maximum %s is below the minimum %s", b, a)
		}
		return UniformWait(a, b), nil
	case "exp", "negexp":
		mean, rest, _ := strings.Cut(arg, ",")
		m, err := dur("the mean", mean)
		if err != nil {
			return Wait{}, err
		}
		w := NegExpWait(m, 0)
		if rest != "" {
			k, v, ok := strings.Cut(rest, "=")
			if !ok || strings.TrimSpace(k) != "cap" {
				return Wait{}, fmt.Errorf("exp takes only cap=DURATION after its mean, got %q", rest)
			}
			if w.Cap, err = dur("the cap", v); err != nil {
				return Wait{}, err
			}
		}
		return w, nil
	}
	return Wait{}, fmt.Errorf("%q is not a wait: give 0, a duration (2s), uniform:1s..3s or exp:7s[,cap=70s]", s)
}

// MeanOf is the expected value of w, for reports.
func (w Wait) MeanOf() time.Duration {
	switch w.Kind {
	case Fixed:
		return w.Mean
	case Uniform:
		return (w.Min + w.Max) / 2
	case NegExp:
		limit := w.Cap
		if limit <= 0 {
			limit = capFactor * w.Mean
		}
		// E[min(X, c)] for X exponential with mean m: m(1 - e^(-c/m)).
		if w.Mean <= 0 {
			return 0
		}
		return time.Duration(float64(w.Mean) * (1 - math.Exp(-float64(limit)/float64(w.Mean))))
	}
	return 0
}
