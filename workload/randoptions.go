package workload

import "github.com/dbgauge/dbgauge/randgen"

// RandOptions are sysbench's --rand-* options with 1.0.20's defaults
// (sysbench 1.1's zipfian added): the oltp workloads and sysbench scripts
// declare them.
func RandOptions() []Option {
	return []Option{
		{Name: "rand-type", Help: "Random numbers distribution (zipfian is sysbench 1.1's)", Kind: Enum, Default: string(randgen.DefaultParams.Kind),
			Choices: []string{"uniform", "gaussian", "special", "pareto", "zipfian"}},
		{Name: "rand-spec-iter", Help: "Number of iterations for the gaussian and special distributions", Kind: Int, Default: "12", Min: 1, Max: 1000},
		{Name: "rand-spec-pct", Help: "Percentage of values treated as 'special' (special distribution)", Kind: Int, Default: "1", Max: 100},
		{Name: "rand-spec-res", Help: "Percentage of 'special' values to use (special distribution)", Kind: Int, Default: "75", Max: 99},
		{Name: "rand-pareto-h", Help: "Parameter h of the pareto distribution", Kind: Float, Default: "0.2"},
		{Name: "rand-zipfian-exp", Help: "Exponent of the zipfian distribution", Kind: Float, Default: "0.8"},
	}
}

// RandParams are the generators' parameters from RandOptions' values.
func RandParams(v Values) randgen.DistParams {
	return randgen.DistParams{
		Kind: randgen.Kind(v.String("rand-type")), SpecIter: int(v.Int("rand-spec-iter")),
		SpecPct: int(v.Int("rand-spec-pct")), SpecRes: int(v.Int("rand-spec-res")),
		ParetoH: v.Float("rand-pareto-h"), ZipfianExp: v.Float("rand-zipfian-exp"),
	}
}
