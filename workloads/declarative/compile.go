package declarative

import (
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/dbgauge/dbgauge/dataset/sqlstore"
	"github.com/dbgauge/dbgauge/workload"
)

// plan is a workload file compiled with option values: the tables with
// their DDL and generators, the transactions as steps over numbered
// variables, and the measured statements.
type plan struct {
	tables []*table
	txns   []*txn
	ops    []workload.Op
	// begin, commit and rollback are the ops of a transaction's BEGIN,
	// COMMIT and ROLLBACK (-1 when every transaction autocommits).
	begin, commit, rollback workload.OpID
}

// table is a table to create and load.
type table struct {
	def  sqlstore.Def
	ddl  map[string]string // by dialect name: CREATE TABLE written out
	rows int64
	gens []gen // by column; nil for a serial column the database fills
	// seqStart is where the sequence of a one-column key starts, so that a
	// resumed load deletes the rows of a batch by key; nil: none.
	seqStart *int64
}

// txn is a transaction type.
type txn struct {
	name   string
	weight int
	think  workload.Wait
	auto   bool
	params []binding
	steps  []step
	slots  int // variables
}

// binding is a generator drawing into a variable.
type binding struct {
	slot int
	g    gen
}

// step is a statement or a pause.
type step struct {
	pause     bool
	wait      workload.Wait
	op        workload.OpID
	sql       string
	params    []binding
	args      []int // variables, in placeholder order
	reads     []readSlot
	returning string // the INSERT's generated id column
	retSlot   int
}

// readSlot is a column of a read's first row, into a variable.
type readSlot struct {
	slot int
	kind valueKind
}

// maxWeight bounds a weight, so that a deck stays small.
const maxWeight = 1000

// compile builds f's plan for option values vals (text, as ${} writes
// them) and a shard, recording every problem in errs.
func compile(f *file, vals map[string]string, shard workload.Shard, errs *Errors) *plan {
	p := &plan{begin: -1, commit: -1, rollback: -1}
	gb := &genBuilder{errs: errs, vals: vals, shard: shard}
	kinds := map[string]valueKind{}
	seenTable := map[string]bool{}
	for _, td := range f.tables {
		t := compileTable(td, gb, vals, errs)
		if td.name != "" && seenTable[strings.ToLower(td.name)] {
			errs.add(td.line, "table %q is declared twice", td.name)
		}
		seenTable[strings.ToLower(td.name)] = true
		for _, c := range td.columns {
			if _, k, _, err := columnType(c.typ); err == nil {
				if old, ok := kinds[c.name]; ok && old != k {
					k = kindString
				}
				kinds[c.name] = k
			}
		}
		p.tables = append(p.tables, t)
	}
	opNames := map[string]int{}
	needTxn := false
	for _, td := range f.txns {
		needTxn = needTxn || !td.autocommit
	}
	if needTxn {
		p.begin, p.commit, p.rollback = 0, 1, 2
		p.ops = append(p.ops, workload.Op{Name: "begin", Class: workload.Other},
			workload.Op{Name: "commit", Class: workload.Other, Verb: workload.Commit},
			workload.Op{Name: "rollback", Class: workload.Other, Verb: workload.Rollback})
		for _, o := range p.ops {
			opNames[o.Name] = 0
		}
	}
	seenTxn := map[string]bool{}
	for _, td := range f.txns {
		switch {
		case td.name == "":
			errs.add(td.line, "a transaction has no name")
		case !identRe.MatchString(td.name):
			errs.add(td.line, "transaction name %q must be letters, digits and '_'", td.name)
		case seenTxn[td.name]:
			errs.add(td.line, "transaction %q is declared twice", td.name)
		}
		seenTxn[td.name] = true
		p.txns = append(p.txns, compileTxn(td, p, gb, vals, kinds, opNames, errs))
	}
	return p
}

