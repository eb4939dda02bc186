package main

import (
	"debug/elf"
	"testing"
)

// TestBinaryIsStatic: dbgauge is one static binary. Built as shipped
// (CGO_ENABLED=0), it has no interpreter and needs no shared library, so no
// dependency has brought in cgo.
func TestBinaryIsStatic(t *testing.T) {
	f, err := elf.Open(binary)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Fatal("the binary has a dynamic loader (PT_INTERP): it is not static")
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Fatalf("the binary needs shared libraries: %v", libs)
	}
}
