#!/usr/bin/env bash
# Scripted workloads side by side: sysbench 1.0.20 and dbgauge running the
# same Lua scripts, unmodified, on the same tables, in ONE run, the tools
# alternating, REPS repetitions: Percona-Lab's sysbench-tpcc (tpcc.lua) and
# sysbench's own oltp_read_write.lua, on PostgreSQL and MariaDB, at each of
# THREADS. Prints medians of TPS and of client CPU per transaction (user +
# sys of the client process / transactions, from /usr/bin/time), the
# ratios dbgauge/sysbench, and the machine's idle CPU time per transaction
# under each tool (/proc/stat over the client's whole run).
#
#   scripts/perf/lua.sh /path/to/sysbench-tpcc                 # TIME=30 REPS=3 THREADS="2 4"
#   SYSBENCH_TPCC=/path/to/sysbench-tpcc TIME=10 REPS=2 scripts/perf/lua.sh
#   WORKLOADS=oltp_read_write DBS=pg scripts/perf/lua.sh       # no sysbench-tpcc needed
#   DBG_FLAGS=--no-monitor scripts/perf/lua.sh /path/to/sysbench-tpcc   # dbgauge without its monitors
#
# sysbench-tpcc is not in this repository (GPL-2.0): clone
# https://github.com/Percona-Lab/sysbench-tpcc anywhere and give its path.
# Both tools run on tables dbgauge prepared, in a database of their own
# (dbgauge_lua_perf): tpcc with TPCC_SCALE warehouses (1), oltp_read_write
# with 4 tables of 100,000 rows. dbgauge's CPU includes its start and its
# end (results folder, reports) and its monitors (the server's memory is
# read from /proc/PID/smaps_rollup of each server process: dear on a server
# with many connections): a run of TIME seconds makes the first a small
# share. Run it on a quiet machine: the ratios are what it is for.
# Needs sysbench (apt-get install sysbench), /usr/bin/time and psql; uses
# the servers of scripts/services (fsync off).
set -euo pipefail
cd "$(dirname "$0")/../.."
TPCC=${1:-${SYSBENCH_TPCC:-}}
TIME=${TIME:-30}
REPS=${REPS:-3}
THREADS=${THREADS:-"2 4"}
DBS=${DBS:-"pg my"}
WORKLOADS=${WORKLOADS:-"tpcc oltp_read_write"}
TPCC_SCALE=${TPCC_SCALE:-1}
OLTP=${OLTP:-/usr/share/sysbench/oltp_read_write.lua}
read -ra DBG_FLAGS <<<"${DBG_FLAGS:-}" # more flags for dbgauge's runs
DB=dbgauge_lua_perf
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-lua-XXXX)}
mkdir -p "$OUT"

case " $WORKLOADS " in *" tpcc "*)
	[ -n "$TPCC" ] && [ -f "$TPCC/tpcc.lua" ] || {
		echo "usage: $0 SYSBENCH_TPCC_DIR (a clone of Percona-Lab/sysbench-tpcc), or WORKLOADS=oltp_read_write" >&2
		exit 2
	}
	TPCC=$(cd "$TPCC" && pwd)
	;;
esac
command -v sysbench >/dev/null || { echo "sysbench is not installed (apt-get install sysbench)" >&2; exit 2; }
[ -f "$OLTP" ] || { echo "$OLTP is missing (apt-get install sysbench)" >&2; exit 2; }
scripts/services start-postgres >/dev/null # its env lines carry the password
scripts/services start-mariadb >/dev/null # its env lines carry the password
svc_env=$(scripts/services env); eval "$svc_env"
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
DBG="$OUT/dbgauge"
PW=$DBGAUGE_TEST_PASSWORD
PGPASSWORD=$PW psql -h 127.0.0.1 -p 55432 -U bench -d bench -Atqc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 ||
	PGPASSWORD=$PW psql -h 127.0.0.1 -p 55432 -U bench -d bench -qc "CREATE DATABASE $DB"
