package run

import "testing"

func TestWakeupsFor(t *testing.T) {
	for env, want := range map[string]string{
		"":                    "",
		"base":                "",
		"raw":                 "raw",
		"noyield, raw":        "raw,noyield",
		"locked,noyield,what": "locked,noyield",
	} {
		if got := wakeupsFor(env).applied(); got != want {
			t.Errorf("wakeupsFor(%q) applies %q, want %q", env, got, want)
		}
	}
}
