package script

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/dbgauge/dbgauge/randgen"
	"github.com/dbgauge/dbgauge/workload"
)

// Script is a sysbench Lua script as a workload.
type Script struct {
	path, name string
	// opts are the script's options (sysbench.cmdline.options) followed by
	// sysbench's built-in generator options the script does not declare.
	opts []workload.Option
	// luaName maps an option's name to its sysbench (underscore) name, and
	// list marks the list options.
	luaName map[string]string
	list    map[string]bool
	// own are the options the script itself declares.
	own map[string]bool
	// dataset names the data: the file that defines the prepare command.
	dataset string
	// hasPrepare, parallelPrepare and hasCleanup are the script's commands.
	hasPrepare, parallelPrepare, hasCleanup bool
	// commands are the script's own commands (command.go), parallel those
	// that run on every thread.
	commands []string
	parallel map[string]bool
	// protos caches compiled chunks by file path: every state runs the
	// same code without parsing it again.
	protos *protoCache
}

var _ workload.Workload = (*Script)(nil)

// Load reads the script at path in a probe Lua state: its options, its
// event function and the file its prepare command comes from. A syntax
// error is FILE:LINE: message.
func Load(path string) (workload.Workload, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("%s: %w", path, errors.Unwrap(err))
	}
	s := &Script{path: path, name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)),
		luaName: map[string]string{}, list: map[string]bool{}, own: map[string]bool{}, protos: &protoCache{m: map[string]*lua.FunctionProto{}}}
	s.name = safeName(s.name)
	t := &thread{sc: s, command: "run", rand: randgen.New(0), tid: 0}
	if err := t.open(nil); err != nil {
		return nil, err
	}
	defer t.L.Close()
	if fn, ok := t.L.GetGlobal("event").(*lua.LFunction); !ok || fn == nil {
		return nil, fmt.Errorf("%s: no event function: a sysbench script defines function event() (one transaction)", path)
	}
	if err := s.readOptions(t.L); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s.dataset = "lua:" + s.name
	s.commandsOf(t)
	if fn, _ := t.cmdFunc("prepare"); fn != nil && fn.Proto != nil {
		src := strings.TrimSuffix(filepath.Base(fn.Proto.SourceName), ".lua")
		s.dataset = "lua:" + safeName(src)
	}
	return s, nil
}

// safeName keeps letters, digits, '-', '_' and '.', so that the name is a
// folder name and a stamp key.
func safeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	if len(b) > 48 {
		b = b[:48]
	}
	return string(b)
}

// Meta implements workload.Workload.
func (s *Script) Meta() workload.Meta {
	return workload.Meta{Name: s.name, Family: "script", Description: "sysbench Lua script " + s.path}
}

// Options implements workload.Workload.
func (s *Script) Options() []workload.Option { return s.opts }

// readOptions turns sysbench.cmdline.options into options: a boolean
// default is on/off, a whole number an integer, another number a float, a
// table a comma-separated list, anything else a string.
func (s *Script) readOptions(L *lua.LState) error {
	cmdline, _ := L.GetField(L.GetGlobal("sysbench"), "cmdline").(*lua.LTable)
	var defs *lua.LTable
	if cmdline != nil {
		defs, _ = cmdline.RawGetString("options").(*lua.LTable)
	}
	type def struct {
		name string
		d    *lua.LTable
	}
	var all []def
	var bad error
	if defs != nil {
		defs.ForEach(func(k, v lua.LValue) {
			name, ok1 := k.(lua.LString)
			d, ok2 := v.(*lua.LTable)
			if !ok1 || !ok2 {
				bad = errors.New("wrong table structure in sysbench.cmdline.options")
				return
			}
			all = append(all, def{string(name), d})
		})
	}
	if bad != nil {
		return bad
	}
	sort.Slice(all, func(i, j int) bool { return all[i].name < all[j].name })
	for _, d := range all {
		o := workload.Option{Name: strings.ReplaceAll(d.name, "_", "-"), Help: lua.LVAsString(d.d.RawGetInt(1)), Kind: workload.String}
		switch v := d.d.RawGetInt(2).(type) {
		case lua.LBool:
			o.Kind, o.Default = workload.Bool, map[bool]string{true: "on", false: "off"}[bool(v)]
		case lua.LNumber:
			f := float64(v)
			if f == math.Trunc(f) && math.Abs(f) < 1<<53 {
				o.Kind, o.Default, o.Min = workload.Int, strconv.FormatInt(int64(f), 10), math.MinInt64
			} else {
				o.Kind, o.Default = workload.Float, strconv.FormatFloat(f, 'g', -1, 64)
			}
		case lua.LString:
			o.Default = string(v)
		case *lua.LTable:
			var items []string
			for i := 1; i <= v.Len(); i++ {
				items = append(items, lua.LVAsString(v.RawGetInt(i)))
			}
			o.Default = strings.Join(items, ",")
			s.list[o.Name] = true
		}
		if o.Help == "" {
			o.Help = "(the script gives no description)"
		}
		// sysbench's oltp scripts size their tables by table_size: a sweep
		// may vary it as a data size, as oltp's own.
		o.DataSize = o.Name == "table-size"
		s.opts = append(s.opts, o)
		s.luaName[o.Name] = d.name
		s.own[o.Name] = true
	}
	for _, o := range workload.RandOptions() {
		if !s.own[o.Name] {
			s.opts = append(s.opts, o)
			s.luaName[o.Name] = strings.ReplaceAll(o.Name, "-", "_")
		}
	}
	return nil
}

// protoCache holds compiled chunks by path, shared by every state of a
// script.
type protoCache struct {
	mu sync.Mutex
	m  map[string]*lua.FunctionProto
	// values is set once a compiled file reads results' values (fetch.go).
	values atomic.Bool
}

// compile returns path compiled, parsing it once. A syntax error is
// FILE:LINE: message.
func (c *protoCache) compile(path string) (*lua.FunctionProto, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.m[path]; ok {
		return p, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(src) > 0 && src[0] == '#' {
		// A shebang line, skipped as lua's loadfile does (the line counts).
		src = append([]byte("--"), src...)
	}
	chunk, err := parse.Parse(bytes.NewReader(src), path)
	if err != nil {
		var pe *parse.Error
		if errors.As(err, &pe) {
			msg := strings.TrimSpace(pe.Message)
			if pe.Token != "" {
				msg += fmt.Sprintf(" near '%s'", pe.Token)
			}
			if pe.Pos.Line == parse.EOF {
				return nil, fmt.Errorf("%s: at the end of the file: %s", path, msg)
			}
			return nil, fmt.Errorf("%s:%d: %s", path, pe.Pos.Line, msg)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p, err := lua.Compile(chunk, path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	c.m[path] = p
	if readsValues(p) {
		c.values.Store(true)
	}
	return p, nil
}
