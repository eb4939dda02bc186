package catalog

// Unavailable are databases people ask for that dbgauge cannot reach, and
// why (name, reason): a CGO_ENABLED=0 binary takes pure Go drivers only,
// from the Go module proxy the project builds from.
func Unavailable() [][2]string {
	return [][2]string{
		{"DB2", "every Go driver (go_ibm_db and its forks) needs IBM's CLI C library (cgo)"},
		{"Sybase ASE", "the pure Go drivers (thda/tds, SAP/go-ase) are not served by the module proxy"},
	}
}
