package k8s

import "fmt"

// OptionError is an Option given in a form it cannot take. Option names
// it as the caller's setting does (node-selector, toleration, requests,
// limits), Value is the text of a repeatable one: Error names it bare, and
// Words as its caller does (the CLI: its flags).
type OptionError struct {
	Option, Value string
	Err           error
}

func (e *OptionError) Error() string { return e.Words(func(s string) string { return s }) }
func (e *OptionError) Unwrap() error { return e.Err }

// Words is the message with the option named by name(option).
func (e *OptionError) Words(name func(option string) string) string {
	if e.Value != "" {
		return fmt.Sprintf("%s %q: %v", name(e.Option), e.Value, e.Err)
	}
	return fmt.Sprintf("%s: %v", name(e.Option), e.Err)
}

// Parse sets the node selector and the tolerations from their text forms
// ("k=v,k2=v2"; KEY[=VALUE]:EFFECT each) and checks the requests and the
// limits ("cpu=2,memory=1Gi").
func (o *Options) Parse(nodeSelector string, tolerations []string) error {
	var err error
	if o.NodeSelector, err = ParseLabels(nodeSelector); err != nil {
		return &OptionError{Option: "node-selector", Err: err}
	}
	for _, t := range tolerations {
		tol, err := ParseToleration(t)
		if err != nil {
			return &OptionError{Option: "toleration", Value: t, Err: err}
		}
		o.Tolerations = append(o.Tolerations, tol)
	}
	for _, r := range []struct{ option, v string }{{"requests", o.Requests}, {"limits", o.Limits}} {
		if _, err := ParseResources(r.v); err != nil {
			return &OptionError{Option: r.option, Err: err}
		}
	}
	return nil
}
