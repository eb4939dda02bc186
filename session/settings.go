package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/dbgauge/dbgauge/db"
	"github.com/dbgauge/dbgauge/results"
)

// RestoreTimeout bounds putting the settings back at the end of a run: a
// reload and a check per setting take milliseconds, a server that stopped
// answering must not hold the exit for ever.
const RestoreTimeout = 30 * time.Second

// ServerSetting is one --server-set NAME=VALUE: a server setting that a
// run changes before it starts and puts back when it ends.
type ServerSetting struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

func (s ServerSetting) String() string { return s.Name + "=" + s.Value }

// ParseServerSetting reads NAME=VALUE. The error says what is wrong, for
// the flag parser to prefix with the flag.
func ParseServerSetting(arg string) (ServerSetting, error) {
	name, value, ok := strings.Cut(arg, "=")
	if !ok {
		return ServerSetting{}, fmt.Errorf("%q is not NAME=VALUE (e.g. work_mem=64MB, query_cache_type=1)", arg)
	}
	s := ServerSetting{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)}
	return s, s.check()
}

func (s ServerSetting) check() error {
	if err := db.CheckSettingName(s.Name); err != nil {
		return err
	}
	if strings.IndexFunc(s.Value, unicode.IsControl) >= 0 {
		return fmt.Errorf("the value of %s has a control character", s.Name)
	}
	return nil
}

// checkServerSet validates the settings of a Spec: names, no name twice,
// and not on a shard.
func (s *Spec) checkServerSet() error {
	seen := map[string]bool{}
	for _, st := range s.ServerSet {
		if err := st.check(); err != nil {
			return settingf("{server-set}: %v", err)
		}
		key := strings.ToLower(st.Name)
		if seen[key] {
			return settingf("{server-set}: %s is given twice", st.Name)
		}
		seen[key] = true
	}
	if len(s.ServerSet) > 0 && s.Shard != "" {
		// As with prepare: shards share one server, and each would put
		// the settings back while the others still run.
		return settingf("{server-set} with {shard}: shards share one server and do not change its settings; set them once before starting the shards")
	}
	return nil
}

// ServerChange is the server settings a run changed and what puts them
// back. Restore may be called any number of times: the first call
// restores.
type ServerChange struct {
	tg      *Target
	conn    db.Settings
	priors  []db.Prior
	records []results.ServerSetting
	obs     Observer
	done    bool
}

// ChangeServer applies settings on the server behind conn, the control
// connection of a run on tg, before the run: it reads every setting first,
// so that one a run cannot change (unknown, read-only, needing a restart)
// stops it before anything changed, then changes them in order, and says
// so through obs. A driver whose settings belong to each connection
// (db.ConnSettings) gets a target whose connections carry them: the
// returned change's Target. On error, what was changed is put back. The
// caller calls Restore on every way out, a panic included.
func ChangeServer(ctx context.Context, tg *Target, conn db.Conn, settings []ServerSetting, obs Observer) (*ServerChange, error) {
	c := &ServerChange{tg: tg, obs: obs}
	if len(settings) == 0 {
		return c, nil
	}
	st, ok := conn.(db.Settings)
	if !ok {
		return nil, settingf("{server-set}: the %s driver cannot change server settings", tg.Driver.Name())
	}
	c.conn = st
	priors := make([]db.Prior, len(settings))
	for i, s := range settings {
		p, err := st.ReadSetting(ctx, s.Name)
		if err != nil {
			return nil, settingErr(err)
		}
		priors[i] = p
	}
	var pairs [][2]string
	for i, s := range settings {
		inForce, err := st.ChangeSetting(ctx, s.Name, s.Value)
		if err != nil {
			c.Restore(ctx)
			return nil, settingErr(err)
		}
		c.priors = append(c.priors, priors[i])
		c.records = append(c.records, results.ServerSetting{Name: s.Name, Value: s.Value, InForce: inForce, Previous: priors[i].Value})
		pairs = append(pairs, [2]string{s.Name, s.Value})
		obs.Note(fmt.Sprintf("Server setting %s = %s (was %s) until the run ends.", s.Name, inForce, priors[i].Value))
	}
	if cs, ok := tg.Driver.(db.ConnSettings); ok {
		t, err := cs.WithSettings(tg.T, pairs)
		if err != nil {
			c.Restore(ctx)
			return nil, settingErr(err)
		}
		c.tg = &Target{T: t, Driver: tg.Driver}
	}
	return c, nil
}

// Target is the target the run opens its connections with.
func (c *ServerChange) Target() *Target { return c.tg }

// Restore puts every changed setting back, the last changed first, with a
// context of its own (the run's may be cancelled by an interrupt), on the
// control connection or, if that fails (an interrupt may have closed it),
// on a new one. A setting that cannot be put back is said loudly, and
// recorded. It returns the record of every setting.
func (c *ServerChange) Restore(ctx context.Context) []results.ServerSetting {
	if c == nil || c.done || len(c.priors) == 0 {
		if c == nil {
			return nil
		}
		return c.records
	}
	c.done = true
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), RestoreTimeout)
	defer cancel()
	var fresh db.Conn
	defer func() {
		if fresh != nil {
			fresh.Close()
		}
	}()
	for i := len(c.priors) - 1; i >= 0; i-- {
		p, rec := c.priors[i], &c.records[i]
		err := c.conn.RestoreSetting(ctx, p)
		if err != nil && fresh == nil {
			if conn, oerr := c.tg.Open(ctx); oerr == nil {
				fresh = conn
			}
		}
		if st, ok := fresh.(db.Settings); err != nil && ok {
			err = st.RestoreSetting(ctx, p)
		}
		if err != nil {
			rec.RestoreError = oneLine(err)
			c.obs.Note(fmt.Sprintf("dbgauge: CANNOT RESTORE server setting %s to %s: %s; it may still be %s", p.Name, p.Value, rec.RestoreError, rec.InForce))
			continue
		}
		rec.Restored = true
	}
	if n := restored(c.records); n == len(c.records) {
		c.obs.Note(fmt.Sprintf("Server settings put back: %s.", previousList(c.records)))
	}
	return c.records
}

func restored(rs []results.ServerSetting) int {
	n := 0
	for _, r := range rs {
		if r.Restored {
			n++
		}
	}
	return n
}

func previousList(rs []results.ServerSetting) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.Name + "=" + r.Previous
	}
	return strings.Join(parts, ", ")
}

// settingErr makes a setting the server or driver refuses a usage error
// (the user asked for something the server cannot do); anything else, a
// lost connection, stays what it is.
func settingErr(err error) error {
	var se *db.SettingError
	if errors.As(err, &se) {
		return settingf("{server-set}: %s", oneLine(se))
	}
	return err
}

func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }
