#!/usr/bin/env bash
# What dbgauge's own CUBRID driver (db/cubrid) costs the client, against its
# MariaDB driver: client CPU per point select (user+sys of the dbgauge
# process / queries, oltp_point_select), on the servers of scripts/services,
# the two sides alternating, REPS repetitions, medians and the ratio
# cubrid/mariadb (issue 30's target: at most 1.2).
#
# Two loads per side:
#   - open loop at RATE point selects a second on one connection: the same
#     rate on both servers, so what costs the client per second (monitors,
#     timers, the runner's yields) weighs the same on both and the ratio is
#     the per-statement cost;
#   - closed loop, one thread, as fast as the server answers (CUBRID's
#     server is slower, so per-second costs weigh more on its side).
# With PROFILE=1 each CUBRID run also writes a Go CPU profile
# (dbgauge --cpuprofile) into OUT, for `go tool pprof -top`.
#
#   scripts/perf/cubrid.sh                       # TIME=10 REPS=3 RATE=1000 SIZE=10000
#   TIME=2 REPS=1 scripts/perf/cubrid.sh         # a quick proof that it runs
#
# Run it on a quiet machine: on shared, busy cores the figures mean nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
TIME=${TIME:-10}
REPS=${REPS:-3}
RATE=${RATE:-1000}
SIZE=${SIZE:-10000}
PROFILE=${PROFILE:-0}
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-cubrid-XXXX)}

svc_env=$(scripts/services start-cubrid) && svc_env+=$'\n'$(scripts/services start-mariadb) ||
	{ echo "cubrid.sh: the servers did not start (see above)" >&2; exit 1; }
eval "$svc_env"
: "${DBGAUGE_TEST_CUBRID:?scripts/services gave no CUBRID URL}" "${DBGAUGE_TEST_MYSQL:?scripts/services gave no MariaDB URL}"
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
DBG="$OUT/dbgauge"
declare -A URL=([cubrid]=$DBGAUGE_TEST_CUBRID [mariadb]=$DBGAUGE_TEST_MYSQL)
DATA=(--tables 1 --table-size "$SIZE")
RES="$OUT/raw.tsv"
: >"$RES"

# measure NAME ARGS... (scripts/perf/measure.sh)
source scripts/perf/measure.sh

for db in cubrid mariadb; do
	echo "prepare $db" >&2
	"$DBG" cleanup oltp_point_select --db "${URL[$db]}" >/dev/null 2>&1 || true
	"$DBG" prepare oltp_point_select --db "${URL[$db]}" "${DATA[@]}" >"$OUT/prepare.log" 2>&1 ||
		{ tail -5 "$OUT/prepare.log" >&2; exit 1; }
done
for rep in $(seq 1 "$REPS"); do
	for db in cubrid mariadb; do
		prof=()
		[ "$PROFILE" = 1 ] && [ $db = cubrid ] && prof=(--cpuprofile "$OUT/cubrid-$rep.pprof")
		echo "open loop $db repetition $rep" >&2
		measure "open/$db" run oltp_point_select --db "${URL[$db]}" "${DATA[@]}" --threads 1 --rate "$RATE" --time "$TIME" "${prof[@]}"
		echo "closed loop $db repetition $rep" >&2
		measure "closed/$db" run oltp_point_select --db "${URL[$db]}" "${DATA[@]}" --threads 1 --time "$TIME"
	done
done
for db in cubrid mariadb; do "$DBG" cleanup oltp_point_select --db "${URL[$db]}" >/dev/null 2>&1 || true; done

python3 - "$RES" "$RATE" <<-'PY'
	import statistics, sys
	from collections import defaultdict
	rows = defaultdict(list)
	for line in open(sys.argv[1]):
	    name, tps, q, cpu = line.rstrip("\n").split("\t")
	    rows[name].append((float(tps), int(q), float(cpu)))
	def med(name, f):
	    return statistics.median(f(r) for r in rows[name]) if rows[name] else float("nan")
	print("client CPU per point select, one connection (median us), TPS (median), CPU ratio cubrid/mariadb")
	for load, what in (("open", f"open loop at {sys.argv[2]}/s"), ("closed", "closed loop")):
	    us = {db: med(f"{load}/{db}", lambda r: r[2] / r[1] * 1e6 if r[1] else float("nan")) for db in ("cubrid", "mariadb")}
	    tps = {db: med(f"{load}/{db}", lambda r: r[0]) for db in ("cubrid", "mariadb")}
	    print(f"  {what:24s} cubrid {us['cubrid']:7.1f} us {tps['cubrid']:8.1f}/s   mariadb {us['mariadb']:7.1f} us {tps['mariadb']:8.1f}/s   ratio {us['cubrid'] / us['mariadb']:5.2f}")
	PY
echo "raw results: $RES" >&2
