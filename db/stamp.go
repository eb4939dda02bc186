package db

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Stamp records how a dataset was made: the options that shape its data and
// the objects (tables, indexes, collections, keys) prepare created, so that
// run can refuse data made with other options and cleanup can drop exactly
// what prepare created.
type Stamp struct {
	// Dataset names the data (e.g. "oltp"): workloads that share the data share it.
	Dataset string `json:"dataset"`
	// Workload is the workload whose prepare made it.
	Workload string `json:"workload"`
	// Shape holds the options that decide the data; run compares them.
	Shape map[string]string `json:"shape"`
	// Info holds facts that do not decide the shape (seed, tool version).
	Info map[string]string `json:"info,omitempty"`
	// Objects are the created objects, in creation order.
	Objects []string `json:"objects"`
	// Complete is false while prepare is still loading.
	Complete  bool   `json:"complete"`
	CreatedAt string `json:"created_at"`
	// Loading is, while prepare loads (once every object is created), how
	// far each object got: a prepare that finds it with the same shape and
	// seed resumes instead of starting over. Nil on a complete stamp.
	Loading map[string]*Loading `json:"loading,omitempty"`
}

// Loading is one object's progress in an unfinished prepare.
type Loading struct {
	// Done are the batches known to be in, as [from, to) spans.
	Done [][2]int64 `json:"done,omitempty"`
	// Busy are the batches under way when the stamp was written: their rows
	// may be in, partly in or not in.
	Busy []int64 `json:"busy,omitempty"`
	// After is "busy" or "done" once the after-load step (indexes) started.
	After string `json:"after,omitempty"`
}

// Mismatch describes how the shape s differs from want, or "" if it does not.
func (s *Stamp) Mismatch(want map[string]string) string {
	var diffs []string
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if have := s.Shape[k]; have != want[k] {
			diffs = append(diffs, fmt.Sprintf("%s=%s (asked %s)", k, have, want[k]))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(s.Shape)) {
		if _, ok := want[k]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s=%s (not an option of this workload)", k, s.Shape[k]))
		}
	}
	return strings.Join(diffs, ", ")
}
