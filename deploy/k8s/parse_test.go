package k8s

import (
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

func TestParseLabels(t *testing.T) {
	got, err := ParseLabels("pool=loadgen, zone=a")
	if err != nil || !reflect.DeepEqual(got, map[string]string{"pool": "loadgen", "zone": "a"}) {
		t.Fatalf("ParseLabels = %v, %v", got, err)
	}
	if got, err := ParseLabels("  "); got != nil || err != nil {
		t.Fatalf("ParseLabels(blank) = %v, %v; want none", got, err)
	}
	for _, bad := range []string{"pool", "=a", "pool=a,zone"} {
		if _, err := ParseLabels(bad); err == nil {
			t.Errorf("ParseLabels(%q) accepted it", bad)
		}
	}
}

func TestParseToleration(t *testing.T) {
	cases := map[string]corev1.Toleration{
		"dedicated:NoSchedule":        {Key: "dedicated", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoSchedule},
		"dedicated=loadgen:NoExecute": {Key: "dedicated", Operator: corev1.TolerationOpEqual, Value: "loadgen", Effect: corev1.TaintEffectNoExecute},
		"spot=:PreferNoSchedule":      {Key: "spot", Operator: corev1.TolerationOpEqual, Value: "", Effect: corev1.TaintEffectPreferNoSchedule},
	}
	for in, want := range cases {
		got, err := ParseToleration(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseToleration(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"dedicated", "dedicated:Sometimes", ":NoSchedule", "=v:NoSchedule"} {
		if _, err := ParseToleration(bad); err == nil {
			t.Errorf("ParseToleration(%q) accepted it", bad)
		}
	}
}
