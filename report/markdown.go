package report

import (
	"fmt"
	"io"
	"strings"
)

// Markdown writes d as a Markdown report. Charts are drawn only in the
// HTML report; Markdown names each one so a reader knows it is there.
func Markdown(w io.Writer, d *Doc) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", d.Title)
	if d.Summary != "" {
		fmt.Fprintf(&b, "**%s**\n\n", d.Summary)
	}
	var charts []string
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "## %s\n\n", s.Title)
		for _, bl := range s.Blocks {
			switch {
			case bl.Para != "":
				fmt.Fprintf(&b, "%s\n\n", mdText(bl.Para))
			case len(bl.List) > 0:
				for _, it := range bl.List {
					fmt.Fprintf(&b, "- %s\n", mdText(it))
				}
				b.WriteString("\n")
			case bl.Code != "":
				fmt.Fprintf(&b, "```sh\n%s\n```\n\n", bl.Code)
			case bl.Table != nil:
				mdTable(&b, bl.Table)
			case bl.Chart != nil:
				charts = append(charts, bl.Chart.Title)
			}
		}
	}
	if len(charts) > 0 {
		fmt.Fprintf(&b, "---\n\nCharts in report.html: %s.\n", strings.Join(charts, "; "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mdTable(b *strings.Builder, t *Table) {
	head := t.Head
	cells := func(row []string) {
		b.WriteString("|")
		for _, c := range row {
			fmt.Fprintf(b, " %s |", mdCell(c))
		}
		b.WriteString("\n")
	}
	cells(head)
	b.WriteString("|")
	for i := range head {
		if i < len(t.Align) && t.Align[i] == 'r' {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, row := range t.Rows {
		cells(row)
	}
	b.WriteString("\n")
}

// mdText escapes what Markdown would take as markup in plain text.
// Underscores stay: GitHub's Markdown does not read them inside words, and
// oltp_read_write stays readable in the raw file.
func mdText(s string) string { return mdEscaper.Replace(s) }

// mdEscaper is mdText's replacer, built once (a report escapes every cell).
var mdEscaper = strings.NewReplacer("*", `\*`, "`", "\\`", "<", "&lt;")

func mdCell(s string) string { return strings.ReplaceAll(mdText(s), "|", `\|`) }
