package mongo

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StatsReader = (*Conn)(nil)

// watched are serverStatus's operation counters.
var watched = []string{"opcounters.query", "opcounters.insert", "opcounters.update", "opcounters.delete",
	"opcounters.getmore", "opcounters.command"}

// ServerStats implements db.StatsReader with serverStatus: operation
// counters, connections and memory (FerretDB answers a subset).
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	var st bson.M
	if err := c.client.Database("admin").RunCommand(ctx, bson.D{{Key: "serverStatus", Value: 1}}).Decode(&st); err != nil {
		return nil, Classify(err)
	}
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	if ops, ok := st["opcounters"].(bson.M); ok {
		for k, v := range ops {
			if f, ok := number(v); ok {
				s.Counters["opcounters."+k] = f
			}
		}
	}
	if conns, ok := st["connections"].(bson.M); ok {
		if f, ok := number(conns["current"]); ok {
			s.Gauges["connections.current"] = f
		}
	}
	if mem, ok := st["mem"].(bson.M); ok {
		if f, ok := number(mem["resident"]); ok {
			s.Gauges["mem.resident_mb"] = f
		}
	}
	if v, ok := st["version"].(string); ok {
		s.Settings["version"] = v
	}
	s.Watched = watched
	return s, nil
}

// Ratios implements db.StatsReader: none without the storage engine's cache
// statistics.
func (c *Conn) Ratios(map[string]float64) map[string]float64 { return nil }

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}
