package workload

// Define is a Workload made of its parts, for a package whose one workload
// needs no type of its own: what `list` shows of it, its options, and how
// option values configure it.
func Define(m Meta, options func() []Option, configure func(Values, Params) (Instance, error)) Workload {
	return &defined{meta: m, options: options, configure: configure}
}

type defined struct {
	meta      Meta
	options   func() []Option
	configure func(Values, Params) (Instance, error)
}

func (d *defined) Meta() Meta                                     { return d.meta }
func (d *defined) Options() []Option                              { return d.options() }
func (d *defined) Configure(v Values, p Params) (Instance, error) { return d.configure(v, p) }
