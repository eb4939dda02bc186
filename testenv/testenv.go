// Package testenv gates tests on what they need from the machine: a real
// server's URL in an environment variable (scripts/services sets them), a
// tool such as sysbench, a file. It is the one place that words the
// project's rule: when a need is missing, a test is skipped loudly in a
// developer's loop, with a line that starts "SKIPPED" and names what is
// missing and how to get it, and fails under CI (the CI variable set),
// where every test must run.
package testenv

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"testing"
)

// ServersHint says how to set the servers' variables.
const ServersHint = `run scripts/test, or eval "$(scripts/services start)" first`

// CI reports whether the tests run under CI: the CI variable is set.
func CI() bool { return os.Getenv("CI") != "" }

// Missing ends the test because something it needs is missing; the
// message says what, and how to get it. Under CI the test fails; elsewhere
// it is skipped with "SKIPPED: " and the message.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if CI() {
		t.Fatalf("%s (CI must run every test)", msg)
	}
	t.Skip("SKIPPED: " + msg)
}

// Skip skips the test everywhere, CI included, with "SKIPPED: " and the
// message: for what no CI machine can give (a database that cannot be
// installed here, a kernel feature the file system lacks). A need that CI
// provides is Missing instead.
func Skip(t testing.TB, format string, args ...any) {
	t.Helper()
	t.Skip("SKIPPED: " + fmt.Sprintf(format, args...))
}

// Env returns the value of the environment variable name; when it is
// empty, the test is Missing, and how says how to set it.
func Env(t testing.TB, name, how string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		Missing(t, "%s is not set; %s", name, how)
	}
	return v
}

// URL returns the URL of a real server from the environment variable name
// (DBGAUGE_TEST_POSTGRES, ...); when it is empty, the test is Missing.
func URL(t testing.TB, name string) string {
	t.Helper()
	return Env(t, name, ServersHint)
}

// MissingPart is Missing for a part of a test: under CI the test fails;
// elsewhere it logs "SKIPPED part: " and the message, and goes on.
func MissingPart(t testing.TB, part, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if CI() {
		t.Fatalf("%s (CI must run every test)", msg)
	}
	t.Logf("SKIPPED %s: %s", part, msg)
}

// URLs is URL for a test with one part per server: envs maps each part's
// label to its variable, and URLs returns the labels' URLs that are set.
// A variable that is empty fails the test under CI; elsewhere the test
// logs "SKIPPED label: ..." and goes on with the other parts.
func URLs(t testing.TB, envs map[string]string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, label := range slices.Sorted(maps.Keys(envs)) {
		name := envs[label]
		if v := os.Getenv(name); v != "" {
			out[label] = v
			continue
		}
		MissingPart(t, label, "%s is not set; %s", name, ServersHint)
	}
	return out
}
