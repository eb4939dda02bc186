#!/usr/bin/env bash
# Compares what two dbgauge binaries do, for a refactoring that must not
# change behaviour: each binary runs each workload on each database from
# freshly prepared data, with one user, a fixed seed and --events, and the
# parts of result.json and summary.txt that do not depend on timing are
# compared (fingerprint.py says which).
#
#   scripts/same-results.sh OLD_BINARY NEW_BINARY [OUT_DIR]
#
# Databases: SQLite always; PostgreSQL and MariaDB from DBGAUGE_SAME_POSTGRES
# and DBGAUGE_SAME_MYSQL (a database of their own: the runs drop and load
# the workloads' tables). WORKLOADS (names, or paths of workload files)
# and EVENTS override the defaults.
set -euo pipefail
old=$1 new=$2
out=${3:-$(mktemp -d /tmp/dbgauge-same-XXXX)}
here=$(cd "$(dirname "$0")" && pwd)
EVENTS=${EVENTS:-1000}
WORKLOADS=${WORKLOADS:-"tpcc bookstore orderentry"}
declare -A opts=(
	[tpcc]="--warehouses 1"
	[bookstore]="--items 1000 --customers 2880"
	[orderentry]="--scale 0.0002 --warehouses 20"
	[shop.yaml]="--customers 300 --products 120"
)
declare -A dbs=([sqlite]="sqlite:$out/sqlite.db")
[ -n "${DBGAUGE_SAME_POSTGRES:-}" ] && dbs[postgres]=$DBGAUGE_SAME_POSTGRES
[ -n "${DBGAUGE_SAME_MYSQL:-}" ] && dbs[mariadb]=$DBGAUGE_SAME_MYSQL
status=0
for w in $WORKLOADS; do
	for d in "${!dbs[@]}"; do
		for side in old new; do
			bin=$old
			[ "$side" = new ] && bin=$new
			name=$(basename "$w")
			dir="$out/$name-$d-$side"
			rm -rf "$dir"
			mkdir -p "$dir"
			"$bin" cleanup "$w" --db "${dbs[$d]}" >/dev/null 2>&1 || true
			# shellcheck disable=SC2086
			if ! "$bin" run "$w" --db "${dbs[$d]}" ${opts[$(basename "$w")]:-} --seed 7 --threads 1 --events "$EVENTS" --time 0 --think 0 \
				--report-interval 0 --no-monitor --results-dir "$dir/results" >"$dir/stdout" 2>"$dir/stderr"; then
				echo "$w on $d ($side): the run failed, see $dir/stderr" >&2
				status=1
				continue 2
			fi
			python3 "$here/fingerprint.py" "$dir"/results/*/ >"$dir/fingerprint"
			"$bin" cleanup "$w" --db "${dbs[$d]}" >/dev/null 2>&1 || true
		done
		name=$(basename "$w")
		if diff -u "$out/$name-$d-old/fingerprint" "$out/$name-$d-new/fingerprint" >"$out/$name-$d.diff"; then
			echo "same: $name on $d ($(wc -l <"$out/$name-$d-new/fingerprint") lines compared)"
		else
			echo "DIFFERENT: $name on $d (see $out/$name-$d.diff)"
			status=1
		fi
	done
done
echo "results in $out"
exit $status
