package session

import (
	"runtime/debug"
	"time"
)

// footprintEvery is how often a run hands the memory its garbage collector
// freed back to the OS. Without it, the runtime keeps freed spans and
// stacks resident and a flat live heap shows as slowly rising RSS over
// hours (docs/reliability.md has the 30-minute series that showed it). One
// forced collection a minute is nothing against the hundreds the load
// itself causes.
const footprintEvery = time.Minute

// keepFootprint returns freed memory to the OS every footprintEvery until
// stop is called. It runs on its own goroutine: the runner's workers and
// intervals never wait for it.
func keepFootprint() (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(footprintEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				debug.FreeOSMemory()
			}
		}
	}()
	return func() { close(done) }
}
