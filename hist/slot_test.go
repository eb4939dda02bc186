package hist

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// record is what worker w records for its i-th event.
func record(s *Set, w, i int64) {
	s.RecordTxn(0, i, w+1, 0)
	s.RecordOp(int(i%2), i*1000+w, i%7 == 0)
	if i%101 == 0 {
		s.Ignore(0, int(w%MaxErrorClasses))
	}
}

func TestSlotSwapLosesNothing(t *testing.T) {
	// Workers record through their Slots while a collector keeps swapping,
	// merging and recycling; afterwards the collected total plus the final
	// Swap holds every record exactly once. Run with -race.
	for _, workers := range []int{1, 4} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			const n, checkpoints = 100000, 10
			slots := make([]*Slot, workers)
			for w := range slots {
				slots[w] = NewSlot(1, 2, true)
			}
			var rounds atomic.Int64 // completed collector rounds
			stop := make(chan struct{})
			collected := make(chan *Set)
			nonEmpty := make([]int, workers) // per slot: swaps that returned records
			go func() {
				total := NewSet(1, 2)
				for {
					select {
					case <-stop:
						collected <- total
						return
					default:
					}
					for w, sl := range slots {
						set := sl.Swap(true)
						if set.Txn.Count() > 0 {
							nonEmpty[w]++
						}
						total.Merge(set)
						sl.Recycle(set)
					}
					rounds.Add(1)
					runtime.Gosched()
				}
			}()

			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					for i := int64(1); i <= n; i++ {
						if i%(n/checkpoints) == 0 {
							// Let a whole collector round start after the
							// records so far, so that swaps interleave with
							// recording however the goroutines are scheduled.
							for target := rounds.Load() + 2; rounds.Load() < target; {
								runtime.Gosched()
							}
						}
						s := slots[w].Acquire()
						record(s, int64(w), i)
						slots[w].Release()
					}
				})
			}
			wg.Wait()
			close(stop)
			total := <-collected
			for w, sl := range slots {
				total.Merge(sl.Swap(true))
				if nonEmpty[w] < checkpoints {
					t.Errorf("slot %d: only %d swaps collected records, want at least %d", w, nonEmpty[w], checkpoints)
				}
			}

			want := NewSet(1, 2)
			for w := range workers {
				for i := int64(1); i <= n; i++ {
					record(want, int64(w), i)
				}
			}
			if got := total.Txn.Count(); got != int64(workers)*n {
				t.Fatalf("collected %d transactions, want %d", got, workers*n)
			}
			if total.Txn.SumNs != int64(workers)*n*(n+1)/2 {
				t.Errorf("transaction sum %d, want %d: records lost or counted twice", total.Txn.SumNs, int64(workers)*n*(n+1)/2)
			}
			sameSet(t, "collected", total, want)
		})
	}
}

func TestSlotSwapHandsOverSets(t *testing.T) {
	sl := NewSlot(1, 3, true)
	first := sl.Acquire()
	if len(first.Ops) != 3 {
		t.Fatalf("Set has %d ops, want 3", len(first.Ops))
	}
	for i := range int64(3) {
		sl.Acquire().RecordTxn(0, 1000+i, 1, 0)
		sl.Release()
	}
	got := sl.Swap(true)
	if got != first || got.Txn.Count() != 3 {
		t.Fatalf("Swap returned %p with %d records, want the recording Set %p with 3", got, got.Txn.Count(), first)
	}
	second := sl.Acquire()
	if second == first || second.Txn.Count() != 0 {
		t.Fatal("after Swap, records must go to a different, empty Set")
	}
	second.RecordOp(2, 500, true)
	sl.Release()

	sl.Recycle(got)
	if got.Txn.Count() != 0 || got.BusyNs != 0 {
		t.Fatal("Recycle must empty the Set")
	}
	if again := sl.Swap(true); again != second || again.Ops[2].Errors() != 1 {
		t.Fatal("second Swap must return the Set recorded into since the first")
	}
	if cur := sl.Acquire(); cur != got || cur.Txn.Count() != 0 {
		t.Fatal("the recycled Set must be the one installed by the next Swap")
	}
	sl.Release()
}
