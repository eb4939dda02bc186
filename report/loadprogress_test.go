package report

import (
	"bytes"
	"strings"
	"testing"
)

func TestLoadProgressLinesOffTerminal(t *testing.T) {
	var b bytes.Buffer
	p := NewLoadProgress(&b, 30)
	p.Update("t1", 5, -1) // found from an earlier load: not in the rate
	p.Update("t1", 10, 10)
	p.Update("t2", 10, 20)
	p.Update("t2", 20, 20)
	p.Finish()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "Loaded 10 rows into t1 (all tables: ") ||
		!strings.HasPrefix(lines[1], "Loaded 20 rows into t2 (all tables: ") {
		t.Errorf("progress off a terminal: %q, want one line per finished table", b.String())
	}
}
