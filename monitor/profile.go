package monitor

import (
	"os"
	"runtime"
	"runtime/pprof"
)

// Profile is a Go profile of dbgauge itself, for its own developers
// (--cpuprofile, --memprofile): the CPU from StartCPU to Stop into file
// CPU, and the heap at Stop into file Heap; an empty name profiles nothing.
type Profile struct {
	CPU, Heap string
	cpu       *os.File
}

// StartCPU starts the CPU profile. A file that cannot be created is an
// *fs.PathError.
func (p *Profile) StartCPU() error {
	if p.CPU == "" {
		return nil
	}
	f, err := os.Create(p.CPU)
	if err != nil {
		return err
	}
	p.cpu = f
	return pprof.StartCPUProfile(f)
}

// Stop ends the CPU profile and writes the heap's, after a collection. A
// heap profile that cannot be written is left out: it is a developer's aid.
func (p *Profile) Stop() {
	if p.cpu != nil {
		pprof.StopCPUProfile()
		p.cpu.Close()
	}
	if p.Heap == "" {
		return
	}
	if f, err := os.Create(p.Heap); err == nil {
		runtime.GC()
		pprof.WriteHeapProfile(f)
		f.Close()
	}
}