func compileTable(td tableDecl, gb *genBuilder, vals map[string]string, errs *Errors) *table {
	t := &table{def: sqlstore.Def{Name: td.name}}
	switch {
	case td.name == "":
		errs.add(td.line, "a table has no name")
	case !identRe.MatchString(td.name):
		errs.add(td.line, "table name %q must be letters, digits and '_', starting with a letter", td.name)
	}
	if len(td.columns) == 0 {
		errs.add(td.line, "table %s has no columns", td.name)
	}
	cols := map[string]bool{}
	for _, c := range td.columns {
		if !identRe.MatchString(c.name) {
			errs.add(c.line, "column name %q must be letters, digits and '_', starting with a letter", c.name)
		}
		if cols[c.name] {
			errs.add(c.line, "column %s is declared twice in table %s", c.name, td.name)
		}
		cols[c.name] = true
		ddl, _, serial, err := columnType(c.typ)
		if c.typ == "" {
			errs.add(c.line, "column %s has no type (%s)", c.name, typeList)
		} else if err != nil {
			hint := ""
			if strings.Contains(c.typ, "(") && !strings.Contains(c.typ, ")") {
				hint = ` (inside {...} quote a type with a comma: type: "decimal(12,2)")`
			}
			errs.add(c.line, "column %s: %v%s", c.name, err, hint)
		}
		if serial {
			if t.def.Serial != "" {
				errs.add(c.line, "table %s has two serial columns", td.name)
			}
			t.def.Serial = c.name
		}
		t.def.Columns = append(t.def.Columns, [2]string{c.name, ddl})
	}
	t.def.Key = td.key
	for _, k := range td.key {
		if !cols[k] {
			errs.add(td.keyLine, "primary_key: table %s has no column %q", td.name, k)
		}
	}
	if t.def.Serial != "" {
		if len(td.key) == 0 {
			t.def.Key = []string{t.def.Serial}
		} else if len(td.key) != 1 || td.key[0] != t.def.Serial {
			errs.add(td.keyLine, "table %s: a serial column must be the whole primary key (SQLite assigns ids only to INTEGER PRIMARY KEY)", td.name)
		}
	}
	ixNames := map[string]bool{}
	for _, ix := range td.indexes {
		if len(ix.columns) == 0 {
			errs.add(ix.line, "an index of table %s has no columns", td.name)
		}
		for _, c := range ix.columns {
			if !cols[c] {
				errs.add(ix.line, "index: table %s has no column %q", td.name, c)
			}
		}
		name := ix.name
		if name == "" {
			name = td.name + "_" + strings.Join(ix.columns, "_")
		} else if !identRe.MatchString(name) {
			errs.add(ix.line, "index name %q must be letters, digits and '_'", name)
		}
		if ixNames[name] {
			errs.add(ix.line, "index %s is declared twice", name)
		}
		ixNames[name] = true
		t.def.Indexes = append(t.def.Indexes, sqlstore.Index{Name: name, Columns: ix.columns})
	}
	if td.rows != nil {
		n, err := intExpr(subst(td.rows.Value, vals))
		switch {
		case err != nil:
			errs.add(td.rows.Line, "rows: %v", err)
		case n < 0:
			errs.add(td.rows.Line, "rows must not be negative, got %d", n)
		default:
			t.rows = n
		}
	}
	t.gens = make([]gen, len(td.columns))
	for i, c := range td.columns {
		if c.gen == nil {
			if c.name != t.def.Serial && td.rows != nil {
				errs.add(c.line, "column %s of table %s has no generator: add gen: to load its rows", c.name, td.name)
			}
			if c.name == t.def.Serial {
				one := int64(1)
				t.gens[i] = gb.sequence(1)
				if len(t.def.Key) == 1 {
					t.seqStart = &one
				}
			}
			continue
		}
		t.gens[i] = gb.build(c.gen, "column "+c.name)
		if len(t.def.Key) == 1 && t.def.Key[0] == c.name && c.gen.Kind == yaml.MappingNode && len(c.gen.Content) == 2 && c.gen.Content[0].Value == "sequence" {
			if s := gb.int(c.gen.Content[1]); s != nil {
				t.seqStart = s
			}
		}
	}
	if len(td.ddl) > 0 {
		t.ddl = map[string]string{}
		for d, x := range td.ddl {
			s := strings.TrimSpace(subst(x.sql, vals))
			if firstWord(s) != "create" {
				errs.add(x.line, "ddl for %s must be a CREATE TABLE statement", d)
			}
			t.ddl[d] = s
		}
	}
	return t
}

