package dataset

import "time"

// LoadTime is the date and time a workload's generated data stands for
// (an order's date, a customer's since, a delivered line's delivery): one
// fixed instant, so that every batch is a pure function of (seed, options,
// batch) and the data is reproducible.
func LoadTime() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
