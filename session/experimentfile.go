package session

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dbgauge/dbgauge/catalog"
	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/experiment"
)

// notInExperiments are settings an experiment file may not set: the file
// names its targets, the experiment owns its folder, prepare is a policy.
var notInExperiments = []string{"db", "out", "results-dir", "no-prepare"}

// serverSetPrefix lets an experiment file name one server setting per key
// (`server-set.query_cache_type: [0, 1]` in a matrix), as well as
// `server-set: NAME=VALUE`.
const serverSetPrefix = "server-set."

// PlanExperiment reads the experiment file at path and decodes each of its
// runs into a Spec through RunSettings and the workload's options, so that
// a key means in a file what its flag means on the command line; each run
// is checked as NewPlan checks it, its folder under resultsDir. word puts
// session's typed errors in the caller's words (the CLI's flags).
//
// A file that does not parse returns a nil File and Load's error. Otherwise
// every problem of every run is reported at once in an *experiment.Errors
// sorted by line, with the File (its targets, whose secrets the caller
// keeps out of the messages).
func PlanExperiment(path, resultsDir string, word func(error) string) (*experiment.File, []ExperimentRun, error) {
	f, err := experiment.Load(path)
	if err != nil {
		return nil, nil, err
	}
	errs := &experiment.Errors{File: path}
	seen := map[string]bool{}
	report := func(line int, format string, args ...any) {
		key := fmt.Sprintf("%d:"+format, append([]any{line}, args...)...)
		if !seen[key] {
			seen[key] = true
			errs.Add(line, format, args...)
		}
	}
	for _, t := range f.Targets {
		if _, err := ResolveTarget(t.URL); err != nil {
			report(t.Line, "target %s: %v", t.Name, db.Redact(strings.Join(strings.Fields(word(err)), " ")))
		}
	}
	var runs []ExperimentRun
	for _, r := range f.Runs() {
		in, ok := decodeRun(r, report, word)
		if !ok {
			continue
		}
		in.Spec.ResultsDir = resultsDir
		s, err := in.Build(r.Workload)
		if err != nil {
			return f, nil, err
		}
		runs = append(runs, ExperimentRun{Step: r.Step, Repeat: r.Repeat, Workload: r.Workload,
			Target: r.Target.Name, Params: r.Label(), Spec: s})
	}
	if len(errs.List) > 0 {
		sort.SliceStable(errs.List, func(i, j int) bool { return errs.List[i].Line < errs.List[j].Line })
		return f, nil, errs
	}
	return f, runs, nil
}

// decodeRun sets one run's Inputs from its settings, in order, and checks
// them; it reports every problem and says whether the run is sound.
func decodeRun(r experiment.Run, report func(int, string, ...any), word func(error) string) (*Inputs, bool) {
	in := NewInputs()
	w, known := catalog.Workload(r.Workload)
	if !known {
		report(r.Line, "unknown workload %q (see `dbgauge list`)", r.Workload)
		return nil, false
	}
	options := map[string]string{} // normalised name -> the option's own
	for _, opt := range w.Options() {
		options[norm(opt.Name)] = opt.Name
	}
	changed := map[string]bool{}
	ok := true
	for _, s := range r.Settings {
		key, value := serverSetKey(s.Key, s.Value)
		key = norm(key)
		st, isSetting := FindSetting(key)
		option, isOption := options[key]
		if isSetting && isOption {
			isOption = false // a common setting keeps its name; the option is opt-NAME
		} else if name, found := strings.CutPrefix(key, "opt-"); found && !isSetting {
			if _, clash := FindSetting(name); clash {
				option, isOption = options[name], options[name] != ""
			}
		}
		switch {
		case slices.Contains(notInExperiments, key):
			report(s.Line, "%s cannot be set in an experiment file (targets name the databases; the experiment owns its folder; prepare is a policy)", key)
			ok = false
		case isSetting:
			if err := SetSetting(in, st, value, changed[st.Name]); err != nil {
				if key == "server-set" {
					// As the command line words it: the argument, its flag, the problem.
					report(s.Line, "server-set: %s", word(&SettingError{format: `invalid argument %q for "{server-set}" flag: %v`, args: []any{value, err}, err: err}))
				} else {
					report(s.Line, "%s: %q is not a valid %s", key, value, st.TypeName())
				}
				ok = false
				continue
			}
			changed[st.Name] = true
		case isOption:
			if in.Options == nil {
				in.Options = map[string]string{}
			}
			in.Options[option] = value
		case len(catalog.OptionOwners(key)) > 0:
			report(s.Line, "%s is not an option of %s", key, r.Workload)
			ok = false
		default:
			report(s.Line, "unknown option %q: not a run flag nor an option of any workload (see `dbgauge list`)", s.Key)
			ok = false
		}
	}
	// Go on with what was valid: the remaining problems are reported now
	// too, not after the user fixed the first ones.
	in.DB = r.Target.URL
	in.Spec.Prepare = r.Prepare
	in.Spec.Workload = r.Workload
	if err := in.Check(); err != nil {
		report(r.Line, "%s: %v", r.Workload, word(err))
		return nil, false
	}
	s, err := in.Build(r.Workload)
	if err == nil {
		_, err = NewPlan(s, true)
	}
	if err != nil {
		report(r.Line, "%v", word(err))
		return nil, false
	}
	return in, ok
}

// serverSetKey turns a key server-set.NAME and its value into the
// server-set setting and its NAME=VALUE; other keys pass unchanged.
func serverSetKey(key, value string) (string, string) {
	if len(key) > len(serverSetPrefix) && norm(key[:len(serverSetPrefix)]) == serverSetPrefix {
		return "server-set", key[len(serverSetPrefix):] + "=" + value
	}
	return key, value
}

// norm is a setting's name with dashes: --table_size is --table-size.
func norm(name string) string { return strings.ReplaceAll(name, "_", "-") }
