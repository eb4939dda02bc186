package yamlfile

import (
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Root is the mapping at the top of data, a file of one YAML document, or
// nil with the problem recorded: the YAML's own at its line, or empty or
// notMapping when the document is empty or something else than a mapping.
func Root(errs *Errors, data []byte, empty, notMapping string) *yaml.Node {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line := 1
		if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = leadingLine.ReplaceAllString(msg, "")
		errs.Add(line, "not valid YAML: %s", msg)
		return nil
	}
	if len(doc.Content) == 0 {
		errs.Add(1, "%s", empty)
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		errs.Add(root.Line, "%s", notMapping)
		return nil
	}
	return root
}

var (
	yamlLine    = regexp.MustCompile(`line (\d+)`)
	leadingLine = regexp.MustCompile(`^line \d+: `)
)

// Field is a key a mapping may hold, and how its value is read.
type Field struct {
	Key  string
	Read func(k, v *yaml.Node)
}

// Fields reads mapping m: each key's value by the field of that key, and
// any other key by unknown, which gets the keys there are ("name, sql,
// class"), for its message.
func Fields(m *yaml.Node, fields []Field, unknown func(k *yaml.Node, keys string)) {
	EachPair(m, func(k, v *yaml.Node) {
		for _, f := range fields {
			if f.Key == k.Value {
				f.Read(k, v)
				return
			}
		}
		keys := make([]string, len(fields))
		for i, f := range fields {
			keys[i] = f.Key
		}
		unknown(k, strings.Join(keys, ", "))
	})
}

// Items calls f with each item of sequence v; v anything else is the
// problem notList.
func Items(errs *Errors, v *yaml.Node, notList string, f func(n *yaml.Node)) {
	if v.Kind != yaml.SequenceNode {
		errs.Add(v.Line, "%s", notList)
		return
	}
	for _, n := range v.Content {
		f(n)
	}
}

// Bool is v as true (true, yes or on, in any case) or false (false, no or
// off); anything else is a problem, and false.
func Bool(errs *Errors, v *yaml.Node, what string) bool {
	s := Scalar(errs, v, what)
	switch strings.ToLower(s) {
	case "true", "yes", "on":
		return true
	case "false", "no", "off":
		return false
	}
	if v.Kind == yaml.ScalarNode {
		errs.Add(v.Line, "%s must be true or false, got %q", what, s)
	}
	return false
}
