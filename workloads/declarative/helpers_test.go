package declarative

import "github.com/dbgauge/dbgauge/randgen"

// examplesDir holds the shipped example workloads, from this package.
const examplesDir = "../../examples/workloads"

// examplesFromHere is where the examples are once TestMain moved into them.
const examplesFromHere = "."

func testRand() *randgen.Rand { return randgen.New(1, 2) }
