#!/usr/bin/env bash
# What a Go client must pay, against what sysbench and dbgauge pay: on
# PostgreSQL, sysbench's oltp_read_write.lua run by sysbench 1.0.20 and by
# dbgauge (as is, and with DBGAUGE_WAKEUPS=raw), beside pgfloor
# (scripts/perf/pgfloor: the same 20 prepared statements a transaction from
# a Go program that does nothing else) with each of its three kinds of
# socket I/O (blocking and raw with GOMAXPROCS threads + 2, as dbgauge's
# blocking sockets; raw once more with one P a thread). In ONE run, the tools alternating, REPS repetitions at each
# of THREADS. Prints medians of TPS and of user and system CPU per
# transaction (/usr/bin/time over the whole process, start included), and
# each one's total against sysbench's.
#
#   scripts/perf/floor.sh                        # TIME=20 REPS=3 THREADS="2 4"
#   TIME=10 REPS=2 THREADS=2 scripts/perf/floor.sh
#
# Tables: 4 of 100,000 rows, prepared by dbgauge with the script in a
# database of their own (dbgauge_floor). Run it on a quiet machine. Needs
# sysbench (apt-get install sysbench), /usr/bin/time and psql; uses the
# PostgreSQL of scripts/services.
set -euo pipefail
cd "$(dirname "$0")/../.."
TIME=${TIME:-20}
REPS=${REPS:-3}
THREADS=${THREADS:-"2 4"}
OLTP=${OLTP:-/usr/share/sysbench/oltp_read_write.lua}
DB=dbgauge_floor
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-floor-XXXX)}
mkdir -p "$OUT"
command -v sysbench >/dev/null || { echo "sysbench is not installed (apt-get install sysbench)" >&2; exit 2; }
[ -f "$OLTP" ] || { echo "$OLTP is missing (apt-get install sysbench)" >&2; exit 2; }
scripts/services start-postgres >/dev/null # its env lines carry the password
svc_env=$(scripts/services env); eval "$svc_env"
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge
CGO_ENABLED=0 go build -o "$OUT/pgfloor" ./scripts/perf/pgfloor
PW=$DBGAUGE_TEST_PASSWORD
PGPASSWORD=$PW psql -h 127.0.0.1 -p 55432 -U bench -d bench -Atqc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 ||
	PGPASSWORD=$PW psql -h 127.0.0.1 -p 55432 -U bench -d bench -qc "CREATE DATABASE $DB"
URL="postgres://bench:$PW@127.0.0.1:55432/$DB?sslmode=disable"
SB=(--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=55432 --pgsql-user=bench "--pgsql-password=$PW" "--pgsql-db=$DB")
DATA=(--tables 4 --table-size 100000)
RES="$OUT/raw.tsv"
: >"$RES"

# measure NAME CMD... (scripts/perf/sbmeasure.sh)
source scripts/perf/sbmeasure.sh

cd "$(dirname "$OLTP")"
"$OUT/dbgauge" cleanup "$OLTP" --db "$URL" "${DATA[@]}" >/dev/null 2>&1 || true
"$OUT/dbgauge" prepare "$OLTP" --db "$URL" "${DATA[@]}" --threads 4 >"$OUT/prepare.log" 2>&1
for th in $THREADS; do
	for rep in $(seq 1 "$REPS"); do
		echo "threads=$th repetition $rep" >&2
		measure "$th/sysbench" sysbench "$OLTP" "${SB[@]}" --tables=4 --table-size=100000 --threads="$th" --time="$TIME" run
		dbg=("$OUT/dbgauge" run "$OLTP" --db "$URL" "${DATA[@]}" --threads "$th" --time "$TIME" --report-interval 0 --no-prepare --results-dir "$OUT/results")
		measure "$th/dbgauge" "${dbg[@]}"
		measure "$th/dbgauge raw" env DBGAUGE_WAKEUPS=raw "${dbg[@]}"
		for io in blocking raw netpoll; do
			measure "$th/pgfloor $io" "$OUT/pgfloor" -url "$URL" -threads "$th" -time "$TIME" -io "$io"
		done
		measure "$th/pgfloor raw, a P a thread" "$OUT/pgfloor" -url "$URL" -threads "$th" -time "$TIME" -io raw -procs "$th"
	done
done
"$OUT/dbgauge" cleanup "$OLTP" --db "$URL" "${DATA[@]}" >/dev/null 2>&1

python3 - "$RES" <<'EOF'
import collections, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, tps, n, u, s = (line.rstrip("\n").split("\t") + [""] * 4)[:5]
    if tps and n and u and s:
        rows[name].append((float(tps), float(u) / float(n) * 1e6, float(s) / float(n) * 1e6))
med = lambda name, i: statistics.median(r[i] for r in rows[name])
print("| threads | client | TPS | µs user/txn | µs sys/txn | µs CPU/txn | CPU against sysbench |")
print("|---|---|---|---|---|---|---|")
for th in sorted({n.split("/")[0] for n in rows}, key=int):
    base = f"{th}/sysbench"
    total = lambda n: med(n, 1) + med(n, 2)
    for name in sorted((n for n in rows if n.startswith(th + "/")), key=lambda n: (n != base, n)):
        ratio = f"{total(name) / total(base):.2f}" if base in rows else ""
        print(f"| {th} | {name.split('/', 1)[1]} | {med(name, 0):.0f} | {med(name, 1):.0f} | {med(name, 2):.0f} | {total(name):.0f} | {ratio} |")
EOF
echo "raw measurements: $RES" >&2
