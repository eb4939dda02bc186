package results

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestStreamRoundTrip(t *testing.T) {
	t.Parallel()
	r := &Result{SchemaVersion: SchemaVersion, Workload: Workload{Name: "oltp_read_write"},
		Run: Run{Threads: 8, Shard: &Shard{Index: 2, Count: 4}}, Totals: Totals{Transactions: 12345}}
	var out bytes.Buffer
	out.WriteString("interval line 1\nsome stderr\n")
	if err := WriteStream(&out, r); err != nil {
		t.Fatal(err)
	}
	out.WriteString("Results: /tmp/x\n")
	got, js, err := ReadStream(strings.NewReader(out.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got.Totals.Transactions != 12345 || got.Run.Shard.Index != 2 || got.Workload.Name != "oltp_read_write" {
		t.Errorf("decoded %+v", got)
	}
	if !bytes.Contains(js, []byte(`"transactions":12345`)) {
		t.Errorf("JSON %s", js)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if len(line) > 120 {
			t.Errorf("line of %d characters: a log line must stay short", len(line))
		}
	}
}

func TestStreamDamaged(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := WriteStream(&out, &Result{Totals: Totals{Transactions: 7}}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	cut := strings.Join(lines[:len(lines)-1], "\n")
	if _, _, err := ReadStream(strings.NewReader(cut)); err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("cut short: %v", err)
	}
	if _, _, err := ReadStream(strings.NewReader("only\nlog lines\n")); !errors.Is(err, ErrNoStreamedResult) {
		t.Errorf("no block: %v", err)
	}
	// One character changed in the body: caught by gzip's CRC or the digest.
	b := []byte(s)
	i := strings.Index(s, "\n") + 50 // past gzip's header (its mtime bytes are not checked)
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	if _, _, err := ReadStream(bytes.NewReader(b)); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("damaged: %v", err)
	}
}
