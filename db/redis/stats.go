package redis

import (
	"context"
	"strconv"
	"strings"

	"github.com/dbgauge/dbgauge/db"
)

var _ db.StatsReader = (*Conn)(nil)

var redisCounters = map[string]bool{"total_commands_processed": true, "keyspace_hits": true, "keyspace_misses": true,
	"expired_keys": true, "evicted_keys": true, "total_net_input_bytes": true, "total_net_output_bytes": true,
	"total_connections_received": true, "rejected_connections": true}

var redisGauges = map[string]bool{"used_memory": true, "used_memory_rss": true, "connected_clients": true,
	"mem_fragmentation_ratio": true, "instantaneous_ops_per_sec": true}

var redisSettings = map[string]bool{"maxmemory": true, "maxmemory_policy": true, "aof_enabled": true, "redis_version": true}

// watched are the INFO counters a DBA watches beside the load.
var watched = []string{"total_commands_processed", "keyspace_hits", "keyspace_misses"}

// ServerStats implements db.StatsReader with INFO.
func (c *Conn) ServerStats(ctx context.Context) (*db.ServerStats, error) {
	info, err := c.client.Info(ctx, "all").Result()
	if err != nil {
		return nil, Classify(err)
	}
	s := &db.ServerStats{Counters: map[string]float64{}, Gauges: map[string]float64{}, Settings: map[string]string{}}
	for _, line := range strings.Split(info, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok {
			continue
		}
		if redisSettings[k] {
			s.Settings[k] = v
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			continue
		}
		if redisCounters[k] {
			s.Counters[k] = f
		} else if redisGauges[k] {
			s.Gauges[k] = f
		}
	}
	s.Watched = watched
	return s, nil
}

// Ratios implements db.StatsReader: the keyspace hit ratio.
func (c *Conn) Ratios(d map[string]float64) map[string]float64 {
	return map[string]float64{"keyspace_hit_pct": db.HitRatio(d["keyspace_hits"], d["keyspace_misses"])}
}
