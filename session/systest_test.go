package session

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dbgauge/dbgauge/sys"
)

func TestConfigureSys(t *testing.T) {
	var cpu sys.CPU
	s := NewSpec("", "cpu")
	s.Users = 2
	tst, v, err := ConfigureSys(cpu, map[string]string{"cpu-max-prime": "2000"}, s)
	if err != nil || tst == nil || v.Map()["cpu-max-prime"] != "2000" {
		t.Fatalf("cpu: %v, %v, %v", tst, v.Map(), err)
	}
	flag := func(s string) string { return "--" + s }
	s.Users = 0
	var se *SettingError
	if _, _, err := ConfigureSys(cpu, nil, s); !errors.As(err, &se) || KindOf(err) != Usage || !strings.HasPrefix(se.Words(flag), "--threads must be between 1 and") {
		t.Errorf("0 threads: %v", err)
	}
	s.Users = 1
	if _, _, err := ConfigureSys(cpu, map[string]string{"cpu-max-prime": "x"}, s); KindOf(err) != Usage || !strings.HasPrefix(err.Error(), "sys cpu: ") {
		t.Errorf("a bad option: %v", err)
	}
}

func TestCheckResultsDir(t *testing.T) {
	s := NewSpec("", "cpu")
	s.ResultsDir = filepath.Join(t.TempDir(), "a", "b")
	if err := s.CheckResultsDir(); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, nil, 0o644)
	s.ResultsDir = filepath.Join(file, "sub")
	var de *ResultsDirError
	if err := s.CheckResultsDir(); !errors.As(err, &de) || KindOf(err) != Usage || !strings.HasPrefix(de.Err.Error(), "cannot create "+s.ResultsDir+": ") {
		t.Errorf("a results directory under a file: %v", err)
	}
}
