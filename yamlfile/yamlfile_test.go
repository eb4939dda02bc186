package yamlfile

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func TestErrors(t *testing.T) {
	t.Parallel()
	e := &Errors{File: "x.yaml"}
	if e.Err() != nil {
		t.Fatal("no problem is no error")
	}
	e.Add(7, "second %s", "problem")
	e.Add(0, "first")
	e.Add(7, "second problem") // the same one twice
	if err := e.Err(); err == nil || err.Error() != "x.yaml:1: first\nx.yaml:7: second problem" {
		t.Errorf("errors %q", err)
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte("a: [1, 2]\nb: 3\n"), &n); err != nil {
		t.Fatal(err)
	}
	var got []string
	EachPair(n.Content[0], func(k, v *yaml.Node) { got = append(got, k.Value+"="+Scalar(e, v, k.Value)) })
	if strings.Join(got, " ") != "a= b=3" || !strings.Contains(e.Error(), "x.yaml:1: a must be a single value") {
		t.Errorf("pairs %v, errors %q", got, e.Error())
	}
}
