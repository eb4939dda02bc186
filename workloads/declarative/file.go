package declarative

import "go.yaml.in/yaml/v3"

// file is a workload file as written: names, text and the YAML nodes of
// what depends on option values (row counts, weights, generators), which
// compile reads once the values are known.
type file struct {
	path        string
	name        string
	description string
	options     []optionDecl
	tables      []tableDecl
	txns        []txnDecl
	// dataOptions are the options the tables refer to: they decide the
	// data and are stamped with it. schema is a digest of the tables as
	// written, stamped too, so that data made by another version of the
	// file is not taken for this one's.
	dataOptions []string
	schema      string
}

// optionDecl is one entry of options:.
type optionDecl struct {
	name, typ, def, help string
	choices              []string
	min, max             *int64
	line                 int
}

// tableDecl is one entry of tables:.
type tableDecl struct {
	name    string
	line    int
	columns []columnDecl
	key     []string
	keyLine int
	indexes []indexDecl
	rows    *yaml.Node // nil: no rows
	ddl     map[string]ddlDecl
}

type columnDecl struct {
	name, typ string
	line      int
	gen       *yaml.Node // nil: none
}

type indexDecl struct {
	name    string
	columns []string
	line    int
}

type ddlDecl struct {
	sql  string
	line int
}

// txnDecl is one entry of transactions:.
type txnDecl struct {
	name       string
	line       int
	weight     *yaml.Node
	think      string
	thinkLine  int
	autocommit bool
	params     []paramDecl
	steps      []stepDecl
}

// paramDecl is a named parameter and its generator.
type paramDecl struct {
	name string
	line int
	gen  *yaml.Node
}

// stepDecl is one entry of a transaction's statements: a statement, or a
// pause when pause is set.
type stepDecl struct {
	line      int
	name      string
	sql       string
	sqlLine   int
	class     string
	params    []paramDecl
	read      []readDecl
	returning string
	retLine   int
	pause     string
}

// readDecl is a column read into a variable: its name and, if given, its
// type (int, float, string).
type readDecl struct {
	name, typ string
	line      int
}
