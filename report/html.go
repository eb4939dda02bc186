package report

import (
	_ "embed"
	"encoding/json"
	"html"
	"io"
	"strings"
)

// uPlotVersion is the version of the embedded uPlot (assets/README.md).
const uPlotVersion = "1.6.32"

var (
	//go:embed assets/uPlot.iife.min.js
	uPlotJS string
	//go:embed assets/uPlot.min.css
	uPlotCSS string
	//go:embed assets/page.html
	pageHTML string
	//go:embed assets/page.css
	pageCSS string
	//go:embed assets/page.js
	pageJS string
)

// HTML writes d as one self-contained HTML page: uPlot, the page's script
// and style, and the report's data are all inline, so the file opens
// offline and makes no network request (its Content-Security-Policy
// forbids any but the live dashboard's own event stream).
func HTML(w io.Writer, d *Doc) error {
	data, err := json.Marshal(d) // escapes <, > and &: no </script> can appear
	if err != nil {
		return err
	}
	page := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(d.Title),
		"{{UPLOT_VERSION}}", uPlotVersion,
		"{{UPLOT_CSS}}", uPlotCSS,
		"{{PAGE_CSS}}", pageCSS,
		"{{DOC}}", string(data),
		"{{UPLOT_JS}}", uPlotJS,
		"{{PAGE_JS}}", pageJS,
	).Replace(pageHTML)
	_, err = io.WriteString(w, page)
	return err
}
