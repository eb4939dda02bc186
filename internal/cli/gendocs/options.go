package main

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/dbgauge/dbgauge/workload"
)

// optionsReference renders the options every workload declares
// (workload.Option), one section per workload in catalog order; commands
// are the commands that take a workload.
func optionsReference(ws []workload.Workload, commands []string) []byte {
	var b bytes.Buffer
	b.WriteString("# Workload options reference\n\n")
	fmt.Fprintf(&b, "Generated from the `workload.Option` declarations of every workload in `catalog` by `%s`: do not edit it by hand. A test fails when it is stale.\n\n", regenerate)
	b.WriteString("A workload's options are given after its name on the command line of the commands that take a workload (" + quoted(commands) + "), as `--table-size 100000` (`--table_size` is the same option), or in an experiment file. An option of another workload is refused (exit 2). Boolean options take `on`/`off` (also `true`/`false`), and a bare `--name` is `on`. The options common to every workload (`--users`, `--time`, …) are in [cli.md](cli.md#dbgauge-run). A workload file (`.yaml`, `.lua`) declares its own: `dbgauge list FILE` prints them. An option marked in the *data size* column sizes the prepared data (rows, records): `dbgauge sweep` may vary it, as `--table-size 1000,10000`, preparing the data at each size in turn.\n\n")
	b.WriteString("| workload | family | description |\n|---|---|---|\n")
	for _, w := range ws {
		m := w.Meta()
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s |\n", m.Name, anchor(m.Name), m.Family, cell(m.Description))
	}
	for _, w := range ws {
		m := w.Meta()
		fmt.Fprintf(&b, "\n## %s\n\n", m.Name)
		if m.Description != "" {
			fmt.Fprintf(&b, "%s\n\n", oneLine(m.Description))
		}
		opts := w.Options()
		if len(opts) == 0 {
			b.WriteString("No options of its own.\n")
			continue
		}
		b.WriteString("| option | type | default | values | data size | databases | meaning |\n|---|---|---|---|---|---|---|\n")
		for _, o := range opts {
			def := ""
			if o.Default != "" {
				def = "`" + o.Default + "`"
			}
			fmt.Fprintf(&b, "| `--%s` | %s | %s | %s | %s | %s | %s |\n", o.Name, o.Kind, cell(def), cell(values(o)), dataSize(o), strings.Join(o.Drivers, ", "), cell(o.Help))
		}
	}
	return b.Bytes()
}

// dataSize is the data size column: "yes" for an option that sizes the
// prepared data (workload.Option.DataSize), which a sweep may vary.
func dataSize(o workload.Option) string {
	if o.DataSize {
		return "yes"
	}
	return ""
}

// values says what an option accepts beyond its type: an enum's choices, an
// int's bounds (Max 0: no upper bound; math.MinInt64: no lower one).
func values(o workload.Option) string {
	switch {
	case len(o.Choices) > 0:
		return strings.Join(o.Choices, ", ")
	case o.Kind != workload.Int:
		return ""
	case o.Max != 0 && o.Min == math.MinInt64:
		return fmt.Sprintf("≤ %d", o.Max)
	case o.Max != 0:
		return fmt.Sprintf("%d..%d", o.Min, o.Max)
	case o.Min != 0 && o.Min != math.MinInt64:
		return fmt.Sprintf("≥ %d", o.Min)
	}
	return ""
}
