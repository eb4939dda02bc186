// Package deploy runs one run as N shards in separate processes and brings
// their results back as one: on this machine (Local, `dbgauge run --shards
// N`) or, through deploy/k8s, as the pods of a Kubernetes Indexed Job. Every
// shard is the hidden command `dbgauge worker`, told what to do by its
// environment (Worker), started for a common --start-at so the measured
// windows overlap; it prints its result as a block on its output
// (results.WriteStream), which the launcher reads, saves as the shard's
// result.json as soon as it has it, and merges exactly (session.Merge).
// ForShards is the Spec a launcher hands its shards; CheckLocal refuses what
// `run --shards` cannot do, ReadyLocal checks and readies it and
// NewLocalLaunch makes a launch on this machine; Work is what a worker does
// (RunShard its shard of a run); LiveFor follows a launch's intervals as
// they come (Local.Obs, k8s's Launch); Collector.Finish merges a launch and
// finishes it as a run's (reports, thresholds, outputs, store), LaunchErr
// says how a merged launch ended and Collector.PodEnd how a prepare or
// cleanup pod did (its ExitError, with the pod's exit code). Its setting
// errors name settings in braces (session.Settingf), for its caller to word.
//
// deploy imports session and results; never a workload or a driver.
package deploy

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/dbgauge/dbgauge/session"
)

// The worker's environment.
const (
	// EnvWorker holds the Worker as JSON, without the target.
	EnvWorker = "DBGAUGE_WORKER"
	// EnvDB is the database URL; in Kubernetes it comes from a Secret, so
	// the password is never in the Job's spec.
	EnvDB = "DBGAUGE_DB"
	// EnvIndex is the shard's index for local shards; Kubernetes gives an
	// Indexed Job's pod EnvJobIndex.
	EnvIndex    = "DBGAUGE_SHARD_INDEX"
	EnvJobIndex = "JOB_COMPLETION_INDEX"
)

// Verbs a worker carries out.
const (
	VerbRun     = "run"
	VerbPrepare = "prepare"
	VerbCleanup = "cleanup"
)

// ExitLate is a worker's exit code when the common start had passed before
// its users were ready: retrying it would only be later still, so the
// Kubernetes Job fails that index at once (podFailurePolicy FailIndex), as it
// does for bad input (exit 2).
const ExitLate = 7

// Worker is what one shard process does: a verb on a Spec whose Target is
// empty (EnvDB gives it) and whose Shard is set from the index the process
// is given, of Shards.
type Worker struct {
	Verb   string       `json:"verb"`
	Shards int          `json:"shards"`
	Spec   session.Spec `json:"spec"`
	// Files are the workload files a pod needs, by base name (a
	// declarative workload; a Lua script and the modules beside it): the
	// launcher's machine has them, the image does not (FilesFor).
	Files map[string]string `json:"files,omitempty"`
}

// MaxFiles bounds the workload files a Job carries in its spec (the API
// server keeps an object in etcd, 1.5 MiB at most).
const MaxFiles = 512 << 10

// FilesFor reads the workload file at path for a Worker: the file itself
// and, for a Lua script, the other .lua files of its directory (the
// modules it may require, as sysbench's oltp_common.lua).
func FilesFor(path string) (map[string]string, error) {
	paths := []string{path}
	if strings.EqualFold(filepath.Ext(path), ".lua") {
		others, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.lua"))
		paths = append(paths, others...)
	}
	files, total := map[string]string{}, 0
	for _, p := range paths {
		if _, ok := files[filepath.Base(p)]; ok {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		total += len(b)
		if total > MaxFiles {
			return nil, fmt.Errorf("the workload files beside %s hold more than %d KiB: put the script in a directory of its own", path, MaxFiles>>10)
		}
		files[filepath.Base(p)] = string(b)
	}
	return files, nil
}

// writeFiles writes w's files into a new directory and points the Spec's
// workload at its copy there.
func (w *Worker) writeFiles() error {
	dir, err := os.MkdirTemp("", "dbgauge-workload-")
	if err != nil {
		return err
	}
	for name, body := range w.Files {
		if name != filepath.Base(name) || name == "." || name == ".." {
			return fmt.Errorf("%s: a workload file's name %q is not a base name", EnvWorker, name)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			return err
		}
	}
	w.Spec.Workload = filepath.Join(dir, filepath.Base(w.Spec.Workload))
	return nil
}

// Env is w as the value of EnvWorker. The target is left out.
func (w Worker) Env() (string, error) {
	w.Spec.Target = ""
	b, err := json.Marshal(w)
	return string(b), err
}

// FromEnv reads the Worker of this process from getenv: its Spec with the
// target and this shard's index filled in.
func FromEnv(getenv func(string) string) (Worker, error) {
	var w Worker
	raw := getenv(EnvWorker)
	if raw == "" {
		return w, fmt.Errorf("%s is not set: `dbgauge worker` is started by `dbgauge run --shards` or `dbgauge k8s`, not by hand", EnvWorker)
	}
	if err := json.Unmarshal([]byte(raw), &w); err != nil {
		return w, fmt.Errorf("%s is not a worker description: %v", EnvWorker, err)
	}
	switch w.Verb {
	case VerbRun, VerbPrepare, VerbCleanup:
	default:
		return w, fmt.Errorf("%s: unknown verb %q", EnvWorker, w.Verb)
	}
	if len(w.Files) > 0 {
		if err := w.writeFiles(); err != nil {
			return w, err
		}
	}
	w.Spec.Target = getenv(EnvDB)
	if w.Spec.Target == "" {
		return w, fmt.Errorf("%s is not set: the worker has no database to use", EnvDB)
	}
	if w.Shards > 1 {
		raw := getenv(EnvIndex)
		if raw == "" {
			raw = getenv(EnvJobIndex)
		}
		i, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil || i < 0 || i >= w.Shards {
			return w, fmt.Errorf("the shard index (%s or %s) is %q: want 0 to %d", EnvIndex, EnvJobIndex, raw, w.Shards-1)
		}
		w.Spec.Shard = fmt.Sprintf("%d/%d", i, w.Shards)
	}
	return w, nil
}

// StartAt is the common start of a launch: the measured load begins delay
// (the time the shards need to start and connect) plus the warmup after now,
// on a whole second.
func StartAt(now time.Time, delay time.Duration, warmupS int) string {
	t := now.Add(delay).Add(time.Duration(warmupS) * time.Second).Truncate(time.Second).Add(time.Second)
	return t.UTC().Format(time.RFC3339)
}

// ForShards is s as a launcher hands it to its shards: measured from a
// common start (s.StartAt, or delay plus the warmup after now), its shard
// left for the launcher to give each, and its data never prepared by a
// shard (the launcher made it ready once, before the shards start).
func ForShards(s session.Spec, delay time.Duration, now time.Time) session.Spec {
	if s.StartAt == "" {
		s.StartAt = StartAt(now, delay, s.WarmupS)
	}
	s.Shard, s.Prepare = "", session.PrepareNever
	return s
}
