#!/usr/bin/env bash
# Side-by-side benchmark: sysbench 1.0.20 and pgbench against dbgauge on the
# same throwaway servers, in ONE run, tools alternating, REPS repetitions.
# Prints medians of TPS and of client CPU per query (user+sys of the client
# process / queries), and the ratios dbgauge/peer.
#
#   scripts/perf/compare.sh                 # defaults: TIME=10 REPS=3 THREADS="2 4 8"
#   TIME=5 REPS=3 scripts/perf/compare.sh   # quicker
#
# Needs sysbench (apt-get install sysbench) and starts the servers with
# scripts/services (fsync off: the disk is out of the picture).
set -euo pipefail
cd "$(dirname "$0")/../.."
TIME=${TIME:-10}
REPS=${REPS:-3}
THREADS=${THREADS:-"2 4 8"}
TESTS=${TESTS:-"oltp_point_select oltp_read_only oltp_read_write"}
TABLES=4
SIZE=100000
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-compare-XXXX)}

command -v sysbench >/dev/null || { apt-get -o DPkg::Lock::Timeout=1200 install -y -q sysbench >&2; }
svc_env=$(scripts/services start); eval "$svc_env"
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
DBG="$OUT/dbgauge"
PW=$DBGAUGE_TEST_PASSWORD
SB_PG=(--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port=55432 --pgsql-user=bench "--pgsql-password=$PW" --pgsql-db=bench)
SB_MY=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=53306 --mysql-user=bench "--mysql-password=$PW" --mysql-db=bench)
declare -A URL=([pg]=$DBGAUGE_TEST_POSTGRES [my]=$DBGAUGE_TEST_MYSQL)
RES="$OUT/raw.tsv"
: >"$RES"

# timed NAME CMD... (scripts/perf/sbmeasure.sh)
source scripts/perf/sbmeasure.sh

# measure NAME CMD...: runs CMD under /usr/bin/time, appends
# "name<TAB>tps<TAB>queries<TAB>cpu_seconds" to $RES.
measure() {
	timed "$@" || return 0
	awk -v name="$1" '
		/transactions:/ && /per sec/ { gsub(/[()]/, "", $3); tps = $3 }
		/^ *queries:/ && /per sec/ { q = $2 }
		/^tps = / { tps = $3 }
		/number of transactions actually processed/ { split($0, a, ": "); split(a[2], b, "/"); q = b[1] }
		/^CPU / { cpu = $2 + $3 }
		END { printf "%s\t%s\t%s\t%s\n", name, tps, q, cpu }' "$OUT/last.log" >>"$RES"
}

prepare_time() { # name cmd...
	local name=$1
	shift
	local t0 t1
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>&1
	t1=$(date +%s.%N)
	echo -e "$name\t$(echo "$t1 - $t0" | bc)\t0\t0" >>"$RES"
}

for db in pg my; do
	if [ $db = pg ]; then SB=("${SB_PG[@]}"); else SB=("${SB_MY[@]}"); fi
	for rep in $(seq 1 "$REPS"); do
		echo "prepare $db, repetition $rep" >&2
		sysbench "${SB[@]}" oltp_read_write cleanup >/dev/null 2>&1 || true
		"$DBG" cleanup oltp_read_write --db "${URL[$db]}" >/dev/null 2>&1 || true
		prepare_time "prepare/$db/sysbench" sysbench "${SB[@]}" --tables=$TABLES --table-size=$SIZE --threads=4 oltp_read_write prepare
		sysbench "${SB[@]}" --tables=$TABLES oltp_read_write cleanup >/dev/null 2>&1
		prepare_time "prepare/$db/dbgauge" "$DBG" prepare oltp_read_write --db "${URL[$db]}" --tables $TABLES --table-size $SIZE --threads 4
	done
	# Both tools run on dbgauge's tables: same schema, same data shape.
	for test in $TESTS; do
		for th in $THREADS; do
			for rep in $(seq 1 "$REPS"); do
				echo "$db $test threads=$th repetition $rep" >&2
				measure "$test/$db/$th/sysbench" sysbench "${SB[@]}" --tables=$TABLES --table-size=$SIZE --threads="$th" --time="$TIME" "$test" run
				measure "$test/$db/$th/dbgauge" "$DBG" run "$test" --db "${URL[$db]}" --tables $TABLES --table-size $SIZE --threads "$th" --time "$TIME" --report-interval 0 --results-dir "$OUT/results"
			done
		done
	done
	"$DBG" cleanup oltp_read_write --db "${URL[$db]}" >/dev/null 2>&1
done

# pgbench -S -M prepared against dbgauge's point selects, on pgbench's own
# table size (scale 10 = 1M rows) for pgbench and 4 x 100k for dbgauge.
PGURL="postgresql://bench:$PW@127.0.0.1:55432/bench"
"$PGBIN/pgbench" -i -s 10 -q "$PGURL" >/dev/null 2>&1
"$DBG" prepare oltp_point_select --db "${URL[pg]}" --tables $TABLES --table-size $SIZE >/dev/null 2>&1
for th in $THREADS; do
	for rep in $(seq 1 "$REPS"); do
		echo "pgbench -S threads=$th repetition $rep" >&2
		measure "pgbench_S/pg/$th/pgbench" "$PGBIN/pgbench" -S -M prepared -c "$th" -j "$th" -T "$TIME" "$PGURL"
		measure "pgbench_S/pg/$th/dbgauge" "$DBG" run oltp_point_select --db "${URL[pg]}" --tables $TABLES --table-size $SIZE --threads "$th" --time "$TIME" --report-interval 0 --results-dir "$OUT/results"
	done
done
"$DBG" cleanup oltp_point_select --db "${URL[pg]}" >/dev/null 2>&1
"$PGBIN/pgbench" -i -I d "$PGURL" >/dev/null 2>&1

python3 scripts/perf/summarize.py "$RES"
echo "raw results: $RES" >&2
