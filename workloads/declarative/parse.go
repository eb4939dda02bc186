package declarative

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/dbgauge/dbgauge/yamlfile"
)

var (
	identRe  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	optionRe = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)
	// nameRe is a workload's name: a results folder's, so no path.
	nameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$`)
	refRe  = regexp.MustCompile(`\$\{([^}]*)\}`)
)

// reserved are the common options of every run: a workload option of the
// same name would be hidden behind them.
var reserved = map[string]bool{
	"db": true, "users": true, "threads": true, "connections": true, "shards": true, "start-delay": true,
	"think": true, "shard": true, "start-at": true, "time": true, "events": true, "warmup": true, "ramp": true,
	"rate": true, "rate-arrival": true, "max-lag": true, "report-interval": true, "percentile": true,
	"histogram": true, "seed": true, "out": true, "threshold": true, "store": true, "results-dir": true,
	"no-prepare": true, "ignore-errors": true, "max-errors": true, "force": true, "help": true, "web": true,
	"web-linger": true, "no-monitor": true, "server-set": true, "output": true, "no-check": true, "all": true,
}

// parse reads a workload file's text into a file, with every problem
// found in errs.
func parse(path string, data []byte, errs *Errors) *file {
	f := &file{path: path}
	root := yamlfile.Root(&errs.Errors, data, "the file is empty: a workload has a name, tables and transactions",
		"a workload is a mapping with name, description, options, tables and transactions")
	if root == nil {
		return nil
	}
	var seenName, seenTxns bool
	var tablesNode *yaml.Node
	yamlfile.Fields(root, []yamlfile.Field{
		{Key: "name", Read: func(_, v *yaml.Node) {
			seenName = true
			f.name = yamlfile.Scalar(&errs.Errors, v, "name")
			if f.name != "" && !nameRe.MatchString(f.name) {
				errs.add(v.Line, "name %q must be letters, digits, '_', '-' or '.' (at most 64, starting with a letter or digit): it names the results folders", f.name)
			}
		}},
		{Key: "description", Read: func(_, v *yaml.Node) { f.description = yamlfile.Scalar(&errs.Errors, v, "description") }},
		{Key: "options", Read: func(_, v *yaml.Node) { f.options = parseOptions(errs, v) }},
		{Key: "tables", Read: func(_, v *yaml.Node) { tablesNode, f.tables = v, parseTables(errs, v) }},
		{Key: "transactions", Read: func(_, v *yaml.Node) { seenTxns, f.txns = true, parseTxns(errs, v) }},
	}, unknownKey(errs, ""))
	if !seenName {
		errs.add(root.Line, "no name: add `name:`, which names the workload and its results folders")
	}
	if !seenTxns || len(f.txns) == 0 {
		errs.add(root.Line, "no transactions: add `transactions:` with at least one transaction")
	}
	declared := map[string]bool{}
	for _, o := range f.options {
		declared[o.name] = true
	}
	checkRefs(errs, root, declared)
	if tablesNode != nil {
		seen := map[string]bool{}
		walk(tablesNode, func(n *yaml.Node) {
			for _, m := range refRe.FindAllStringSubmatch(n.Value, -1) {
				if name := strings.TrimSpace(m[1]); declared[name] && !seen[name] {
					seen[name] = true
					f.dataOptions = append(f.dataOptions, name)
				}
			}
		})
		if text, err := yaml.Marshal(tablesNode); err == nil {
			sum := sha256.Sum256(text)
			f.schema = hex.EncodeToString(sum[:6])
		}
	}
	return f
}

// unknownKey reports a key no field reads, in where (" in a table").
func unknownKey(errs *Errors, where string) func(k *yaml.Node, keys string) {
	return func(k *yaml.Node, keys string) {
		errs.add(k.Line, "unknown key %q%s (keys: %s)", k.Value, where, keys)
	}
}

// checkRefs reports every ${name} that names no declared option.
func checkRefs(errs *Errors, root *yaml.Node, declared map[string]bool) {
	walk(root, func(n *yaml.Node) {
		for _, m := range refRe.FindAllStringSubmatch(n.Value, -1) {
			name := strings.TrimSpace(m[1])
			if !declared[name] {
				errs.add(n.Line, "${%s} refers to no option: declare it under options:", name)
			}
		}
		if strings.Count(n.Value, "${") > len(refRe.FindAllString(n.Value, -1)) {
			errs.add(n.Line, "an unclosed ${ in %q", n.Value)
		}
	})
}

// walk calls f on every scalar under n.
func walk(n *yaml.Node, f func(*yaml.Node)) {
	if n.Kind == yaml.ScalarNode {
		f(n)
		return
	}
	for _, c := range n.Content {
		walk(c, f)
	}
}

// boolean is v as true or false; empty is false.
func boolean(errs *Errors, v *yaml.Node, what string) bool {
	if v.Kind == yaml.ScalarNode && v.Value == "" {
		return false
	}
	return yamlfile.Bool(&errs.Errors, v, what)
}

// names reads a list of names, or one name.
func names(errs *Errors, v *yaml.Node, what string) []string {
	switch v.Kind {
	case yaml.ScalarNode:
		return []string{v.Value}
	case yaml.SequenceNode:
		out := make([]string, 0, len(v.Content))
		for _, c := range v.Content {
			out = append(out, yamlfile.Scalar(&errs.Errors, c, what))
		}
		return out
	}
	errs.add(v.Line, "%s must be a name or a list of names", what)
	return nil
}

func mapping(errs *Errors, v *yaml.Node, what string) bool {
	if v.Kind != yaml.MappingNode {
		errs.add(v.Line, "%s must be a mapping", what)
		return false
	}
	return true
}

// scalar reads a single value into dst.
func scalar(errs *Errors, dst *string, what string) func(_, v *yaml.Node) {
	return func(_, v *yaml.Node) { *dst = yamlfile.Scalar(&errs.Errors, v, what) }
}

func parseOptions(errs *Errors, v *yaml.Node) []optionDecl {
	if !mapping(errs, v, "options") {
		return nil
	}
	var out []optionDecl
	seen := map[string]bool{}
	yamlfile.EachPair(v, func(k, o *yaml.Node) {
		d := optionDecl{name: k.Value, line: k.Line}
		switch {
		case !optionRe.MatchString(d.name):
			errs.add(k.Line, "option name %q must be lowercase letters, digits, '-' or '_', starting with a letter", d.name)
		case reserved[d.name]:
			errs.add(k.Line, "option %q is a common option of every run; give yours another name", d.name)
		case seen[d.name]:
			errs.add(k.Line, "option %q is declared twice", d.name)
		}
		seen[d.name] = true
		if !mapping(errs, o, "option "+d.name+" (type, default, help)") {
			return
		}
		hasDefault := false
		bound := func(k, x *yaml.Node) {
			n, err := strconv.ParseInt(yamlfile.Scalar(&errs.Errors, x, k.Value), 10, 64)
			if err != nil {
				errs.add(x.Line, "%s must be an integer, got %q", k.Value, x.Value)
			} else if k.Value == "min" {
				d.min = &n
			} else {
				d.max = &n
			}
		}
		yamlfile.Fields(o, []yamlfile.Field{
			{Key: "type", Read: scalar(errs, &d.typ, "type")},
			{Key: "default", Read: func(k, x *yaml.Node) { hasDefault = true; scalar(errs, &d.def, "default")(k, x) }},
			{Key: "help", Read: scalar(errs, &d.help, "help")},
			{Key: "choices", Read: func(_, x *yaml.Node) { d.choices = names(errs, x, "choices") }},
			{Key: "min", Read: bound},
			{Key: "max", Read: bound},
		}, unknownKey(errs, " in option "+d.name))
		checkOption(errs, o, d, hasDefault)
		out = append(out, d)
	})
	return out
}

// checkOption reports what an option declaration o lacks or mixes up.
func checkOption(errs *Errors, o *yaml.Node, d optionDecl, hasDefault bool) {
	switch d.typ {
	case "int", "float", "string", "bool":
	case "":
		errs.add(o.Line, "option %s has no type: give int, float, string or bool", d.name)
	default:
		errs.add(o.Line, "option %s: unknown type %q (types: int, float, string, bool)", d.name, d.typ)
	}
	if !hasDefault {
		errs.add(o.Line, "option %s has no default", d.name)
	}
	if len(d.choices) > 0 && d.typ != "string" {
		errs.add(o.Line, "option %s: choices are for string options", d.name)
	}
	if (d.min != nil || d.max != nil) && d.typ != "int" {
		errs.add(o.Line, "option %s: min and max are for int options", d.name)
	}
	if d.typ != "" && hasDefault {
		if _, err := parseOptionValue(d, d.def); err != nil {
			errs.add(o.Line, "option %s: the default %s", d.name, err)
		}
	}
}

func parseTables(errs *Errors, v *yaml.Node) []tableDecl {
	var out []tableDecl
	yamlfile.Items(&errs.Errors, v, "tables must be a list of tables", func(n *yaml.Node) {
		if !mapping(errs, n, "a table") {
			return
		}
		t := tableDecl{line: n.Line}
		yamlfile.Fields(n, []yamlfile.Field{
			{Key: "name", Read: scalar(errs, &t.name, "a table's name")},
			{Key: "columns", Read: func(_, x *yaml.Node) { t.columns = parseColumns(errs, x) }},
			{Key: "primary_key", Read: func(_, x *yaml.Node) { t.key, t.keyLine = names(errs, x, "primary_key"), x.Line }},
			{Key: "indexes", Read: func(_, x *yaml.Node) { t.indexes = parseIndexes(errs, x) }},
			{Key: "rows", Read: func(_, x *yaml.Node) {
				if x.Kind != yaml.ScalarNode {
					errs.add(x.Line, "rows must be a number or an expression such as ${rows} * 10")
				} else {
					t.rows = x
				}
			}},
			{Key: "ddl", Read: func(_, x *yaml.Node) { t.ddl = parseDDL(errs, x) }},
		}, unknownKey(errs, " in a table"))
		out = append(out, t)
	})
	return out
}

// parseDDL reads a table's own DDL, by database.
func parseDDL(errs *Errors, x *yaml.Node) map[string]ddlDecl {
	if !mapping(errs, x, "ddl (postgres, mysql, sqlite)") {
		return nil
	}
	ddl := map[string]ddlDecl{}
	yamlfile.EachPair(x, func(dk, dv *yaml.Node) {
		name := strings.ToLower(dk.Value)
		if name == "mariadb" {
			name = "mysql"
		}
		switch name {
		case "postgres", "mysql", "sqlite":
			ddl[name] = ddlDecl{sql: yamlfile.Scalar(&errs.Errors, dv, "ddl"), line: dv.Line}
		default:
			errs.add(dk.Line, "ddl: unknown database %q (postgres, mysql, sqlite)", dk.Value)
		}
	})
	return ddl
}

// parseColumns reads columns: a mapping of name to type, or to {type, gen}.
func parseColumns(errs *Errors, v *yaml.Node) []columnDecl {
	if !mapping(errs, v, "columns (name: type, or name: {type: ..., gen: ...})") {
		return nil
	}
	var out []columnDecl
	yamlfile.EachPair(v, func(k, x *yaml.Node) {
		c := columnDecl{name: k.Value, line: k.Line}
		switch x.Kind {
		case yaml.ScalarNode:
			c.typ = x.Value
		case yaml.MappingNode:
			yamlfile.Fields(x, []yamlfile.Field{
				{Key: "type", Read: scalar(errs, &c.typ, "type")},
				{Key: "gen", Read: func(_, cv *yaml.Node) { c.gen = cv }},
			}, unknownKey(errs, " in column "+c.name))
		default:
			errs.add(x.Line, "column %s must be a type or {type: ..., gen: ...}", c.name)
		}
		out = append(out, c)
	})
	return out
}

// parseIndexes reads indexes: each a list of columns or {name, columns}.
func parseIndexes(errs *Errors, v *yaml.Node) []indexDecl {
	var out []indexDecl
	yamlfile.Items(&errs.Errors, v, "indexes must be a list: each a list of columns or {name: ..., columns: [...]}", func(n *yaml.Node) {
		ix := indexDecl{line: n.Line}
		if n.Kind == yaml.MappingNode {
			yamlfile.Fields(n, []yamlfile.Field{
				{Key: "name", Read: scalar(errs, &ix.name, "an index's name")},
				{Key: "columns", Read: func(_, x *yaml.Node) { ix.columns = names(errs, x, "columns") }},
			}, unknownKey(errs, " in an index"))
		} else {
			ix.columns = names(errs, n, "an index")
		}
		out = append(out, ix)
	})
	return out
}

func parseTxns(errs *Errors, v *yaml.Node) []txnDecl {
	var out []txnDecl
	yamlfile.Items(&errs.Errors, v, "transactions must be a list of transactions", func(n *yaml.Node) {
		if !mapping(errs, n, "a transaction") {
			return
		}
		t := txnDecl{line: n.Line}
		yamlfile.Fields(n, []yamlfile.Field{
			{Key: "name", Read: scalar(errs, &t.name, "a transaction's name")},
			{Key: "weight", Read: func(_, x *yaml.Node) {
				if x.Kind != yaml.ScalarNode {
					errs.add(x.Line, "weight must be a number")
				} else {
					t.weight = x
				}
			}},
			{Key: "think", Read: func(k, x *yaml.Node) { scalar(errs, &t.think, "think")(k, x); t.thinkLine = x.Line }},
			{Key: "autocommit", Read: func(_, x *yaml.Node) { t.autocommit = boolean(errs, x, "autocommit") }},
			{Key: "params", Read: func(_, x *yaml.Node) { t.params = parseParams(errs, x) }},
			{Key: "statements", Read: func(_, x *yaml.Node) { t.steps = parseSteps(errs, x) }},
		}, unknownKey(errs, " in a transaction"))
		out = append(out, t)
	})
	return out
}

func parseParams(errs *Errors, v *yaml.Node) []paramDecl {
	if !mapping(errs, v, "params (name: generator)") {
		return nil
	}
	var out []paramDecl
	yamlfile.EachPair(v, func(k, x *yaml.Node) {
		out = append(out, paramDecl{name: k.Value, line: k.Line, gen: x})
	})
	return out
}

func parseSteps(errs *Errors, v *yaml.Node) []stepDecl {
	var out []stepDecl
	yamlfile.Items(&errs.Errors, v, "statements must be a list: each {sql: ...} or {pause: ...}", func(n *yaml.Node) {
		s := stepDecl{line: n.Line}
		if n.Kind == yaml.ScalarNode {
			s.sql, s.sqlLine = n.Value, n.Line
			out = append(out, s)
			return
		}
		if !mapping(errs, n, "a statement") {
			return
		}
		yamlfile.Fields(n, []yamlfile.Field{
			{Key: "name", Read: scalar(errs, &s.name, "a statement's name")},
			{Key: "sql", Read: func(k, x *yaml.Node) { scalar(errs, &s.sql, "sql")(k, x); s.sqlLine = x.Line }},
			{Key: "class", Read: scalar(errs, &s.class, "class")},
			{Key: "params", Read: func(_, x *yaml.Node) { s.params = parseParams(errs, x) }},
			{Key: "read", Read: func(_, x *yaml.Node) {
				for _, c := range nodesOf(x) {
					name := yamlfile.Scalar(&errs.Errors, c, "read")
					r := readDecl{name: name, line: c.Line}
					if a, b, ok := strings.Cut(name, ":"); ok {
						r.name, r.typ = strings.TrimSpace(a), strings.TrimSpace(b)
					}
					s.read = append(s.read, r)
				}
			}},
			{Key: "returning", Read: func(k, x *yaml.Node) { scalar(errs, &s.returning, "returning")(k, x); s.retLine = x.Line }},
			{Key: "pause", Read: func(k, x *yaml.Node) {
				scalar(errs, &s.pause, "pause")(k, x)
				if s.pause == "" {
					s.pause = "0"
				}
			}},
		}, unknownKey(errs, " in a statement"))
		out = append(out, s)
	})
	return out
}

// nodesOf is a sequence's items, or the node itself.
func nodesOf(v *yaml.Node) []*yaml.Node {
	if v.Kind == yaml.SequenceNode {
		return v.Content
	}
	return []*yaml.Node{v}
}
