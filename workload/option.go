package workload

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is an option's value type.
type Kind uint8

// Option kinds.
const (
	Int Kind = iota
	Bool
	Float
	String
	Enum
)

func (k Kind) String() string {
	return [...]string{"int", "bool", "float", "string", "enum"}[k]
}

// Option is one workload option, declared as data (sysbench's
// sysbench.cmdline.options). Names use dashes; the command line accepts
// underscores too.
type Option struct {
	Name    string
	Help    string
	Kind    Kind
	Default string
	// Choices are the accepted values of an Enum.
	Choices []string
	// Min and Max bound an Int (Max 0: unbounded).
	Min, Max int64
	// Drivers, if set, are the only databases the option means anything
	// on (db.Target.Driver names): results and reports of a run on
	// another database leave it out.
	Drivers []string
	// DataSize says the option sizes the prepared data (rows, records):
	// a sweep may vary it, preparing the data at each size in turn.
	DataSize bool
}

// Applies says whether o means anything on driver.
func (o Option) Applies(driver string) bool {
	if len(o.Drivers) == 0 {
		return true
	}
	for _, d := range o.Drivers {
		if d == driver {
			return true
		}
	}
	return false
}

// Values are validated option values with defaults applied.
type Values struct {
	ints    map[string]int64
	bools   map[string]bool
	floats  map[string]float64
	strings map[string]string
	set     map[string]bool
	// missed collects names read that no option declares: a misspelt
	// option inside a workload (Configure turns it into an error).
	missed *[]string
}

// ParseValues validates raw values (by option name) against opts and fills
// in defaults. Every problem is a usage error naming the option.
func ParseValues(opts []Option, raw map[string]string) (Values, error) {
	v := Values{ints: map[string]int64{}, bools: map[string]bool{}, floats: map[string]float64{},
		strings: map[string]string{}, set: map[string]bool{}, missed: new([]string)}
	known := map[string]bool{}
	for _, o := range opts {
		known[o.Name] = true
		s, given := raw[o.Name]
		if !given {
			s = o.Default
		}
		v.set[o.Name] = given
		if err := v.parse(o, s); err != nil {
			return Values{}, err
		}
	}
	for name := range raw {
		if !known[name] {
			return Values{}, fmt.Errorf("option --%s does not apply to this workload", name)
		}
	}
	return v, nil
}

func (v Values) parse(o Option, s string) error {
	switch o.Kind {
	case Int:
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return fmt.Errorf("--%s wants an integer, got %q", o.Name, s)
		}
		if n < o.Min || (o.Max > 0 && n > o.Max) {
			if o.Max > 0 {
				return fmt.Errorf("--%s must be between %d and %d, got %d", o.Name, o.Min, o.Max, n)
			}
			return fmt.Errorf("--%s must be at least %d, got %d", o.Name, o.Min, n)
		}
		v.ints[o.Name] = n
	case Bool:
		b, ok := ParseBool(s)
		if !ok {
			return fmt.Errorf("--%s wants on or off, got %q", o.Name, s)
		}
		v.bools[o.Name] = b
	case Float:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return fmt.Errorf("--%s wants a number, got %q", o.Name, s)
		}
		v.floats[o.Name] = f
	case Enum:
		for _, c := range o.Choices {
			if c == s {
				v.strings[o.Name] = s
				return nil
			}
		}
		return fmt.Errorf("--%s must be one of %s, got %q", o.Name, strings.Join(o.Choices, ", "), s)
	default:
		v.strings[o.Name] = s
	}
	return nil
}

// ParseBool accepts sysbench's on/off and the usual spellings.
func ParseBool(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "on", "true", "yes", "1":
		return true, true
	case "off", "false", "no", "0":
		return false, true
	}
	return false, false
}

// Int returns an Int option's value.
func (v Values) Int(name string) int64 { return lookup(v, v.ints, name) }

// Bool returns a Bool option's value.
func (v Values) Bool(name string) bool { return lookup(v, v.bools, name) }

// Float returns a Float option's value.
func (v Values) Float(name string) float64 { return lookup(v, v.floats, name) }

// String returns a String or Enum option's value.
func (v Values) String(name string) string { return lookup(v, v.strings, name) }

// IsSet reports whether the user gave the option (rather than its default).
func (v Values) IsSet(name string) bool { return lookup(v, v.set, name) }

// lookup reads name from m, recording a name of the wrong kind or that no
// option declares.
func lookup[T any](v Values, m map[string]T, name string) T {
	x, ok := m[name]
	if !ok && v.missed != nil {
		*v.missed = append(*v.missed, name)
	}
	return x
}

// Missed lists the names read that no option of that kind declares.
func (v Values) Missed() []string {
	if v.missed == nil {
		return nil
	}
	return *v.missed
}

// Configure configures w with v and p, and refuses a workload that read an
// option it does not declare (a misspelt name would otherwise read as zero).
func Configure(w Workload, v Values, p Params) (Instance, error) {
	inst, err := w.Configure(v, p)
	if err != nil {
		return nil, err
	}
	if m := v.Missed(); len(m) > 0 {
		return nil, fmt.Errorf("workload %s read option %q, which it does not declare (a bug: please report it)", w.Meta().Name, m[0])
	}
	return inst, nil
}

// With returns a copy of v with an Int option replaced (for workloads whose
// reference overrides an option, like oltp_point_select's one point select).
func (v Values) With(name string, n int64) Values {
	c := v
	c.ints = make(map[string]int64, len(v.ints))
	for k, x := range v.ints {
		c.ints[k] = x
	}
	c.ints[name] = n
	return c
}

// Map returns every value as text, for results.
func (v Values) Map() map[string]string {
	m := map[string]string{}
	for k, x := range v.ints {
		m[k] = strconv.FormatInt(x, 10)
	}
	for k, x := range v.bools {
		m[k] = map[bool]string{true: "on", false: "off"}[x]
	}
	for k, x := range v.floats {
		m[k] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	for k, x := range v.strings {
		m[k] = x
	}
	return m
}
