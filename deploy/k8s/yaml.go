package k8s

import (
	"fmt"
	"io"

	"sigs.k8s.io/yaml"
)

// WriteYAML writes what the launch would submit, as `kubectl apply` takes
// it: the Secret the launcher would make (its URL replaced by a note, never
// printed), then the Job.
func (l Launch) WriteYAML(w io.Writer) error {
	job, err := l.Job()
	if err != nil {
		return err
	}
	if sec := l.Secret("(the URL of --db, not printed)"); sec != nil {
		b, _ := yaml.Marshal(sec)
		fmt.Fprintf(w, "# Created at submit from --db, deleted at the end.\n%s---\n", b)
	}
	b, err := yaml.Marshal(job)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
