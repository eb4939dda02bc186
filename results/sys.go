package results

// Sys holds the figures of a machine micro-benchmark (`dbgauge sys`), the
// ones sysbench prints before its General statistics. Rates are per second
// of the run's duration; MiB are 1024×1024 bytes.
type Sys struct {
	// Test is cpu, memory or fileio.
	Test string `json:"test"`
	// BlockSize is the bytes one operation moves (memory-block-size,
	// file-block-size); 0 for cpu.
	BlockSize    int64   `json:"block_size,omitempty"`
	EventsPerSec float64 `json:"events_per_s"`

	// memory: operations are events; MiB are events × block size (with
	// memory-oper none, the memory walked without touching it: sysbench
	// prints them in its interval lines only).
	Operations     int64   `json:"operations,omitempty"`
	MiBTransferred float64 `json:"mib_transferred,omitempty"`
	MiBPerSec      float64 `json:"mib_per_s,omitempty"`

	// fileio: requests per second by kind, and throughput.
	ReadsPerSec      float64 `json:"reads_per_s,omitempty"`
	WritesPerSec     float64 `json:"writes_per_s,omitempty"`
	FsyncsPerSec     float64 `json:"fsyncs_per_s,omitempty"`
	ReadMiBPerSec    float64 `json:"read_mib_per_s,omitempty"`
	WrittenMiBPerSec float64 `json:"written_mib_per_s,omitempty"`
	BytesRead        int64   `json:"bytes_read,omitempty"`
	BytesWritten     int64   `json:"bytes_written,omitempty"`
}
