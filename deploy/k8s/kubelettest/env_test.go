package kubelettest

import (
	"os"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Cases from the kubelet's own (third_party/forked/golang/expansion).
func TestExpand(t *testing.T) {
	mapping := mappingFor(map[string]string{"VAR_A": "A", "VAR_B": "B", "VAR_EMPTY": "", "VAR_REF": "$(VAR_A)"})
	for in, want := range map[string]string{
		"$(VAR_A)":                  "A",
		"___$(VAR_B)___":            "___B___",
		"$(VAR_A)-$(VAR_A)":         "A-A",
		"foo$(VAR_EMPTY)bar":        "foobar",
		"$(VAR_REF)":                "$(VAR_A)", // no recursion
		"$$(VAR_B)_$(VAR_A)":        "$(VAR_B)_A",
		"$$$$$$(BIG_MONEY)":         "$$$(BIG_MONEY)",
		"$(VAR_DNE)":                "$(VAR_DNE)",
		"$(( N == 1 ? 3 : 0 ))":     "$(( N == 1 ? 3 : 0 ))",
		"$(VAR_A":                   "$(VAR_A",
		"$VAR_A":                    "$VAR_A",
		"$":                         "$",
		"$$":                        "$",
		"$()":                       "$()",
		"f00__(VAR_A)__":            "f00__(VAR_A)__",
		"--opt=$(VAR_A) --x=$$HOME": "--opt=A --x=$HOME",
	} {
		if got := expand(in, mapping); got != want {
			t.Errorf("expand(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFieldRef(t *testing.T) {
	pod := &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "ns",
			Labels:      map[string]string{"b": "2", "a": "1"},
			Annotations: map[string]string{"batch.kubernetes.io/job-completion-index": "7"}},
		Spec: corev1.PodSpec{NodeName: "n"},
	}
	for path, want := range map[string]string{
		"metadata.name": "p", "metadata.namespace": "ns", "spec.nodeName": "n", "status.podIP": "127.0.0.1",
		"metadata.annotations['batch.kubernetes.io/job-completion-index']": "7",
		"metadata.labels['a']": "1", "metadata.labels['zz']": "", "metadata.labels": "a=\"1\"\nb=\"2\"",
	} {
		if got, err := fieldRefValue(pod, path, "127.0.0.1"); got != want || err != nil {
			t.Errorf("fieldRef %s = %q, %v; want %q", path, got, err, want)
		}
	}
	if _, err := fieldRefValue(pod, "spec.bogus", ""); err == nil {
		t.Error("an unknown fieldPath resolved")
	}
}

func TestTail(t *testing.T) {
	data := []byte("a\nbb\nccc\n")
	for n, want := range map[int64]string{-1: "a\nbb\nccc\n", 0: "", 1: "ccc\n", 2: "bb\nccc\n", 3: "a\nbb\nccc\n", 9: "a\nbb\nccc\n"} {
		if got := string(data[tailStart(data, n):]); got != want {
			t.Errorf("tail %d = %q, want %q", n, got, want)
		}
	}
	partial := []byte("a\nbb")
	if got := string(partial[tailStart(partial, 1):]); got != "bb" {
		t.Errorf("tail 1 of a partial last line = %q", got)
	}
	dir := t.TempDir() + "/log"
	long := strings.Repeat("x", 3000) + "\n"
	if err := writeFile(dir, strings.Repeat("line\n", 100)+long); err != nil {
		t.Fatal(err)
	}
	if got := logTail(dir, terminationMessageLines, terminationMessageBytes); got != long[len(long)-2048:] {
		t.Errorf("termination message: %d bytes, want the last 2048", len(got))
	}
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }

func TestResourceField(t *testing.T) {
	c := &corev1.Container{Name: "main", Resources: corev1.ResourceRequirements{
		Limits:   corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("1500m")},
		Requests: corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("1Gi")},
	}}
	for _, tc := range []struct {
		res, divisor, want string
	}{
		{"limits.cpu", "", "2"},
		{"limits.cpu", "1m", "1500"},
		{"requests.memory", "1Mi", "1024"},
		{"limits.memory", "1Gi", "16"}, // unset: the node's allocatable
		{"requests.cpu", "", "0"},
	} {
		ref := &corev1.ResourceFieldSelector{Resource: tc.res}
		if tc.divisor != "" {
			ref.Divisor = resource.MustParse(tc.divisor)
		}
		if got, err := resourceFieldValue(c, ref); got != tc.want || err != nil {
			t.Errorf("%s/%s = %q, %v; want %s", tc.res, tc.divisor, got, err, tc.want)
		}
	}
}
