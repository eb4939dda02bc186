package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// cliReference renders every command of the tree under root, depth first in
// cobra's order, with its usage and flags. Hidden commands and flags are left
// out, as help leaves them out.
func cliReference(root *cobra.Command) []byte {
	var b bytes.Buffer
	b.WriteString("# Command-line reference\n\n")
	fmt.Fprintf(&b, "Generated from the command tree of `internal/cli` by `%s`: do not edit it by hand. A test fails when it is stale.\n\n", regenerate)
	fmt.Fprintf(&b, "Commands that take a workload (%s, and the bare command) also take that workload's own options, bound when the command line names it: `dbgauge run WORKLOAD --help` lists them, and [options.md](options.md) lists every workload's.\n\n", quoted(takesWorkload(root)))
	b.WriteString("## Commands\n\n")
	cmds := visible(root)
	for _, c := range cmds {
		depth := strings.Count(c.CommandPath(), " ")
		fmt.Fprintf(&b, "%s- [%s](#%s): %s\n", strings.Repeat("  ", depth), c.CommandPath(), anchor(c.CommandPath()), oneLine(c.Short))
	}
	for _, c := range cmds {
		writeCommand(&b, c)
	}
	return b.Bytes()
}

// takesWorkload names the commands under root whose usage names a
// WORKLOAD argument they require: those bind a workload's options.
func takesWorkload(root *cobra.Command) []string {
	var names []string
	for _, c := range visible(root) {
		if strings.Contains(" "+c.Use+" ", " WORKLOAD ") {
			names = append(names, strings.TrimPrefix(c.CommandPath(), root.Name()+" "))
		}
	}
	return names
}

// quoted is names in code spans, joined by commas.
func quoted(names []string) string {
	return "`" + strings.Join(names, "`, `") + "`"
}

// visible is c and every command under it that help shows.
func visible(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		if sub.Hidden || sub.Deprecated != "" || sub.Name() == "help" {
			continue
		}
		out = append(out, visible(sub)...)
	}
	return out
}

func writeCommand(b *bytes.Buffer, c *cobra.Command) {
	fmt.Fprintf(b, "\n## %s\n\n", c.CommandPath())
	if c.Short != "" {
		fmt.Fprintf(b, "%s.\n\n", strings.TrimSuffix(oneLine(c.Short), "."))
	}
	if long := strings.TrimSpace(c.Long); long != "" {
		fmt.Fprintf(b, "```text\n%s\n```\n\n", long)
	}
	b.WriteString("Usage:\n\n```text\n")
	if c.Runnable() {
		fmt.Fprintf(b, "%s\n", c.UseLine())
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintf(b, "%s COMMAND\n", c.CommandPath())
	}
	b.WriteString("```\n")
	if len(c.Aliases) > 0 {
		fmt.Fprintf(b, "\nAliases: %s\n", strings.Join(c.Aliases, ", "))
	}
	if ex := strings.TrimSpace(c.Example); ex != "" {
		fmt.Fprintf(b, "\nExamples:\n\n```sh\n%s\n```\n", ex)
	}
	if subs := visible(c)[1:]; len(subs) > 0 {
		b.WriteString("\nCommands:\n\n")
		for _, s := range subs {
			if s.Parent() == c {
				fmt.Fprintf(b, "- [%s](#%s): %s\n", s.CommandPath(), anchor(s.CommandPath()), oneLine(s.Short))
			}
		}
	}
	flagTable(b, "Flags", c.NonInheritedFlags())
	flagTable(b, "Flags inherited from parent commands", c.InheritedFlags())
}

// flagTable writes the visible flags of fs as a table, sorted by name.
func flagTable(b *bytes.Buffer, title string, fs *pflag.FlagSet) {
	var rows []string
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Deprecated != "" {
			return
		}
		name, usage := pflag.UnquoteUsage(f)
		flag := "--" + f.Name
		if f.Shorthand != "" && f.ShorthandDeprecated == "" {
			flag = "-" + f.Shorthand + ", " + flag
		}
		value := ""
		if name != "" {
			value = "`" + name + "`"
		}
		rows = append(rows, fmt.Sprintf("| `%s` | %s | %s | %s |", flag, value, defaultOf(f), cell(usage)))
	})
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(b, "\n%s:\n\n| flag | value | default | meaning |\n|---|---|---|---|\n", title)
	b.WriteString(strings.Join(rows, "\n"))
	b.WriteString("\n")
}

// defaultOf is a flag's default as help shows it, blank when it is the
// type's zero value.
func defaultOf(f *pflag.Flag) string {
	switch f.DefValue {
	case "", "0", "false", "[]", "0s":
		return ""
	}
	return "`" + f.DefValue + "`"
}

// anchor is the anchor GitHub gives a heading's text: lower case, spaces
// to dashes, other punctuation dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ' || r == '-':
			b.WriteRune('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// oneLine joins a text's lines.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// cell is text fit for a table cell: one line, pipes escaped.
func cell(s string) string { return strings.ReplaceAll(oneLine(s), "|", `\|`) }
