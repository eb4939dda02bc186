package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/dbgauge/dbgauge/results"
)

// serverSettings are the server settings a run changed (--server-set).
func serverSettings(r *results.Result) []results.ServerSetting {
	if r.Environment == nil {
		return nil
	}
	return r.Environment.ServerSettings
}

// serverSettingsSection prints the settings the run changed: the value in
// force, what was asked when the server shows it otherwise, the value
// before, and whether it was put back.
func serverSettingsSection(w io.Writer, r *results.Result) {
	ss := serverSettings(r)
	if len(ss) == 0 {
		return
	}
	fmt.Fprintf(w, "Server settings changed for the run (--server-set):\n")
	for _, s := range ss {
		fmt.Fprintf(w, "    %-36s %s\n", s.Name+":", settingText(s))
	}
	fmt.Fprintln(w)
}

// settingText is "64MB (was 4MB; put back)", with what was asked when the
// server shows it otherwise.
func settingText(s results.ServerSetting) string {
	var b strings.Builder
	b.WriteString(s.InForce)
	b.WriteString(" (")
	if s.Value != s.InForce {
		fmt.Fprintf(&b, "asked %s, ", s.Value)
	}
	fmt.Fprintf(&b, "was %s; %s)", s.Previous, restoredText(s))
	return b.String()
}

func restoredText(s results.ServerSetting) string {
	switch {
	case s.Restored:
		return "put back"
	case s.RestoreError != "":
		return "NOT put back: " + s.RestoreError
	}
	return "NOT put back"
}

// serverSettingsTable is the run report's table of the settings changed.
func serverSettingsTable(r *results.Result) *Table {
	t := &Table{Head: []string{"setting", "during the run", "asked", "before", "after the run"}}
	for _, s := range serverSettings(r) {
		t.Rows = append(t.Rows, []string{s.Name, s.InForce, s.Value, s.Previous, restoredText(s)})
	}
	return t
}

// differingSettings labels a run with the settings whose values differ
// between rs (a setting the run left alone is "default").
func differingSettings(rs []*results.Result) func(r *results.Result) string {
	return differingKeys(rs, func(r *results.Result) map[string]string {
		m := map[string]string{}
		for _, s := range serverSettings(r) {
			m[s.Name] = s.InForce
		}
		return m
	}, nil, "default")
}

// settingsLabel is the settings a run changed as NAME=VALUE in force.
func settingsLabel(r *results.Result) string {
	var parts []string
	for _, s := range serverSettings(r) {
		parts = append(parts, s.Name+"="+s.InForce)
	}
	return strings.Join(parts, " ")
}
