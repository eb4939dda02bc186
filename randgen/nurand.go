package randgen

// NURand is TPC-C's non-uniform random function (clause 2.1.6):
//
//	NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x
//
// A is 255 for C_LAST, 1023 for C_ID and 8191 for OL_I_ID; C is a constant
// of the run chosen in [0, A] (see NURandC).
type NURand struct {
	A, X, Y, C int64
}

// Next draws one value from r.
func (n NURand) Next(r *Rand) int64 {
	return ((r.Uniform(0, n.A)|r.Uniform(n.X, n.Y))+n.C)%(n.Y-n.X+1) + n.X
}

// ValidCLastDelta reports whether run, the run-time C of C_LAST, may be
// used against load, the C the data was loaded with: clause 2.1.6.1 wants
// |run - load| in [65, 119] and neither 96 nor 112, so that the run's
// last names are not the load's.
func ValidCLastDelta(load, run int64) bool {
	d := run - load
	if d < 0 {
		d = -d
	}
	return d >= 65 && d <= 119 && d != 96 && d != 112
}

// CLastRun draws a run-time C for C_LAST in [0, 255] that satisfies
// clause 2.1.6.1 against load.
func CLastRun(r *Rand, load int64) int64 {
	var ok []int64
	for c := int64(0); c <= 255; c++ {
		if ValidCLastDelta(load, c) {
			ok = append(ok, c)
		}
	}
	return ok[r.IntN(len(ok))]
}
