package session

import (
	"errors"
	"testing"

	"github.com/dbgauge/dbgauge/results"
)

func TestSteps(t *testing.T) {
	res := &results.Result{}
	threshold := &Error{Failed, errors.New("1 of 1 thresholds failed")}
	output := &OutputError{Format: "csv", Err: errors.New("denied")}
	aborted := &Error{Aborted, errors.New("aborted")}
	var st steps
	if !st.next(res, nil) || st.err != nil {
		t.Fatalf("a good run: stop or error %v", st.err)
	}
	if !st.next(res, threshold) || !st.next(res, output) || st.err != threshold {
		t.Fatalf("finished runs that failed a threshold or an output go on, keeping the first: %v", st.err)
	}
	if st.next(nil, threshold) || st.err != threshold {
		t.Fatalf("a failure without a result stops: %v", st.err)
	}
	if st.next(res, aborted) || st.err != aborted {
		t.Fatalf("an aborted run stops the steps: %v", st.err)
	}
	if _, interrupted := st.end(); interrupted {
		t.Error("aborted is not interrupted")
	}
	st.next(res, &Error{Interrupted, errors.New("signal")})
	if ended, interrupted := st.end(); !interrupted || ended == "" {
		t.Errorf("interrupted: %q, %v", ended, interrupted)
	}
}
