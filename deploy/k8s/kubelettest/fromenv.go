package kubelettest

import (
	"os"
	"path/filepath"
	"testing"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/dbgauge/dbgauge/testenv"
)

// EnvKubeconfig names the environment variable that points tests at the
// control plane of scripts/k8s (eval "$(scripts/k8s start)" sets it).
const EnvKubeconfig = "DBGAUGE_TEST_KUBECONFIG"

// FromEnv returns a Config for the control plane named by
// DBGAUGE_TEST_KUBECONFIG: its administrator credentials, the CA next to
// the kubeconfig's certificate-authority (scripts/k8s keeps ca.crt and ca.key
// in one directory), Dir = t.TempDir(), BaseEnv = this process's PATH, HOME
// and TMPDIR, and the given namespace and node. Without the variable the
// test is skipped, or fails when CI is set (testenv.Env: a missing server
// skips loudly in a developer loop and fails under CI). Commands and
// NeverStart are left to the caller.
func FromEnv(t testing.TB, namespace, node string) Config {
	t.Helper()
	path := testenv.Env(t, EnvKubeconfig, `start the test control plane with eval "$(scripts/k8s start)"`)
	rc, err := clientcmd.BuildConfigFromFlags("", path)
	if err != nil {
		t.Fatalf("%s=%s: %v", EnvKubeconfig, path, err)
	}
	if rc.CAFile == "" {
		t.Fatalf("%s=%s: the cluster has no certificate-authority file", EnvKubeconfig, path)
	}
	dir := filepath.Dir(rc.CAFile)
	var env []string
	for _, k := range []string{"PATH", "HOME", "TMPDIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return Config{
		Rest:      rc,
		Namespace: namespace,
		Node:      node,
		CACert:    filepath.Join(dir, "ca.crt"),
		CAKey:     filepath.Join(dir, "ca.key"),
		Dir:       t.TempDir(),
		BaseEnv:   env,
	}
}
