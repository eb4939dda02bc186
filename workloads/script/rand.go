package script

import (
	lua "github.com/yuin/gopher-lua"

	"github.com/dbgauge/dbgauge/randgen"
)

// distKey is a distribution of sysbench.rand over one range.
type distKey struct {
	kind randgen.Kind
	a, b int64
}

// randModule is sysbench.rand: sysbench's generators over the thread's
// stream (a user's stream is put back on a retry, so a restarted event draws
// the same values). Arguments are truncated to integers, as sysbench's
// uint32_t parameters are.
func (t *thread) randModule() *lua.LTable {
	L := t.L
	m := L.NewTable()
	dist := func(kind randgen.Kind) lua.LGFunction {
		return func(L *lua.LState) int {
			a, b := int64(L.CheckNumber(1)), int64(L.CheckNumber(2))
			L.Push(lua.LNumber(t.draw(kind, a, b)))
			return 1
		}
	}
	m.RawSetString("default", L.NewFunction(dist("")))
	m.RawSetString("uniform", L.NewFunction(func(L *lua.LState) int {
		a, b := int64(L.CheckNumber(1)), int64(L.CheckNumber(2))
		L.Push(lua.LNumber(t.rand.Uniform(a, b)))
		return 1
	}))
	m.RawSetString("gaussian", L.NewFunction(dist(randgen.Gaussian)))
	m.RawSetString("special", L.NewFunction(dist(randgen.Special)))
	m.RawSetString("pareto", L.NewFunction(dist(randgen.Pareto)))
	m.RawSetString("zipfian", L.NewFunction(dist(randgen.Zipfian)))
	m.RawSetString("unique", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LNumber(t.unique()))
		return 1
	}))
	m.RawSetString("string", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(t.rand.Template(L.CheckString(1))))
		return 1
	}))
	m.RawSetString("varstring", L.NewFunction(func(L *lua.LState) int {
		lo, hi := int64(L.CheckNumber(1)), int64(L.CheckNumber(2))
		if hi <= 0 {
			L.Push(lua.LString(""))
			return 1
		}
		if lo > hi {
			lo = 1
		}
		b := make([]byte, t.rand.Uniform(lo, hi))
		for i := range b {
			b[i] = byte(t.rand.Uniform('0', 'z'))
		}
		L.Push(lua.LString(b))
		return 1
	}))
	m.RawSetString("uniform_uint64", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LNumber(float64(t.rand.Uint64()))) // Lua numbers hold 53 bits
		return 1
	}))
	m.RawSetString("uniform_double", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LNumber(t.rand.Float64()))
		return 1
	}))
	return m
}

// draw is one value of kind ("" is --rand-type's) in [a, b].
func (t *thread) draw(kind randgen.Kind, a, b int64) int64 {
	p := randgen.DefaultParams
	if t.in != nil {
		p = t.in.dist
	}
	if kind != "" {
		p.Kind = kind
	}
	if b < a {
		return a
	}
	if p.Kind == randgen.Uniform {
		return t.rand.Uniform(a, b)
	}
	k := distKey{p.Kind, a, b}
	if t.last != nil && t.lastKey == k {
		return t.last.Next(t.rand)
	}
	d := t.dists[k]
	if d == nil {
		var err error
		if d, err = randgen.NewDist(p, a, b); err != nil {
			return t.rand.Uniform(a, b)
		}
		if t.dists == nil || len(t.dists) > 64 {
			t.dists = map[distKey]*randgen.Dist{}
		}
		t.dists[k] = d
	}
	t.last, t.lastKey = d, k
	return d.Next(t.rand)
}

// unique is sysbench.rand.unique: the run's shared sequence.
func (t *thread) unique() uint32 {
	if t.in == nil {
		return uint32(t.rand.Uint64())
	}
	return t.in.unique.Next()
}
