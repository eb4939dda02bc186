#!/usr/bin/env bash
# Wire parity of Percona-Lab's sysbench-tpcc between sysbench 1.0.20 and
# dbgauge on PostgreSQL: the same tpcc.lua, unmodified, run by each tool on
# the same tables (prepared once by dbgauge), one thread and EVENTS events
# each, one after the other. Prints, per transaction, what the server
# counted on the TPC-C tables (pg_stat_user_tables: index and sequential
# scans, rows inserted, updated, deleted) and the statements each tool
# counted, with the ratios dbgauge/sysbench.
#
#   scripts/perf/tpcc_parity.sh /path/to/sysbench-tpcc        # EVENTS=60000
#   EVENTS=5000 scripts/perf/tpcc_parity.sh /path/to/sysbench-tpcc
#
# sysbench-tpcc is not in this repository (GPL-2.0): clone
# https://github.com/Percona-Lab/sysbench-tpcc anywhere and give its path
# (or set SYSBENCH_TPCC). The transaction mix is random (Delivery, the only
# one that deletes, is 1 in 23), so the ratios come within a few percent
# only over tens of thousands of events: 60,000 by default (about 10
# minutes per tool on a laptop). Needs sysbench and psql; uses the
# PostgreSQL of scripts/services and a database of its own
# (dbgauge_tpcc_parity).
set -euo pipefail
cd "$(dirname "$0")/../.."
TPCC=${1:-${SYSBENCH_TPCC:-}}
[ -n "$TPCC" ] && [ -f "$TPCC/tpcc.lua" ] || { echo "usage: $0 SYSBENCH_TPCC_DIR (a clone of Percona-Lab/sysbench-tpcc)" >&2; exit 2; }
TPCC=$(cd "$TPCC" && pwd)
EVENTS=${EVENTS:-60000}
DB=dbgauge_tpcc_parity
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-tpcc-parity-XXXX)}
mkdir -p "$OUT"

command -v sysbench >/dev/null || { echo "sysbench is not installed (apt-get install sysbench)" >&2; exit 2; }
scripts/services start-postgres >/dev/null # its env lines carry the password
svc_env=$(scripts/services env); eval "$svc_env"
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge
DBG="$OUT/dbgauge"
export PGPASSWORD=$DBGAUGE_TEST_PASSWORD
PSQL=(psql -h 127.0.0.1 -p 55432 -U bench -v ON_ERROR_STOP=1 -Atq)
"${PSQL[@]}" -d bench -c "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 || "${PSQL[@]}" -d bench -c "CREATE DATABASE $DB"
URL="postgres://bench:$PGPASSWORD@127.0.0.1:55432/$DB?sslmode=disable"
SB=(--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=55432 --pgsql-user=bench "--pgsql-password=$PGPASSWORD" "--pgsql-db=$DB")
DATA=(--tables 1 --scale 1)

# stats: the TPC-C tables' counters, summed, once two readings a second
# apart agree (a backend's counters reach the server when it exits).
stats() {
	local q="SELECT sum(idx_scan), sum(seq_scan), sum(n_tup_ins), sum(n_tup_upd), sum(n_tup_del) FROM pg_stat_user_tables
		WHERE relname ~ '^(warehouse|district|customer|history|orders|new_orders|order_line|stock|item)1\$'"
	local prev="" cur
	for _ in $(seq 1 30); do
		cur=$("${PSQL[@]}" -d "$DB" -F ' ' -c "$q")
		[ "$cur" = "$prev" ] && break
		prev=$cur
		sleep 1
	done
	echo "$cur"
}

cd "$TPCC"
"$DBG" cleanup ./tpcc.lua --db "$URL" "${DATA[@]}" >/dev/null 2>&1 || true
echo "prepare (dbgauge; sysbench-tpcc waits 30 s in it)" >&2
"$DBG" prepare ./tpcc.lua --db "$URL" "${DATA[@]}" >"$OUT/prepare.log" 2>&1
s0=$(stats)
echo "sysbench, $EVENTS events" >&2
sysbench ./tpcc.lua "${SB[@]}" --tables=1 --scale=1 --threads=1 --events="$EVENTS" --time=0 run >"$OUT/sysbench.log" 2>&1
s1=$(stats)
echo "dbgauge, $EVENTS events" >&2
"$DBG" run ./tpcc.lua --db "$URL" "${DATA[@]}" --threads 1 --events "$EVENTS" --time 0 --report-interval 0 \
	--no-prepare --results-dir "$OUT/results" >"$OUT/dbgauge.log" 2>&1
s2=$(stats)
"$DBG" cleanup ./tpcc.lua --db "$URL" "${DATA[@]}" >/dev/null 2>&1

python3 - "$EVENTS" "$s0" "$s1" "$s2" "$OUT/sysbench.log" "$OUT/dbgauge.log" <<'EOF'
import re, sys
n = int(sys.argv[1])
s0, s1, s2 = ([int(x) for x in a.split()] for a in sys.argv[2:5])
def queries(path):
    text = open(path).read()
    return [int(re.search(r"^\s*%s:\s+(\d+)" % k, text, re.M).group(1)) for k in ("read", "write", "other", "total")]
sb, dg = queries(sys.argv[5]), queries(sys.argv[6])
print(f"Per transaction, {n} events each, one thread, PostgreSQL:\n")
print("| counter | sysbench 1.0.20 | dbgauge | ratio |")
print("|---|---|---|---|")
for i, name in enumerate(["index scans", "sequential scans", "rows inserted", "rows updated", "rows deleted"]):
    a, b = (s1[i] - s0[i]) / n, (s2[i] - s1[i]) / n
    print(f"| {name} | {a:.3f} | {b:.3f} | {b / a if a else float('nan'):.3f} |")
for i, name in enumerate(["statements: read", "statements: write", "statements: other", "statements: total"]):
    a, b = sb[i] / n, dg[i] / n
    print(f"| {name} | {a:.2f} | {b:.2f} | {b / a:.3f} |")
EOF
echo "logs: $OUT" >&2
