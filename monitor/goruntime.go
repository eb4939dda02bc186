package monitor

import "runtime/metrics"

// goMemory reads the Go runtime's memory classes without stopping the world
// (runtime/metrics, unlike runtime.ReadMemStats): live heap objects, heap
// memory that is free but kept, goroutine stacks, and all memory the runtime
// holds. They tell a leak (objects grow) from memory the runtime keeps.
func goMemory() (objects, free, stacks, total float64) {
	samples := []metrics.Sample{
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
	return v[0], v[1], v[2], v[3]
}
