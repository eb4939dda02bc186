package session

import "github.com/dbgauge/dbgauge/workload"

// OptionValue is the text of workload option opt as given (a Value, its
// default opt's): Set puts it in in's Options by name, for Build to type
// (workload.ParseValues); its type name is the option's kind, for help.
func OptionValue(in *Inputs, opt workload.Option) Value {
	return &optionValue{in: in, name: opt.Name, s: opt.Default, kind: opt.Kind.String()}
}

type optionValue struct {
	in            *Inputs
	name, s, kind string
}

func (v *optionValue) String() string { return v.s }
func (v *optionValue) Type() string   { return v.kind }

func (v *optionValue) Set(s string) error {
	v.s = s
	if v.in.Options == nil {
		v.in.Options = map[string]string{}
	}
	v.in.Options[v.name] = s
	return nil
}
