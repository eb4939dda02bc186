package k8s

import (
	"errors"
	"testing"
)

func TestOptionsParse(t *testing.T) {
	o := Options{Requests: "cpu=2", Limits: "memory=1Gi"}
	if err := o.Parse("pool=loadgen,zone=a", []string{"dedicated=bench:NoSchedule", "spot:NoExecute"}); err != nil {
		t.Fatal(err)
	}
	if o.NodeSelector["zone"] != "a" || len(o.Tolerations) != 2 || o.Tolerations[1].Key != "spot" {
		t.Errorf("parsed %v, %v", o.NodeSelector, o.Tolerations)
	}
	flag := func(s string) string { return "--" + s }
	for _, c := range []struct {
		o            Options
		sel          string
		tols         []string
		option, want string
	}{
		{Options{}, "zone", nil, "node-selector", `--node-selector: "zone" is not KEY=VALUE`},
		{Options{}, "", []string{"a:NoSchedule", "b"}, "toleration", `--toleration "b": want KEY[=VALUE]:EFFECT`},
		{Options{Requests: "cpu"}, "", nil, "requests", "--requests: "},
		{Options{Requests: "cpu=1", Limits: "cpu"}, "", nil, "limits", "--limits: "},
	} {
		err := c.o.Parse(c.sel, c.tols)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Option != c.option || len(oe.Words(flag)) < len(c.want) || oe.Words(flag)[:len(c.want)] != c.want {
			t.Errorf("%+v: %v, want an OptionError of %s worded %q…", c, err, c.option, c.want)
		}
		if oe != nil && oe.Error()[:len(c.option)] != c.option {
			t.Errorf("Error() names %s bare: %q", c.option, oe.Error())
		}
	}
}
