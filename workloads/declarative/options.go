package declarative

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// workloadOptions are the file's options as the workload declares them.
func workloadOptions(f *file) []workload.Option {
	out := make([]workload.Option, 0, len(f.options))
	for _, d := range f.options {
		o := workload.Option{Name: d.name, Help: d.help, Default: d.def}
		switch d.typ {
		case "int":
			o.Kind, o.Min = workload.Int, math.MinInt64
			if d.min != nil {
				o.Min = *d.min
			}
			if d.max != nil {
				o.Max = *d.max
			}
		case "float":
			o.Kind = workload.Float
		case "bool":
			o.Kind = workload.Bool
		default:
			o.Kind = workload.String
			if len(d.choices) > 0 {
				o.Kind, o.Choices = workload.Enum, d.choices
			}
		}
		out = append(out, o)
	}
	return out
}

// parseOptionValue checks s as a value of option d and returns its text
// as ${} substitutes it.
func parseOptionValue(d optionDecl, s string) (string, error) {
	v, err := workload.ParseValues(workloadOptions(&file{options: []optionDecl{d}}), map[string]string{d.name: s})
	if err != nil {
		return "", fmt.Errorf("%q is not valid: %v", s, err)
	}
	return v.Map()[d.name], nil
}

// defaults are the options' default values, as text.
func defaults(f *file) map[string]string {
	m := map[string]string{}
	for _, d := range f.options {
		if s, err := parseOptionValue(d, d.def); err == nil {
			m[d.name] = s
		} else {
			m[d.name] = d.def
		}
	}
	return m
}

// subst replaces every ${name} in s with its value.
func subst(s string, vals map[string]string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	return refRe.ReplaceAllStringFunc(s, func(m string) string {
		name := strings.TrimSpace(m[2 : len(m)-1])
		if v, ok := vals[name]; ok {
			return v
		}
		return m
	})
}

// intExpr evaluates an integer expression: numbers, + - * / % and
// parentheses, with the usual precedence (${rows} * 10 + 1).
func intExpr(s string) (int64, error) {
	if strings.Contains(s, "${") {
		return 0, errUnresolved
	}
	p := &exprParser{s: s}
	v, err := p.sum()
	if err == nil {
		p.space()
		if p.i < len(p.s) {
			err = fmt.Errorf("unexpected %q", p.s[p.i:])
		}
	}
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer expression: %v", s, err)
	}
	return v, nil
}

// errUnresolved is a value with a ${} no option declares: parse has
// reported it already.
var errUnresolved = errors.New("refers to an undeclared option")

type exprParser struct {
	s string
	i int
}

func (p *exprParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *exprParser) sum() (int64, error) {
	v, err := p.product()
	for err == nil {
		p.space()
		if p.i >= len(p.s) || (p.s[p.i] != '+' && p.s[p.i] != '-') {
			break
		}
		op := p.s[p.i]
		p.i++
		var w int64
		if w, err = p.product(); op == '+' {
			v += w
		} else {
			v -= w
		}
	}
	return v, err
}

func (p *exprParser) product() (int64, error) {
	v, err := p.unary()
	for err == nil {
		p.space()
		if p.i >= len(p.s) || !strings.ContainsRune("*/%", rune(p.s[p.i])) {
			break
		}
		op := p.s[p.i]
		p.i++
		var w int64
		if w, err = p.unary(); err != nil {
			break
		}
		switch {
		case op == '*':
			v *= w
		case w == 0:
			err = fmt.Errorf("division by zero")
		case op == '/':
			v /= w
		default:
			v %= w
		}
	}
	return v, err
}

func (p *exprParser) unary() (int64, error) {
	p.space()
	if p.i >= len(p.s) {
		return 0, fmt.Errorf("a number is missing")
	}
	switch c := p.s[p.i]; {
	case c == '-':
		p.i++
		v, err := p.unary()
		return -v, err
	case c == '(':
		p.i++
		v, err := p.sum()
		p.space()
		if err == nil && (p.i >= len(p.s) || p.s[p.i] != ')') {
			err = fmt.Errorf("a ) is missing")
		}
		p.i++
		return v, err
	}
	j := p.i
	for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '_') {
		j++
	}
	if j == p.i {
		return 0, fmt.Errorf("unexpected %q", p.s[p.i:])
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(p.s[p.i:j], "_", ""), 10, 64)
	p.i = j
	return v, err
}
