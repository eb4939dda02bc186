package results

// WriteFile writes data to path atomically, as result.json is written: a
// reader never sees half a file (CSV and other --out files).
func WriteFile(path string, data []byte) error { return writeAtomic(path, data) }