func compileTxn(td txnDecl, p *plan, gb *genBuilder, vals map[string]string, kinds map[string]valueKind, opNames map[string]int, errs *Errors) *txn {
	t := &txn{name: td.name, weight: 1, auto: td.autocommit}
	if td.weight != nil {
		n, err := intExpr(subst(td.weight.Value, vals))
		switch {
		case err != nil:
			errs.add(td.weight.Line, "weight: %v", err)
		case n <= 0 || n > maxWeight:
			errs.add(td.weight.Line, "the weight of %s must be 1 to %d, got %d", td.name, maxWeight, n)
		default:
			t.weight = int(n)
		}
	}
	if td.think != "" {
		w, err := workload.ParseWait(subst(td.think, vals))
		if err != nil {
			errs.add(td.thinkLine, "think: %v", err)
		}
		t.think = w
	}
	vars := map[string]int{}
	used := map[string]bool{}
	newSlot := func(name string) int {
		if s, ok := vars[name]; ok {
			return s
		}
		vars[name] = t.slots
		t.slots++
		return vars[name]
	}
	paramLine := map[string]int{}
	for _, pd := range td.params {
		if !identRe.MatchString(pd.name) {
			errs.add(pd.line, "parameter name %q must be letters, digits and '_'", pd.name)
		}
		if _, dup := vars[pd.name]; dup {
			errs.add(pd.line, "parameter %s is declared twice", pd.name)
		}
		paramLine[pd.name] = pd.line
		t.params = append(t.params, binding{slot: newSlot(pd.name), g: gb.build(pd.gen, "parameter "+pd.name)})
	}
	if len(td.steps) == 0 {
		errs.add(td.line, "transaction %s has no statements", td.name)
	}
	nsql := 0
	for _, sd := range td.steps {
		if sd.pause != "" {
			if sd.sql != "" || len(sd.params) > 0 || len(sd.read) > 0 || sd.returning != "" || sd.name != "" {
				errs.add(sd.line, "a pause is a step of its own: {pause: 10ms}")
			}
			w, err := workload.ParseWait(subst(sd.pause, vals))
			if err != nil {
				errs.add(sd.line, "pause: %v", err)
			}
			t.steps = append(t.steps, step{pause: true, wait: w})
			continue
		}
		nsql++
		st := step{}
		name := sd.name
		if name == "" {
			name = td.name + "." + itoa(nsql)
		}
		if _, dup := opNames[name]; dup {
			errs.add(sd.line, "statement name %q is used twice (begin, commit and rollback are taken)", name)
		}
		opNames[name] = len(p.ops)
		sql := strings.TrimSpace(subst(sd.sql, vals))
		sql = strings.TrimSuffix(sql, ";")
		class, verb, ok := classOf(sql)
		line := max(sd.sqlLine, sd.line)
		if sd.sql == "" || !ok {
			errs.add(line, "statement %s has no SQL: add sql: with one statement", name)
		}
		switch sd.class {
		case "":
		case "read":
			class = workload.Read
		case "write":
			class = workload.Write
		case "other":
			class = workload.Other
		default:
			errs.add(sd.line, "class must be read, write or other, got %q", sd.class)
		}
		st.op = workload.OpID(len(p.ops))
		p.ops = append(p.ops, workload.Op{Name: name, Class: class, Verb: verb})
		rewritten, refs, err := bindNames(sql)
		if err != nil {
			errs.add(line, "statement %s: %v", name, err)
		}
		st.sql = rewritten
		local := map[string]int{}
		for _, pd := range sd.params {
			if !identRe.MatchString(pd.name) {
				errs.add(pd.line, "parameter name %q must be letters, digits and '_'", pd.name)
			}
			if _, dup := local[pd.name]; dup {
				errs.add(pd.line, "parameter %s is declared twice", pd.name)
			}
			slot := t.slots
			t.slots++
			local[pd.name] = slot
			st.params = append(st.params, binding{slot: slot, g: gb.build(pd.gen, "parameter "+pd.name)})
		}
		usedLocal := map[string]bool{}
		for _, r := range refs {
			if s, ok := local[r]; ok {
				usedLocal[r] = true
				st.args = append(st.args, s)
				continue
			}
			if s, ok := vars[r]; ok {
				used[r] = true
				st.args = append(st.args, s)
				continue
			}
			errs.add(line, "statement %s: :%s is neither a parameter (params:) nor a variable read by an earlier statement of %s%s", name, r, td.name, known(vars, local))
		}
		for _, pd := range sd.params {
			if !usedLocal[pd.name] {
				errs.add(pd.line, "parameter %s is not used by its statement (write :%s in the SQL)", pd.name, pd.name)
			}
		}
		// A statement's parameters stay: later statements may use them.
		for n, slot := range local {
			vars[n] = slot
		}
		if sd.returning != "" {
			if verb != workload.Insert {
				errs.add(sd.retLine, "returning is for an INSERT of one row into a table with a serial column")
			}
			if len(sd.read) > 0 {
				errs.add(sd.retLine, "a statement reads either its result (read:) or a generated id (returning:)")
			}
			if !identRe.MatchString(sd.returning) {
				errs.add(sd.retLine, "returning names the serial column, got %q", sd.returning)
			}
			st.returning = sd.returning
			st.retSlot = newSlot(sd.returning)
		}
		for _, r := range sd.read {
			if !identRe.MatchString(r.name) {
				errs.add(r.line, "read: %q is not a variable name (letters, digits and '_'; name:type to give a type)", r.name)
				continue
			}
			k, ok := kinds[r.name]
			if r.typ != "" {
				if k, ok = kindOf(r.typ); !ok {
					errs.add(r.line, "read: unknown type %q for %s (int, float, string)", r.typ, r.name)
				}
			} else if !ok {
				k = kindString
			}
			st.reads = append(st.reads, readSlot{slot: newSlot(r.name), kind: k})
		}
		t.steps = append(t.steps, st)
	}
	if len(td.steps) > 0 && nsql == 0 {
		errs.add(td.line, "transaction %s has only pauses: add a statement", td.name)
	}
	for _, pd := range td.params {
		if !used[pd.name] {
			errs.add(pd.line, "parameter %s of %s is used by none of its statements", pd.name, td.name)
		}
	}
	return t
}

// known lists the names a statement may use, for a message.
func known(vars, local map[string]int) string {
	var names []string
	for n := range vars {
		names = append(names, ":"+n)
	}
	for n := range local {
		names = append(names, ":"+n)
	}
	if len(names) == 0 {
		return ""
	}
	sort.Strings(names)
	return " (known: " + strings.Join(names, ", ") + ")"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
