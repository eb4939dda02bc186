package cli

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/dbgauge/dbgauge/session"
)

// serverSetPrefix lets an experiment file name one server setting per key
// (`server-set.query_cache_type: [0, 1]` in a matrix), as well as
// `server-set: NAME=VALUE`.
const serverSetPrefix = "server-set."

// addServerSetFlag adds --server-set to the commands that run a workload
// (run, the bare command, sweep, and experiment files).
func addServerSetFlag(f *pflag.FlagSet, s *session.Spec) {
	f.Var(serverSetFlag{&s.ServerSet}, "server-set",
		"change a server setting for the run and put it back after it: NAME=VALUE (SET GLOBAL on MySQL/MariaDB, ALTER SYSTEM and a reload on PostgreSQL, a PRAGMA on every SQLite connection); repeatable")
}

// serverSetFlag is --server-set NAME=VALUE, repeatable. A later value of a
// name replaces an earlier one, so that an experiment's matrix overrides
// its defaults.
type serverSetFlag struct{ list *[]session.ServerSetting }

func (f serverSetFlag) String() string {
	if f.list == nil {
		return ""
	}
	parts := make([]string, len(*f.list))
	for i, s := range *f.list {
		parts[i] = s.String()
	}
	return strings.Join(parts, ",")
}

func (f serverSetFlag) Type() string { return "NAME=VALUE" }

func (f serverSetFlag) Set(arg string) error {
	s, err := session.ParseServerSetting(arg)
	if err != nil {
		return err
	}
	for i, x := range *f.list {
		if strings.EqualFold(x.Name, s.Name) {
			(*f.list)[i] = s
			return nil
		}
	}
	*f.list = append(*f.list, s)
	return nil
}

// serverSetKey turns an experiment key server-set.NAME and its value into
// the flag and its argument; other keys pass unchanged.
func serverSetKey(key, value string) (string, string) {
	if len(key) > len(serverSetPrefix) && strings.ReplaceAll(key[:len(serverSetPrefix)], "_", "-") == serverSetPrefix {
		return "server-set", key[len(serverSetPrefix):] + "=" + value
	}
	return key, value
}
