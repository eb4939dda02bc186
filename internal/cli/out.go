package cli

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dbgauge/dbgauge/report"
	"github.com/dbgauge/dbgauge/results"
)

// outSpec is one --out: a format and a file.
type outSpec struct{ format, path string }

// outFormats are the forms --out takes: FORMAT=FILE, or FILE for JSON.
func outFormats() []string { return []string{"json", "csv"} }

// outFlag is the repeatable --out flag. It collects every spec in
// o.outs, and keeps the first JSON one's file in o.out, which a sweep
// clears in its steps to write its own JSON there.
type outFlag struct{ o *options }

func (f outFlag) String() string {
	var parts []string
	for _, s := range f.o.outs {
		parts = append(parts, s.format+"="+s.path)
	}
	return strings.Join(parts, ",")
}

func (f outFlag) Type() string { return "[FORMAT=]FILE" }

// Set parses FILE (result.json as before) or FORMAT=FILE. A prefix of
// letters before = is a format; write ./a=b to name such a file.
func (f outFlag) Set(s string) error {
	spec := outSpec{format: "json", path: s}
	if i := strings.Index(s, "="); i > 0 && isWord(s[:i]) {
		spec.format, spec.path = strings.ToLower(s[:i]), s[i+1:]
		found := false
		for _, name := range outFormats() {
			found = found || name == spec.format
		}
		if !found {
			return fmt.Errorf("unknown format %q (formats: %s; FILE alone is json)", spec.format, strings.Join(outFormats(), ", "))
		}
	}
	if spec.path == "" {
		return fmt.Errorf("no file after %s=", spec.format)
	}
	f.o.outs = append(f.o.outs, spec)
	if spec.format == "json" && f.o.out == "" {
		f.o.out = spec.path
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

// checkOuts fails before the run if an --out file cannot be written.
func (o *options) checkOuts() error {
	for _, s := range o.outs {
		if err := results.CheckWritable(s.path); err != nil {
			return usageErr("--out %s: %v", s.format, err)
		}
	}
	return nil
}

// writeOuts writes every --out file, all of them even if one fails; the
// first failure is returned. JSON files are written only while o.out is
// set: a sweep clears it in its steps, and writes its own JSON instead.
func (e *env) writeOuts(o *options, res *results.Result) error {
	var first error
	for _, s := range o.outs {
		var err error
		switch s.format {
		case "json":
			if o.out != "" {
				err = results.WriteJSON(s.path, res)
			}
		case "csv":
			var b bytes.Buffer
			if err = report.IntervalsCSV(&b, res); err == nil {
				err = results.WriteFile(s.path, b.Bytes())
			}
		}
		if err != nil && first == nil {
			first = fmt.Errorf("--out %s: %w", s.format, err)
		}
	}
	return first
}
