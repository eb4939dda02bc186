package k8s

import (
	"time"

	"github.com/dbgauge/dbgauge/deploy"
	"github.com/dbgauge/dbgauge/session"
)

// PodResultsDir is a pod's own results folder when there is no results
// volume: the container's /tmp (the launcher has the result from the log).
const PodResultsDir = "/tmp/dbgauge-results"

// NewLaunch is the Launch of verb (deploy.VerbRun, VerbPrepare or
// VerbCleanup) for a workload whose results folders are named folder: a
// run over shards pods, a prepare or a cleanup in one. The worker's Spec
// goes without its target (the pods read the URL from a Secret) and writes
// its results folder in the results volume if there is one, else in the
// pod's PodResultsDir. files are a workload file's (deploy.FilesFor): the
// pods have the image, not this machine's files.
func NewLaunch(verb, folder string, shards int, s session.Spec, files map[string]string, opts Options, now time.Time) Launch {
	if verb != deploy.VerbRun {
		shards = 1
	}
	s.Target = ""
	l := Launch{Name: JobName(verb, folder, now), Opts: opts,
		Worker: deploy.Worker{Verb: verb, Shards: shards, Spec: s, Files: files}}
	l.Worker.Spec.ResultsDir = PodResultsDir
	if opts.ResultsVolume != "" {
		l.Worker.Spec.ResultsDir = ResultsMount + "/" + l.Name
	}
	return l
}
