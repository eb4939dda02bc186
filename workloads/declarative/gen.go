package declarative

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/dbgauge/dbgauge/yamlfile"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// gen draws one value: an int64, float64, string, bool, time.Time or nil.
// Generators are built once per configured workload and shared by its
// users and loaders: none changes state but sequence's atomic counter.
type gen interface {
	next(c *genCtx) any
}

// genCtx is what a draw may use: the stream, and in a load the row's
// index in its table (from 0).
type genCtx struct {
	r    *randgen.Rand
	row  int64
	load bool
}

type genFunc func(c *genCtx) any

func (f genFunc) next(c *genCtx) any { return f(c) }

// genNames lists the generators for messages.
var genNames = []string{"uniform", "gaussian", "special", "pareto", "zipfian", "latest", "hotspot", "nurand",
	"float", "bool", "string", "random_string", "choice", "sequence", "now", "value", "null"}

// genBuilder compiles generators with the option values and the run's
// shard, recording problems.
type genBuilder struct {
	errs  *Errors
	vals  map[string]string
	shard workload.Shard
}

// build compiles a generator node: a mapping of one generator name to its
// arguments, or a constant.
func (b *genBuilder) build(n *yaml.Node, what string) gen {
	if n.Kind == yaml.ScalarNode {
		v := b.constant(n)
		return genFunc(func(*genCtx) any { return v })
	}
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		b.errs.add(n.Line, "%s: a generator is one of {%s: ...}, or a constant", what, strings.Join(genNames, ": ...}, {"))
		return nil
	}
	k, v := n.Content[0], n.Content[1]
	switch k.Value {
	case "uniform", "gaussian", "special", "pareto":
		lo, hi, ok := b.bounds(v, k.Value)
		if !ok {
			return nil
		}
		p := randgen.DefaultParams
		p.Kind = randgen.Kind(k.Value)
		d, err := randgen.NewDist(p, lo, hi)
		if err != nil {
			b.errs.add(v.Line, "%s: %v", k.Value, err)
			return nil
		}
		return genFunc(func(c *genCtx) any { return d.Next(c.r) })
	case "zipfian":
		args := b.args(v, k.Value, []string{"min", "max"}, map[string]string{"theta": "0.99", "scrambled": "false"})
		if args == nil {
			return nil
		}
		lo, hi, ok := b.int(args["min"]), b.int(args["max"]), true
		theta := b.float(args["theta"])
		if lo == nil || hi == nil || theta == nil {
			return nil
		}
		if *hi < *lo {
			b.errs.add(v.Line, "zipfian: max %d is below min %d", *hi, *lo)
			return nil
		}
		if b.bool(args["scrambled"]) {
			z, err := randgen.NewScrambledZipfian(*lo, *hi)
			if err != nil {
				b.errs.add(v.Line, "zipfian: %v", err)
				return nil
			}
			return genFunc(func(c *genCtx) any { return z.Next(c.r) })
		}
		if !(*theta >= 0 && *theta < 1) {
			b.errs.add(args["theta"].Line, "zipfian: theta must be at least 0 and below 1, got %g", *theta)
			ok = false
		}
		if !ok {
			return nil
		}
		z, err := randgen.NewYCSBZipfian(*lo, *hi, *theta)
		if err != nil {
			b.errs.add(v.Line, "zipfian: %v", err)
			return nil
		}
		return genFunc(func(c *genCtx) any { return z.Next(c.r) })
	case "latest":
		lo, hi, ok := b.bounds(v, k.Value)
		if !ok {
			return nil
		}
		n := hi - lo + 1
		l := randgen.NewLatest(func() int64 { return n })
		return genFunc(func(c *genCtx) any { return lo + l.Next(c.r) })
	case "hotspot":
		args := b.args(v, k.Value, []string{"min", "max"}, map[string]string{"hot_set": "0.2", "hot_ops": "0.8"})
		if args == nil {
			return nil
		}
		lo, hi, set, ops := b.int(args["min"]), b.int(args["max"]), b.float(args["hot_set"]), b.float(args["hot_ops"])
		if lo == nil || hi == nil || set == nil || ops == nil {
			return nil
		}
		if *hi < *lo || *set < 0 || *set > 1 || *ops < 0 || *ops > 1 {
			b.errs.add(v.Line, "hotspot: wants min <= max and hot_set, hot_ops between 0 and 1")
			return nil
		}
		h, err := randgen.NewHotspot(*lo, *hi, *set, *ops)
		if err != nil {
			b.errs.add(v.Line, "hotspot: %v", err)
			return nil
		}
		return genFunc(func(c *genCtx) any { return h.Next(c.r) })
	case "nurand":
		args := b.args(v, k.Value, []string{"a", "x", "y"}, map[string]string{"c": "0"})
		if args == nil {
			return nil
		}
		a, x, y, cc := b.int(args["a"]), b.int(args["x"]), b.int(args["y"]), b.int(args["c"])
		if a == nil || x == nil || y == nil || cc == nil {
			return nil
		}
		if *a < 0 || *y < *x || *cc < 0 || *cc > *a {
			b.errs.add(v.Line, "nurand: wants a >= 0, x <= y and c in [0, a]")
			return nil
		}
		nu := randgen.NURand{A: *a, X: *x, Y: *y, C: *cc}
		return genFunc(func(c *genCtx) any { return nu.Next(c.r) })
	case "float":
		args := b.args(v, k.Value, []string{"min", "max"}, map[string]string{"decimals": "2"})
		if args == nil {
			return nil
		}
		lo, hi, dec := b.float(args["min"]), b.float(args["max"]), b.int(args["decimals"])
		if lo == nil || hi == nil || dec == nil {
			return nil
		}
		if *hi < *lo || *dec < 0 || *dec > 15 {
			b.errs.add(v.Line, "float: wants min <= max and 0 to 15 decimals")
			return nil
		}
		scale := math.Pow(10, float64(*dec))
		a, w := *lo, *hi-*lo
		return genFunc(func(c *genCtx) any { return math.Round((a+c.r.Float64()*w)*scale) / scale })
	case "bool":
		p := b.float(v)
		if p == nil {
			return nil
		}
		if *p < 0 || *p > 1 {
			b.errs.add(v.Line, "bool: the probability of true must be between 0 and 1, got %g", *p)
			return nil
		}
		q := *p
		return genFunc(func(c *genCtx) any { return c.r.Float64() < q })
	case "string":
		if v.Kind != yaml.ScalarNode {
			b.errs.add(v.Line, "string: wants a template, '#' a digit and '@' a letter, e.g. \"###-@@@@\"")
			return nil
		}
		tmpl := subst(v.Value, b.vals)
		return genFunc(func(c *genCtx) any { return c.r.Template(tmpl) })
	case "random_string":
		lo, hi, ok := b.bounds(v, k.Value)
		if !ok {
			return nil
		}
		if lo < 0 || hi > 1<<20 {
			b.errs.add(v.Line, "random_string: lengths must be 0 to 1048576")
			return nil
		}
		return genFunc(func(c *genCtx) any { return randomString(c.r, lo, hi) })
	case "choice":
		if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
			b.errs.add(v.Line, "choice: wants a list of values, e.g. [a, b, c]")
			return nil
		}
		vals := make([]any, len(v.Content))
		for i, c := range v.Content {
			vals[i] = b.constant(c)
		}
		return genFunc(func(c *genCtx) any { return vals[c.r.IntN(len(vals))] })
	case "sequence":
		start := b.int(v)
		if start == nil {
			return nil
		}
		return b.sequence(*start)
	case "now":
		return genFunc(func(*genCtx) any { return time.Now().UTC().Truncate(time.Second) })
	case "value":
		c := b.constant(v)
		return genFunc(func(*genCtx) any { return c })
	case "null":
		return genFunc(func(*genCtx) any { return nil })
	}
	b.errs.add(k.Line, "%s: unknown generator %q (generators: %s)", what, k.Value, strings.Join(genNames, ", "))
	return nil
}

