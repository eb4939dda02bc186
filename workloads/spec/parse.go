package spec

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/dbgauge/dbgauge/internal/yamlfile"
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
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		line := 1
		if m := regexp.MustCompile(`line (\d+)`).FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = regexp.MustCompile(`^line \d+: `).ReplaceAllString(msg, "")
		errs.add(line, "not valid YAML: %s", msg)
		return nil
	}
	if len(doc.Content) == 0 {
		errs.add(1, "the file is empty: a workload has a name, tables and transactions")
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		errs.add(root.Line, "a workload is a mapping with name, description, options, tables and transactions")
		return nil
	}
	var seenName, seenTxns bool
	var tablesNode *yaml.Node
	yamlfile.EachPair(root, func(k, v *yaml.Node) {
		switch k.Value {
		case "name":
			seenName = true
			f.name = yamlfile.Scalar(&errs.Errors, v, "name")
			if f.name != "" && !nameRe.MatchString(f.name) {
				errs.add(v.Line, "name %q must be letters, digits, '_', '-' or '.' (at most 64, starting with a letter or digit): it names the results folders", f.name)
			}
		case "description":
			f.description = yamlfile.Scalar(&errs.Errors, v, "description")
		case "options":
			f.options = parseOptions(errs, v)
		case "tables":
			tablesNode = v
			f.tables = parseTables(errs, v)
		case "transactions":
			seenTxns = true
			f.txns = parseTxns(errs, v)
		default:
			errs.add(k.Line, "unknown key %q (keys: name, description, options, tables, transactions)", k.Value)
		}
	})
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

func boolean(errs *Errors, v *yaml.Node, what string) bool {
	s := yamlfile.Scalar(&errs.Errors, v, what)
	switch strings.ToLower(s) {
	case "true", "on", "yes":
		return true
	case "false", "off", "no", "":
		return false
	}
	errs.add(v.Line, "%s must be true or false, got %q", what, s)
	return false
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
		yamlfile.EachPair(o, func(k, x *yaml.Node) {
			switch k.Value {
			case "type":
				d.typ = yamlfile.Scalar(&errs.Errors, x, "type")
			case "default":
				hasDefault = true
				d.def = yamlfile.Scalar(&errs.Errors, x, "default")
			case "help":
				d.help = yamlfile.Scalar(&errs.Errors, x, "help")
			case "choices":
				d.choices = names(errs, x, "choices")
			case "min", "max":
				n, err := strconv.ParseInt(yamlfile.Scalar(&errs.Errors, x, k.Value), 10, 64)
				if err != nil {
					errs.add(x.Line, "%s must be an integer, got %q", k.Value, x.Value)
				} else if k.Value == "min" {
					d.min = &n
				} else {
					d.max = &n
				}
			default:
				errs.add(k.Line, "unknown key %q in option %s (keys: type, default, help, choices, min, max)", k.Value, d.name)
			}
		})
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
		out = append(out, d)
	})
	return out
}

func parseTables(errs *Errors, v *yaml.Node) []tableDecl {
	if v.Kind != yaml.SequenceNode {
		errs.add(v.Line, "tables must be a list of tables")
		return nil
	}
	var out []tableDecl
	for _, n := range v.Content {
		if !mapping(errs, n, "a table") {
			continue
		}
		t := tableDecl{line: n.Line}
		yamlfile.EachPair(n, func(k, x *yaml.Node) {
			switch k.Value {
			case "name":
				t.name = yamlfile.Scalar(&errs.Errors, x, "a table's name")
			case "columns":
				t.columns = parseColumns(errs, x)
			case "primary_key":
				t.key, t.keyLine = names(errs, x, "primary_key"), x.Line
			case "indexes":
				t.indexes = parseIndexes(errs, x)
			case "rows":
				if x.Kind != yaml.ScalarNode {
					errs.add(x.Line, "rows must be a number or an expression such as ${rows} * 10")
				} else {
					t.rows = x
				}
			case "ddl":
				if !mapping(errs, x, "ddl (postgres, mysql, sqlite)") {
					return
				}
				t.ddl = map[string]ddlDecl{}
				yamlfile.EachPair(x, func(dk, dv *yaml.Node) {
					name := strings.ToLower(dk.Value)
					if name == "mariadb" {
						name = "mysql"
					}
					switch name {
					case "postgres", "mysql", "sqlite":
						t.ddl[name] = ddlDecl{sql: yamlfile.Scalar(&errs.Errors, dv, "ddl"), line: dv.Line}
					default:
						errs.add(dk.Line, "ddl: unknown database %q (postgres, mysql, sqlite)", dk.Value)
					}
				})
			default:
				errs.add(k.Line, "unknown key %q in a table (keys: name, columns, primary_key, indexes, rows, ddl)", k.Value)
			}
		})
		out = append(out, t)
	}
	return out
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
			yamlfile.EachPair(x, func(ck, cv *yaml.Node) {
				switch ck.Value {
				case "type":
					c.typ = yamlfile.Scalar(&errs.Errors, cv, "type")
				case "gen":
					c.gen = cv
				default:
					errs.add(ck.Line, "unknown key %q in column %s (keys: type, gen)", ck.Value, c.name)
				}
			})
		default:
			errs.add(x.Line, "column %s must be a type or {type: ..., gen: ...}", c.name)
		}
		out = append(out, c)
	})
	return out
}

