package layout

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/dbgauge/dbgauge/"

// allowed lists, for each package (or family, ending in /), the dbgauge
// packages its non-test files may import. Anything not listed is refused.
var allowed = map[string][]string{
	"hist":            nil,
	"yamlfile":        nil, // what dbgauge's YAML files share: problems at their lines
	"testenv":         nil, // tests' gates on servers and tools (skip locally, fail under CI)
	"randgen":         nil,
	"results":         nil,
	"results/store":   {"results"},
	"load":            nil,
	"db":              nil,
	"db/sqldb":        {"db"},
	"db/":             {"db", "db/sqldb", "db/sockconn", "db/handlersocket"}, // one package per database; MySQL's opens its HandlerSocket
	"db/dbtest":       {"db", "db/sqldb", "testenv"},                         // the drivers' conformance suite, for test files only
	"workload":        {"db", "randgen"},
	"workload/wltest": {"workload", "db", "randgen"},
	// dataset owns the prepare/check/cleanup lifecycle over its stamp-store
	// port; one adapter per data-model family, none knowing a driver.
	"dataset":            {"workload", "db", "load"},
	"dataset/sqlstore":   {"dataset", "db", "db/sqldb", "load", "workload"},
	"dataset/mongostore": {"dataset", "db"},
	"dataset/redisstore": {"dataset", "db"},
	// Workloads describe their data for the adapters; they never load or
	// stamp it themselves.
	"workloads/": {"workload", "db", "db/sqldb", "randgen", "dataset", "dataset/", "workloads/internal/sqlrun", "yamlfile"},
	// The kv workloads' HandlerSocket store speaks the plugin's protocol
	// (db/handlersocket, a data-model family of its own as SQL is), which
	// a connection offers by type assertion, never by the database's name.
	"workloads/kv": {"workload", "db", "db/sqldb", "db/handlersocket", "randgen", "dataset", "dataset/"},
	// A sysbench script's prepare is its own code, not data: its parallel
	// command runs one Lua state per thread through load's pool.
	"workloads/script": {"workload", "db", "db/sqldb", "randgen", "dataset", "dataset/", "load"},
	// The data workload tests run on, prepared on each database: for test
	// files only (no workload's non-test file may import it).
	"workloads/internal/fixture": {"db", "db/"},
	"sys":                        {"workload"}, // machine micro-benchmarks: no database
	// The runner owns the client's threads (GOMAXPROCS), and so whether
	// connections use blocking sockets.
	"run":         {"workload", "db", "db/sockconn", "hist", "randgen", "results"},
	"report":      {"hist", "results"},
	"report/live": {"report", "results"}, // the --web dashboard's HTTP server
	"monitor":     {"results"},
	"catalog":     {"workload", "db", "db/", "workloads/"},
	"experiment":  {"yamlfile"}, // problems at their lines, as declarative workloads
	"session":     {"catalog", "experiment", "workload", "db", "run", "hist", "monitor", "report", "results", "results/store", "sys"},
	// Launchers of a run's shards as processes here or pods of a Job.
	"deploy":                 {"session", "results", "hist"},
	"deploy/k8s":             {"deploy", "session", "results"},
	"deploy/k8s/kubelettest": {"testenv"}, // tests' stand-in kubelet
	"internal/cli":           {"workload", "catalog", "db", "deploy", "deploy/k8s", "experiment", "monitor", "report", "report/live", "results", "results/store", "session", "sys"},
	"internal/":              {},
	// The generator of docs/reference: the command tree and the workloads' options.
	"internal/cli/gendocs": {"internal/cli", "catalog", "workload"},
	"cmd/dbgauge":          {"internal/cli"},
	"internal/layout":      nil,
	// A measurement's own program (scripts/perf/floor.sh): the cheapest Go
	// client of sysbench's round trips, drawing ids as sysbench does.
	"scripts/perf/pgfloor": {"randgen"},
}

func rule(pkg string) ([]string, bool) {
	if r, ok := allowed[pkg]; ok {
		return r, true
	}
	for prefix, r := range allowed {
		if strings.HasSuffix(prefix, "/") && strings.HasPrefix(pkg, prefix) {
			return r, true
		}
	}
	return nil, false
}

func permits(list []string, imp string) bool {
	for _, a := range list {
		if a == imp || (strings.HasSuffix(a, "/") && strings.HasPrefix(imp, a)) {
			return true
		}
	}
	return false
}

// TestLayering walks every non-test Go file and checks its dbgauge imports.
func TestLayering(t *testing.T) {
	root := "../.."
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		list, ok := rule(pkg)
		if !ok {
			t.Errorf("package %s has no layering rule: add it to allowed", pkg)
			return nil
		}
		for _, spec := range f.Imports {
			imp := strings.Trim(spec.Path.Value, `"`)
			if !strings.HasPrefix(imp, module) {
				continue
			}
			imp = strings.TrimPrefix(imp, module)
			if !permits(list, imp) {
				t.Errorf("%s imports %s, which its layer may not", path, imp)
			}
		}
		checked++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("checked only %d files: is the walk rooted right?", checked)
	}
}

// TestFileSize keeps files small (DESIGN.md §4 rule 8: under ~600 lines).
func TestFileSize(t *testing.T) {
	var big []string
	filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			b, _ := os.ReadFile(path)
			if n := strings.Count(string(b), "\n"); n > 600 {
				big = append(big, path)
			}
		}
		return nil
	})
	slices.Sort(big)
	if len(big) > 0 {
		t.Errorf("files over 600 lines: %v", big)
	}
}
