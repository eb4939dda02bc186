package monitor

import "runtime/metrics"

// goMemory reads the Go runtime's memory classes without stopping the world
// (runtime/metrics, unlike runtime.ReadMemStats): the heap the last
// collection found live, heap objects (live and not yet swept), heap memory
// that is free but kept, goroutine stacks, and all memory the runtime holds.
// They tell a leak (live grows without bound) from memory the runtime keeps.
// The collector lets the heap grow to twice the live heap (4 MB at least)
// before it collects, so RSS follows the live heap at twice its slope.
func goMemory() (live, objects, free, stacks, total float64) {
	samples := []metrics.Sample{
		{Name: "/gc/heap/live:bytes"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/free:bytes"},
		{Name: "/memory/classes/heap/stacks:bytes"},
		{Name: "/memory/classes/total:bytes"},
	}
	metrics.Read(samples)
	v := make([]float64, len(samples))
	for i, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			v[i] = float64(s.Value.Uint64()) / (1 << 20)
		}
	}
	return v[0], v[1], v[2], v[3], v[4]
}