// parseIndexes reads indexes: each a list of columns or {name, columns}.
func parseIndexes(errs *Errors, v *yaml.Node) []indexDecl {
	if v.Kind != yaml.SequenceNode {
		errs.add(v.Line, "indexes must be a list: each a list of columns or {name: ..., columns: [...]}")
		return nil
	}
	var out []indexDecl
	for _, n := range v.Content {
		ix := indexDecl{line: n.Line}
		if n.Kind == yaml.MappingNode {
			yamlfile.EachPair(n, func(k, x *yaml.Node) {
				switch k.Value {
				case "name":
					ix.name = yamlfile.Scalar(&errs.Errors, x, "an index's name")
				case "columns":
					ix.columns = names(errs, x, "columns")
				default:
					errs.add(k.Line, "unknown key %q in an index (keys: name, columns)", k.Value)
				}
			})
		} else {
			ix.columns = names(errs, n, "an index")
		}
		out = append(out, ix)
	}
	return out
}

func parseTxns(errs *Errors, v *yaml.Node) []txnDecl {
	if v.Kind != yaml.SequenceNode {
		errs.add(v.Line, "transactions must be a list of transactions")
		return nil
	}
	var out []txnDecl
	for _, n := range v.Content {
		if !mapping(errs, n, "a transaction") {
			continue
		}
		t := txnDecl{line: n.Line}
		yamlfile.EachPair(n, func(k, x *yaml.Node) {
			switch k.Value {
			case "name":
				t.name = yamlfile.Scalar(&errs.Errors, x, "a transaction's name")
			case "weight":
				if x.Kind != yaml.ScalarNode {
					errs.add(x.Line, "weight must be a number")
				} else {
					t.weight = x
				}
			case "think":
				t.think, t.thinkLine = yamlfile.Scalar(&errs.Errors, x, "think"), x.Line
			case "autocommit":
				t.autocommit = boolean(errs, x, "autocommit")
			case "params":
				t.params = parseParams(errs, x)
			case "statements":
				t.steps = parseSteps(errs, x)
			default:
				errs.add(k.Line, "unknown key %q in a transaction (keys: name, weight, think, autocommit, params, statements)", k.Value)
			}
		})
		out = append(out, t)
	}
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
	if v.Kind != yaml.SequenceNode {
		errs.add(v.Line, "statements must be a list: each {sql: ...} or {pause: ...}")
		return nil
	}
	var out []stepDecl
	for _, n := range v.Content {
		s := stepDecl{line: n.Line}
		if n.Kind == yaml.ScalarNode {
			s.sql, s.sqlLine = n.Value, n.Line
			out = append(out, s)
			continue
		}
		if !mapping(errs, n, "a statement") {
			continue
		}
		yamlfile.EachPair(n, func(k, x *yaml.Node) {
			switch k.Value {
			case "name":
				s.name = yamlfile.Scalar(&errs.Errors, x, "a statement's name")
			case "sql":
				s.sql, s.sqlLine = yamlfile.Scalar(&errs.Errors, x, "sql"), x.Line
			case "class":
				s.class = yamlfile.Scalar(&errs.Errors, x, "class")
			case "params":
				s.params = parseParams(errs, x)
			case "read":
				for _, c := range nodesOf(x) {
					name := yamlfile.Scalar(&errs.Errors, c, "read")
					r := readDecl{name: name, line: c.Line}
					if a, b, ok := strings.Cut(name, ":"); ok {
						r.name, r.typ = strings.TrimSpace(a), strings.TrimSpace(b)
					}
					s.read = append(s.read, r)
				}
			case "returning":
				s.returning, s.retLine = yamlfile.Scalar(&errs.Errors, x, "returning"), x.Line
			case "pause":
				s.pause = yamlfile.Scalar(&errs.Errors, x, "pause")
				if s.pause == "" {
					s.pause = "0"
				}
			default:
				errs.add(k.Line, "unknown key %q in a statement (keys: name, sql, class, params, read, returning, pause)", k.Value)
			}
		})
		out = append(out, s)
	}
	return out
}

// nodesOf is a sequence's items, or the node itself.
func nodesOf(v *yaml.Node) []*yaml.Node {
	if v.Kind == yaml.SequenceNode {
		return v.Content
	}
	return []*yaml.Node{v}
}
