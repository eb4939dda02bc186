package sqlrun

// Dest is the destinations of a read of n columns, built once so that
// reading a row allocates nothing for them: column i into at[i] where at
// names it, any other into spare[i], a []byte whose capacity the reads
// reuse (a column read, as the reference reads it, but not used; NULL
// reads as nil).
func Dest(spare [][]byte, n int, at map[int]any) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = &spare[i]
	}
	for i, p := range at {
		out[i] = p
	}
	return out
}