// sequence counts from start: in a load, start plus the row's index; in a
// run, a counter of the run's, each shard taking every N-th value.
func (b *genBuilder) sequence(start int64) gen {
	var n atomic.Int64
	idx, shards := int64(b.shard.Index), int64(b.shard.N())
	return genFunc(func(c *genCtx) any {
		if c.load {
			return start + c.row
		}
		return start + idx + (n.Add(1)-1)*shards
	})
}

// randomString is lo..hi letters and digits.
func randomString(r *randgen.Rand, lo, hi int64) string {
	n := r.Uniform(lo, hi)
	var sb strings.Builder
	sb.Grow(int(n))
	for left := n; left > 0; left -= 64 {
		k := min(left, 64)
		sb.WriteString(r.Chars(k, k, randgen.Alnum))
	}
	return sb.String()
}

// constant is a scalar as a value: an integer, a number, a boolean, null
// or text, by its YAML type; ${} are replaced.
func (b *genBuilder) constant(n *yaml.Node) any {
	if n.Kind != yaml.ScalarNode {
		b.errs.add(n.Line, "a constant must be a single value")
		return nil
	}
	s := subst(n.Value, b.vals)
	switch n.Tag {
	case "!!int":
		if v, err := strconv.ParseInt(s, 0, 64); err == nil {
			return v
		}
	case "!!float":
		if v, err := strconv.ParseFloat(s, 64); err == nil {
			return v
		}
	case "!!bool":
		v, _ := workload.ParseBool(s)
		return v
	case "!!null":
		return nil
	}
	if s != n.Value {
		// A value from an option is typed by its text.
		if v, err := strconv.ParseInt(s, 10, 64); err == nil {
			return v
		}
		if v, err := strconv.ParseFloat(s, 64); err == nil {
			return v
		}
	}
	return s
}

