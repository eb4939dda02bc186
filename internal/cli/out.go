package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dbgauge/dbgauge/session"
)

// outFlag is the repeatable --out flag. It collects every spec in
// o.outs, and keeps the first JSON one's file in o.out, which a sweep
// clears in its steps to write its own JSON there.
type outFlag struct{ o *options }

func (f outFlag) String() string {
	var parts []string
	for _, s := range f.o.outs {
		parts = append(parts, s.Format+"="+s.Path)
	}
	return strings.Join(parts, ",")
}

func (f outFlag) Type() string { return "[FORMAT=]FILE" }

// Set parses FILE (result.json as before) or FORMAT=FILE. A prefix of
// letters before = is a format; write ./a=b to name such a file.
func (f outFlag) Set(s string) error {
	spec := session.Output{Format: "json", Path: s}
	if i := strings.Index(s, "="); i > 0 && isWord(s[:i]) {
		spec.Format, spec.Path = strings.ToLower(s[:i]), s[i+1:]
		if !slices.Contains(session.OutputFormats, spec.Format) {
			return fmt.Errorf("unknown format %q (formats: %s; FILE alone is json)", spec.Format, strings.Join(session.OutputFormats, ", "))
		}
	}
	if spec.Path == "" {
		return fmt.Errorf("no file after %s=", spec.Format)
	}
	f.o.outs = append(f.o.outs, spec)
	if spec.Format == "json" && f.o.out == "" {
		f.o.out = spec.Path
	}
	return nil
}

func isWord(s string) bool {
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// finish is what finishes each run's folder: the thresholds, every --out
// file and the store.
func (o *options) finish() session.Finish {
	return session.Finish{Thresholds: o.thresholds, Outputs: o.outs, Store: o.storePath()}
}
