package k8s

import (
	"errors"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
)

// ParseLabels reads a node selector, "k=v,k2=v2" (empty: none).
func ParseLabels(s string) (map[string]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("%q is not KEY=VALUE", kv)
		}
		out[k] = v
	}
	return out, nil
}

// ParseToleration reads a toleration, KEY[=VALUE]:EFFECT: KEY alone
// tolerates the taint whatever its value (Exists), KEY=VALUE that value
// only (Equal).
func ParseToleration(s string) (corev1.Toleration, error) {
	kv, effect, ok := strings.Cut(s, ":")
	if !ok {
		return corev1.Toleration{}, errors.New("want KEY[=VALUE]:EFFECT")
	}
	t := corev1.Toleration{Effect: corev1.TaintEffect(effect), Operator: corev1.TolerationOpExists}
	switch t.Effect {
	case corev1.TaintEffectNoSchedule, corev1.TaintEffectPreferNoSchedule, corev1.TaintEffectNoExecute:
	default:
		return t, fmt.Errorf("effect %q is not NoSchedule, PreferNoSchedule or NoExecute", effect)
	}
	k, v, hasValue := strings.Cut(kv, "=")
	if k == "" {
		return t, errors.New("no key")
	}
	t.Key = k
	if hasValue {
		t.Operator, t.Value = corev1.TolerationOpEqual, v
	}
	return t, nil
}