// bounds reads [min, max] or {min, max}.
func (b *genBuilder) bounds(v *yaml.Node, what string) (int64, int64, bool) {
	args := b.args(v, what, []string{"min", "max"}, nil)
	if args == nil {
		return 0, 0, false
	}
	lo, hi := b.int(args["min"]), b.int(args["max"])
	if lo == nil || hi == nil {
		return 0, 0, false
	}
	if *hi < *lo {
		b.errs.add(v.Line, "%s: max %d is below min %d", what, *hi, *lo)
		return 0, 0, false
	}
	return *lo, *hi, true
}

// args reads a generator's arguments: a list in the order of required,
// or a mapping by name, with optional ones defaulted.
func (b *genBuilder) args(v *yaml.Node, what string, required []string, optional map[string]string) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	usage := func() {
		opt := make([]string, 0, len(optional))
		for k := range optional {
			opt = append(opt, k)
		}
		sort.Strings(opt)
		extra := ""
		if len(opt) > 0 {
			extra = " (optional: " + strings.Join(opt, ", ") + ")"
		}
		b.errs.add(v.Line, "%s: wants [%s] or {%s}%s", what, strings.Join(required, ", "), strings.Join(required, ": ..., ")+": ...", extra)
	}
	switch v.Kind {
	case yaml.SequenceNode:
		all := append([]string{}, required...)
		if len(v.Content) > len(required) {
			opt := make([]string, 0, len(optional))
			for k := range optional {
				opt = append(opt, k)
			}
			sort.Strings(opt)
			all = append(all, opt...)
		}
		if len(v.Content) < len(required) || len(v.Content) > len(all) {
			usage()
			return nil
		}
		for i, c := range v.Content {
			out[all[i]] = c
		}
	case yaml.MappingNode:
		ok := true
		yamlfile.EachPair(v, func(k, x *yaml.Node) {
			_, opt := optional[k.Value]
			isReq := false
			for _, r := range required {
				isReq = isReq || r == k.Value
			}
			if !opt && !isReq {
				b.errs.add(k.Line, "%s: unknown argument %q", what, k.Value)
				ok = false
			}
			out[k.Value] = x
		})
		for _, r := range required {
			if out[r] == nil {
				b.errs.add(v.Line, "%s: %s is missing", what, r)
				ok = false
			}
		}
		if !ok {
			return nil
		}
	default:
		usage()
		return nil
	}
	for k, d := range optional {
		if out[k] == nil {
			out[k] = &yaml.Node{Kind: yaml.ScalarNode, Value: d, Line: v.Line}
		}
	}
	return out
}

func (b *genBuilder) int(n *yaml.Node) *int64 {
	if n.Kind != yaml.ScalarNode {
		b.errs.add(n.Line, "wants an integer")
		return nil
	}
	v, err := intExpr(subst(n.Value, b.vals))
	if err != nil {
		b.errs.add(n.Line, "%v", err)
		return nil
	}
	return &v
}

func (b *genBuilder) float(n *yaml.Node) *float64 {
	if n.Kind != yaml.ScalarNode {
		b.errs.add(n.Line, "wants a number")
		return nil
	}
	s := strings.TrimSpace(subst(n.Value, b.vals))
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && strings.Contains(s, "${") {
		return nil // parse reported the undeclared option
	}
	if err != nil {
		b.errs.add(n.Line, "%q is not a number", s)
		return nil
	}
	return &v
}

func (b *genBuilder) bool(n *yaml.Node) bool {
	v, ok := workload.ParseBool(subst(n.Value, b.vals))
	if !ok {
		b.errs.add(n.Line, "wants true or false, got %q", n.Value)
	}
	return v
}