mysql -h 127.0.0.1 -P 53306 -u bench "-p$PW" -e "CREATE DATABASE IF NOT EXISTS $DB" 2>/dev/null
declare -A URL=([pg]="postgres://bench:$PW@127.0.0.1:55432/$DB?sslmode=disable" [my]="mysql://bench:$PW@127.0.0.1:53306/$DB")
declare -A SB=(
	[pg]="--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=55432 --pgsql-user=bench --pgsql-password=$PW --pgsql-db=$DB"
	[my]="--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=53306 --mysql-user=bench --mysql-password=$PW --mysql-db=$DB")
RES="$OUT/raw.tsv"
: >"$RES"

# measure NAME CMD... (scripts/perf/sbmeasure.sh)
source scripts/perf/sbmeasure.sh

for db in $DBS; do
	read -ra sb <<<"${SB[$db]}"
	for w in $WORKLOADS; do
		if [ "$w" = tpcc ]; then
			dir=$TPCC script=./tpcc.lua data=(--tables 1 --scale "$TPCC_SCALE")
			sbdata=(--tables=1 "--scale=$TPCC_SCALE")
		else
			dir=$(dirname "$OLTP") script=$OLTP data=(--tables 4 --table-size 100000)
			sbdata=(--tables=4 --table-size=100000)
		fi
		echo "prepare $w on $db" >&2
		(cd "$dir" && "$DBG" cleanup "$script" --db "${URL[$db]}" "${data[@]}" >/dev/null 2>&1 || true)
		(cd "$dir" && "$DBG" prepare "$script" --db "${URL[$db]}" "${data[@]}" --threads 4 >"$OUT/prepare-$w-$db.log" 2>&1)
		for th in $THREADS; do
			for rep in $(seq 1 "$REPS"); do
				echo "$w $db threads=$th repetition $rep" >&2
				(cd "$dir" && measure "$w/$db/$th/sysbench" sysbench "$script" "${sb[@]}" "${sbdata[@]}" --threads="$th" --time="$TIME" run)
				(cd "$dir" && measure "$w/$db/$th/dbgauge" "$DBG" run "$script" --db "${URL[$db]}" "${data[@]}" --threads "$th" \
					--time "$TIME" --report-interval 0 --no-prepare --results-dir "$OUT/results" "${DBG_FLAGS[@]}")
			done
		done
		(cd "$dir" && "$DBG" cleanup "$script" --db "${URL[$db]}" "${data[@]}" >/dev/null 2>&1)
	done
done

python3 - "$RES" <<'EOF'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, tps, n, u, s, busy, idle = (line.rstrip("\n").split("\t") + [""] * 6)[:7]
    if tps and n and u and s:
        idle_us = float(idle) / float(n) * 1e6 if idle else float("nan")
        rows[name].append((float(tps), (float(u) + float(s)) / float(n) * 1e6, idle_us))
def med(name, i):
    vals = [r[i] for r in rows.get(name, [])]
    return statistics.median(vals) if vals else float("nan")
# idle: the whole machine's idle CPU time over the run per transaction (µs),
# from /proc/stat: time in which neither the client nor the server ran.
print("| workload | db | threads | sysbench TPS | dbgauge TPS | TPS ratio | sysbench µs CPU/txn | dbgauge µs CPU/txn | CPU ratio | idle µs/txn sysbench | idle µs/txn dbgauge |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for key in sorted({n.rsplit("/", 1)[0] for n in rows}, key=lambda k: (k.split("/")[0], k.split("/")[1], int(k.split("/")[2]))):
    w, db, th = key.split("/")
    s, d = f"{key}/sysbench", f"{key}/dbgauge"
    print(f"| {w} | {db} | {th} | {med(s, 0):.0f} | {med(d, 0):.0f} | {med(d, 0) / med(s, 0):.2f} "
          f"| {med(s, 1):.0f} | {med(d, 1):.0f} | {med(d, 1) / med(s, 1):.2f} | {med(s, 2):.0f} | {med(d, 2):.0f} |")
EOF
echo "raw results: $RES" >&2
