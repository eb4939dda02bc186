#!/usr/bin/env bash
# What the TDS layer costs: dbgauge's SQL Server driver (go-mssqldb over
# TDS, to Babelfish's T-SQL port) against its PostgreSQL driver (pgx, to
# the same Babelfish's PostgreSQL port), on ONE server: Babelfish 4.3 is
# PostgreSQL 16.4 underneath, the same planner, storage and buffers.
# Prints medians of
#   - client CPU per point select (user+sys of the dbgauge process / queries,
#     oltp_point_select, one thread), and its ratio sqlserver/postgres;
#   - TPS of the oltp family on Babelfish over TDS and on its PostgreSQL
#     underneath, and the ratio.
# Both sides run the same binary, the same workload and the same data shape
# (--auto-inc=off: the DELETE/INSERT pairs write their ids back, which an
# IDENTITY column refuses),
# each in its own tables of the database babelfish_db (T-SQL's master_dbo
# schema and PostgreSQL's public schema). It measures Babelfish, not SQL
# Server: no figure here says anything about SQL Server's speed.
#
#   scripts/perf/babelfish.sh                  # TIME=10 REPS=3 THREADS=4 SIZE=100000
#   TIME=2 REPS=1 SIZE=1000 scripts/perf/babelfish.sh   # a quick proof that it runs
#
# Run it on a quiet machine: on shared, busy cores the figures mean nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
TIME=${TIME:-10}
REPS=${REPS:-3}
THREADS=${THREADS:-4}
SIZE=${SIZE:-100000}
TABLES=${TABLES:-4}
TESTS=${TESTS:-"oltp_point_select oltp_read_only oltp_read_write oltp_write_only"}
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-babelfish-XXXX)}

svc_env=$(scripts/services start-babelfish) || { echo "babelfish.sh: Babelfish did not start (see above)" >&2; exit 1; }
eval "$svc_env"
: "${DBGAUGE_TEST_SQLSERVER:?scripts/services gave no Babelfish URL}" "${DBGAUGE_TEST_BABELFISH_PG:?scripts/services gave no URL of Babelfish PostgreSQL port}"
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
DBG="$OUT/dbgauge"
declare -A URL=([sqlserver]=$DBGAUGE_TEST_SQLSERVER [postgres]=$DBGAUGE_TEST_BABELFISH_PG)
RES="$OUT/raw.tsv"
: >"$RES"

# measure NAME ARGS... (scripts/perf/measure.sh)
source scripts/perf/measure.sh

for db in sqlserver postgres; do
	echo "prepare $db" >&2
	"$DBG" cleanup oltp_read_write --db "${URL[$db]}" >/dev/null 2>&1 || true
	"$DBG" prepare oltp_read_write --db "${URL[$db]}" --tables "$TABLES" --table-size "$SIZE" --auto-inc=off --threads 2 >"$OUT/prepare.log" 2>&1 ||
		{ tail -5 "$OUT/prepare.log" >&2; exit 1; }
done
# Alternating the two sides, repetition by repetition, so that a change in
# the machine's load falls on both.
for rep in $(seq 1 "$REPS"); do
	for db in sqlserver postgres; do
		echo "cpu $db repetition $rep" >&2
		measure "cpu/$db" run oltp_point_select --db "${URL[$db]}" --tables "$TABLES" --table-size "$SIZE" --auto-inc=off --threads 1 --time "$TIME"
		for test in $TESTS; do
			echo "$test $db repetition $rep" >&2
			measure "$test/$db" run "$test" --db "${URL[$db]}" --tables "$TABLES" --table-size "$SIZE" --auto-inc=off --threads "$THREADS" --time "$TIME"
		done
	done
done
for db in sqlserver postgres; do "$DBG" cleanup oltp_read_write --db "${URL[$db]}" >/dev/null 2>&1 || true; done

python3 - "$RES" "$THREADS" <<-'PY'
	import statistics, sys
	from collections import defaultdict
	rows = defaultdict(list)
	for line in open(sys.argv[1]):
	    name, tps, q, cpu = line.rstrip("\n").split("\t")
	    rows[name].append((float(tps), int(q), float(cpu)))
	def med(name, f):
	    return statistics.median(f(r) for r in rows[name]) if rows[name] else float("nan")
	us = {db: med("cpu/" + db, lambda r: r[2] / r[1] * 1e6 if r[1] else float("nan")) for db in ("sqlserver", "postgres")}
	print("client CPU per point select (1 thread, median):")
	print(f"  sqlserver driver over TDS   {us['sqlserver']:8.1f} us")
	print(f"  postgres driver over pgwire {us['postgres']:8.1f} us")
	print(f"  ratio sqlserver/postgres    {us['sqlserver'] / us['postgres']:8.2f}")
	print(f"TPS, {sys.argv[2]} threads (median): Babelfish over TDS, its PostgreSQL 16 underneath, ratio")
	for name in sorted({n.split('/')[0] for n in rows if not n.startswith('cpu/')}):
	    a, b = med(name + "/sqlserver", lambda r: r[0]), med(name + "/postgres", lambda r: r[0])
	    print(f"  {name:24s} {a:10.1f} {b:10.1f} {a / b if b else float('nan'):8.2f}")
	PY
echo "raw results: $RES (Babelfish, not SQL Server)" >&2
