package report

import (
	"bytes"
	"path/filepath"

	"github.com/dbgauge/dbgauge/results"
)

// The reports written beside a result, a sweep or an experiment.
const (
	MarkdownFile = "report.md"
	HTMLFile     = "report.html"
)

// WriteFiles writes d as report.md and report.html into dir, each whole or
// not at all, and returns their paths.
func WriteFiles(dir string, d *Doc) ([]string, error) {
	var md, page bytes.Buffer
	if err := Markdown(&md, d); err != nil {
		return nil, err
	}
	if err := HTML(&page, d); err != nil {
		return nil, err
	}
	var paths []string
	for _, f := range []struct {
		name string
		data []byte
	}{{MarkdownFile, md.Bytes()}, {HTMLFile, page.Bytes()}} {
		p := filepath.Join(dir, f.name)
		if err := results.WriteFile(p, f.data); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
