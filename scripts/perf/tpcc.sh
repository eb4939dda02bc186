#!/usr/bin/env bash
# TPC-C side by side: go-tpc v1.0.12 (PingCAP's) and dbgauge's tpcc on the
# same throwaway PostgreSQL and MariaDB, same warehouses, threads and
# duration, in ONE run, tools alternating (which one goes first flips every
# repetition), REPS repetitions. Prints the medians of
#   - tpmC, as each tool reports it (go-tpc's final "tpmC:" line; dbgauge's
#     result.json figure), and NOPM measured the same way for both from
#     outside: the growth of sum(d_next_o_id) over the run, per minute;
#   - client CPU per New-Order: the tool process's user+sys CPU seconds (from
#     /usr/bin/time) divided by the New-Orders it committed in that run
#     (the same growth of sum(d_next_o_id));
#   - load time: the wall time of `prepare` for W warehouses (both tools with
#     their post-load consistency check off; CHECK=1 times each tool's
#     `check` separately);
# with the ratios dbgauge/go-tpc (docs/performance.md, "TPC-C beside go-tpc").
#
#   scripts/perf/tpcc.sh                             # W=10, THREADS="4 16", TIME=60, REPS=3, PostgreSQL and MariaDB
#   scripts/perf/tpcc.sh --warehouses 2 --threads 4 --time 10 --reps 1 --dbs pg
#   TOOLS=go-tpc WAREHOUSES=1 TIME=10 REPS=1 scripts/perf/tpcc.sh   # the go-tpc half alone
#
# Settings (environment, or the flag in parentheses):
#   WAREHOUSES (--warehouses)       warehouses loaded and driven [10]
#   THREADS (--threads)             thread counts to run, each its own row ["4 16"]
#                                   (go-tpc -T, dbgauge --users)
#   TIME (--time)                   seconds of each run [60]
#   REPS (--reps)                   repetitions of every load and run [3]
#   DBS (--dbs)                     pg, my or both ["pg my"]
#   TOOLS (--tools)                 go-tpc, dbgauge or both ["go-tpc dbgauge"]
#   LOAD_THREADS (--load-threads)   parallel loaders of both tools' prepare [4]
#   CHECK (--check)                 1: time each tool's consistency check after
#                                   every load [0]. go-tpc's condition 3.3.2.10
#                                   takes about 45 s per warehouse on PostgreSQL
#                                   and over 10 minutes per warehouse on MariaDB.
#   KEEP (--keep)                   1: keep both databases at the end [0]
#   OUT (--out)                     directory for the logs and raw results [mktemp]
#   GOTPC                           a go-tpc binary to use [built and cached by
#                                   scripts/perf/gotpc-build.sh]
#   DBGAUGE                         a dbgauge binary to use [built from this tree]
#
# Needs Go (to build dbgauge, and go-tpc once per machine) and python3; starts
# the servers with scripts/services (fsync off, as compare.sh: the disk is out
# of the picture) and leaves them running. Each tool gets its own database,
# `gotpc` and `dbgauge`, created (dropped first) by this script: both use the
# table names warehouse, district, ... A full default run takes about 45
# minutes on 2 cores; the data of each tool grows over its runs (every run inserts
# orders), the same number of runs for both.
#
# Exit status: 0; 1 when a step failed (it is named, and left out of the
# medians) or when this dbgauge has no tpcc workload; 2 on bad settings.
set -euo pipefail
cd "$(dirname "$0")/../.."
WAREHOUSES=${WAREHOUSES:-10}
THREADS=${THREADS:-"4 16"}
TIME=${TIME:-60}
REPS=${REPS:-3}
DBS=${DBS:-"pg my"}
TOOLS=${TOOLS:-"go-tpc dbgauge"}
LOAD_THREADS=${LOAD_THREADS:-4}
CHECK=${CHECK:-0}
KEEP=${KEEP:-0}
OUT=${OUT:-}
GOTPC_DB=gotpc
DBG_DB=dbgauge

die() {
	echo "tpcc.sh: $*" >&2
	exit 2
}
usage() {
	sed -n '2,/^set -euo pipefail/p' "$0" | sed '$d; s/^# \{0,1\}//'
	exit 0
}

while [ $# -gt 0 ]; do
	arg=$1
	shift
	case $arg in
	-h | --help) usage ;;
	--*=*) val=${arg#*=} arg=${arg%%=*} ;;
	--*)
		[ $# -gt 0 ] || die "$arg needs a value"
		val=$1
		shift
		;;
	*) die "unexpected argument '$arg' (see --help)" ;;
	esac
	case $arg in
	--warehouses) WAREHOUSES=$val ;;
	--threads) THREADS=$val ;;
	--time) TIME=$val ;;
	--reps) REPS=$val ;;
	--dbs) DBS=$val ;;
	--tools) TOOLS=$val ;;
	--load-threads) LOAD_THREADS=$val ;;
	--check) CHECK=$val ;;
	--keep) KEEP=$val ;;
	--out) OUT=$val ;;
	*) die "unknown flag $arg (see --help)" ;;
	esac
done
THREADS=${THREADS//,/ } DBS=${DBS//,/ } TOOLS=${TOOLS//,/ }
positive() { [[ $2 =~ ^[0-9]+$ && $2 -gt 0 ]] || die "$1 must be a positive integer, not '$2'"; }
positive WAREHOUSES "$WAREHOUSES"
positive TIME "$TIME"
positive REPS "$REPS"
positive LOAD_THREADS "$LOAD_THREADS"
[ -n "${THREADS// /}" ] || die "THREADS is empty"
for t in $THREADS; do positive THREADS "$t"; done
for d in $DBS; do [[ $d == pg || $d == my ]] || die "DBS: '$d' is neither pg nor my"; done
for t in $TOOLS; do [[ $t == go-tpc || $t == dbgauge ]] || die "TOOLS: '$t' is neither go-tpc nor dbgauge"; done
[[ -n ${DBS// /} && -n ${TOOLS// /} ]] || die "DBS and TOOLS need at least one entry each"
has_tool() { [[ " $TOOLS " == *" $1 "* ]]; }
[ -x /usr/bin/time ] || die "needs /usr/bin/time (apt-get install time)"
command -v python3 >/dev/null || die "needs python3"
[ -n "$OUT" ] || OUT=$(mktemp -d /tmp/dbgauge-tpcc-XXXX)
mkdir -p "$OUT/logs"
RES="$OUT/raw.tsv"
: >"$RES"

# dbgauge first, so that a dbgauge without tpcc stops the script before
# anything slow.
DBG=
if has_tool dbgauge; then
	if [ -n "${DBGAUGE:-}" ]; then
		DBG=$DBGAUGE
	else
		CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
		DBG="$OUT/dbgauge"
	fi
	if ! "$DBG" list | awk '$1 == "tpcc" { found = 1 } END { exit !found }'; then
		echo "tpcc.sh: this dbgauge has no tpcc workload (\`dbgauge list\` does not name it)." >&2
		echo "tpcc.sh: TOOLS=go-tpc runs the go-tpc half alone." >&2
		exit 1
	fi
fi
# prepare's post-load check off, as go-tpc's --no-check (if this dbgauge has one yet).
DBG_NOCHECK=()
[ -z "$DBG" ] || ! "$DBG" prepare tpcc --help 2>&1 | grep -q -- '--no-check' || DBG_NOCHECK=(--no-check)
GTBIN=
if has_tool go-tpc; then
	GTBIN=${GOTPC:-$(scripts/perf/gotpc-build.sh)}
	[ -x "$GTBIN" ] || die "no go-tpc binary at $GTBIN"
fi

for d in $DBS; do
	if [ "$d" = pg ]; then svc_env=$(scripts/services start-postgres); eval "$svc_env"; else svc_env=$(scripts/services start-mariadb); eval "$svc_env"; fi
done
PW=$DBGAUGE_TEST_PASSWORD
# The ports scripts/services used (DBGAUGE_PG_PORT, DBGAUGE_MY_PORT), from its URLs.
url_port() { sed -E 's|^[a-z]+://[^@]*@[^:/]+:([0-9]+)/.*$|\1|' <<<"$1"; }
PG_PORT=$(url_port "$DBGAUGE_TEST_POSTGRES")
MY_PORT=$(url_port "$DBGAUGE_TEST_MYSQL")
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
declare -A URL=(
	[pg]="postgres://bench:$PW@127.0.0.1:$PG_PORT/$DBG_DB?sslmode=disable"
	[my]="mysql://bench:$PW@127.0.0.1:$MY_PORT/$DBG_DB"
)
# go-tpc's flags for each server. lib/pq asks for TLS unless told not to
# (the throwaway server has none); go-sql-driver's tls=preferred falls back.
# go-tpc takes its password on the command line only.
declare -A GTFLAGS=(
	[pg]="-d postgres -H 127.0.0.1 -P $PG_PORT -D $GOTPC_DB -U bench --conn-params sslmode=disable"
	[my]="-d mysql -H 127.0.0.1 -P $MY_PORT -D $GOTPC_DB -U bench"
)
gt() { # db subcommand: sets GT to the command line of go-tpc tpcc SUBCOMMAND on db
	local flags
	read -r -a flags <<<"${GTFLAGS[$1]}"
	GT=("$GTBIN" tpcc "$2" "${flags[@]}" -p "$PW" --warehouses "$WAREHOUSES" --output plain)
}

# sql db database statement: the result rows, tab-separated, no header.
sql() {
	if [ "$1" = pg ]; then
		PGPASSWORD=$PW PGOPTIONS='-c client_min_messages=warning' "$PGBIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U bench -d "$2" -c "$3"
	else
		MYSQL_PWD=$PW mariadb --no-defaults -h 127.0.0.1 -P "$MY_PORT" -u bench -N -B -e "$3" "$2"
	fi
}
recreate_databases() { # db
	local name
	for name in $GOTPC_DB $DBG_DB; do
		sql "$1" bench "DROP DATABASE IF EXISTS $name" >/dev/null
		sql "$1" bench "CREATE DATABASE $name" >/dev/null
	done
}
# next_orders db database: sum(d_next_o_id), which grows by one for every
# committed New-Order (HammerDB's NOPM counter), or "" if it cannot be read.
next_orders() { sql "$1" "$2" "SELECT sum(d_next_o_id) FROM district" 2>/dev/null || true; }

# Each result row: kind db threads tool rep wall_s cpu_s tpmC nopm_tool
# new_orders_tool committed errors ok. kind is load, check or run; for load
# and check, threads holds LOAD_THREADS. new_orders_tool is what the tool
# reports (go-tpc: its NEW_ORDER count, rollbacks included; dbgauge:
# transactions.new_order count - rollbacks); committed the growth of
# sum(d_next_o_id), empty if it could not be read.
row() { local IFS=$'\t'; echo "$*" >>"$RES"; }

# timed LOG CMD...: runs CMD under /usr/bin/time with its output in LOG, sets
# WALL and CPU (user+sys seconds), returns CMD's status.
timed() {
	local log=$1 rc=0
	shift
	/usr/bin/time -o "$log.time" -f "%e %U %S" "$@" >"$log" 2>&1 || rc=$?
	read -r WALL CPU < <(awk 'END { print $1, $2 + $3 }' "$log.time")
	return $rc
}
failed() { # what log
	echo "tpcc.sh: FAILED: $1 (log: $2)" >&2
	tail -5 "$2" | PW=$PW awk '{ while ((i = index($0, ENVIRON["PW"])) > 0) $0 = substr($0, 1, i - 1) "***" substr($0, i + length(ENVIRON["PW"])); print }' >&2
}

load() { # db tool rep
	local db=$1 tool=$2 rep=$3 log="$OUT/logs/load-$1-$2-$3.log" ok=1
	echo "load $db $tool W=$WAREHOUSES, repetition $rep" >&2
	if [ "$tool" = go-tpc ]; then
		gt "$db" cleanup
		"${GT[@]}" >"$log.cleanup" 2>&1 || true # the prepare below fails if it did not work
		# go-tpc prints a failed batch and goes on: its exit status and
		# "Finished" say nothing about the data, hence the error grep.
		gt "$db" prepare
		timed "$log" "${GT[@]}" -T "$LOAD_THREADS" --no-check || ok=0
		! grep -q 'exec statement error\|failed\|panic' "$log" || ok=0
	else
		"$DBG" cleanup tpcc --db "${URL[$db]}" >"$log.cleanup" 2>&1 || true
		timed "$log" "$DBG" prepare tpcc --db "${URL[$db]}" --warehouses "$WAREHOUSES" --threads "$LOAD_THREADS" "${DBG_NOCHECK[@]}" || ok=0
	fi
	[ $ok = 1 ] || failed "$tool prepare on $db" "$log"
	row load "$db" "$LOAD_THREADS" "$tool" "$rep" "$WALL" "$CPU" "" "" "" "" "" "$ok"
	[ "$CHECK" = 1 ] || return 0
	log="$OUT/logs/check-$db-$tool-$rep.log" ok=1
	echo "check $db $tool, repetition $rep" >&2
	if [ "$tool" = go-tpc ]; then
		# Conditions 1-10 and 12; it exits 0 when one fails.
		gt "$db" check
		timed "$log" "${GT[@]}" -T "$LOAD_THREADS" || ok=0
		! grep -q 'failed' "$log" || ok=0
	else
		timed "$log" "$DBG" check tpcc --db "${URL[$db]}" --warehouses "$WAREHOUSES" || ok=0
	fi
	[ $ok = 1 ] || failed "$tool check on $db" "$log"
	row check "$db" "$LOAD_THREADS" "$tool" "$rep" "$WALL" "$CPU" "" "" "" "" "" "$ok"
}

run() { # db threads tool rep
	local db=$1 th=$2 tool=$3 rep=$4 log="$OUT/logs/run-$1-$2-$3-$4.log" ok=1 before after committed figures
	echo "run $db threads=$th $tool, repetition $rep" >&2
	if [ "$tool" = go-tpc ]; then
		before=$(next_orders "$db" $GOTPC_DB)
		# --ignore-error: without it a thread stops at its first error
		# (a deadlock, say) and the run goes on with fewer threads.
		gt "$db" run
		timed "$log" "${GT[@]}" -T "$th" --time "${TIME}s" --ignore-error || ok=0
		after=$(next_orders "$db" $GOTPC_DB)
		# The final summary, after "Finished" (the "[Current]" lines are
		# the 10-second intervals):
		#   [Summary] NEW_ORDER - Takes(s): 10.0, Count: 2816, TPM: 16954.3, Sum(ms): ...
		#   [Summary] NEW_ORDER_ERR - Takes(s): ..., Count: 3, ...
		#   tpmC: 16954.1, tpmTotal: 37831.5, efficiency: 131836.0%
		figures=$(awk '
			/^\[Summary\] / && match($0, /Count: [0-9]+/) {
				n = substr($0, RSTART + 7, RLENGTH - 7)
				if ($2 ~ /_ERR$/) err += n; else if ($2 == "NEW_ORDER") no = n
			}
			/^tpmC: / { tpmc = $2; sub(/,$/, "", tpmc) }
			END { printf "%s||%s|%d", tpmc, no, err }' "$log")
	else
		before=$(next_orders "$db" $DBG_DB)
		rm -rf "$OUT/results-run"
		timed "$log" "$DBG" run tpcc --db "${URL[$db]}" --warehouses "$WAREHOUSES" --users "$th" --time "$TIME" \
			--no-prepare --no-monitor --report-interval 0 --results-dir "$OUT/results-run" || ok=0
		after=$(next_orders "$db" $DBG_DB)
		local json
		json=$(find "$OUT/results-run" -name result.json 2>/dev/null | head -1)
		if [ -n "$json" ]; then
			cp "$json" "$OUT/logs/run-$db-$th-$tool-$rep.json"
			# The figures array: {"name": "tpmC", "value": N, ...}, NOPM and
			# tpmTotal; transactions.new_order.count counts the expected
			# rollbacks too (.rollbacks). A result without figures (a dbgauge
			# from before they reached result.json) gets tpmC as dbgauge
			# defines it: committed New-Orders per minute of the measured time.
			figures=$(python3 - "$json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
fig = {f.get("name"): f.get("value") for f in r.get("figures") or []}
no = (r.get("transactions") or {}).get("new_order")
totals = r.get("totals") or {}
committed = no["count"] - no.get("rollbacks", 0) if no else ""
tpmc = fig.get("tpmC", "")
if tpmc == "" and no and totals.get("duration_s"):
    tpmc = committed * 60 / totals["duration_s"]
    print("tpcc.sh: no tpmC figure in result.json: computed from transactions.new_order", file=sys.stderr)
print(f"{tpmc}|{fig.get('NOPM', '')}|{committed}|{totals.get('errors', '')}")
PY
			)
		else
			figures='|||'
			ok=0
		fi
	fi
	committed=
	[[ $before =~ ^[0-9]+$ && $after =~ ^[0-9]+$ ]] && committed=$((after - before))
	[ -n "${figures%%|*}" ] || ok=0 # no tpmC
	[ $ok = 1 ] || failed "$tool run on $db at $th threads" "$log"
	local tpmc nopm not errs
	IFS='|' read -r tpmc nopm not errs <<<"$figures"
	row run "$db" "$th" "$tool" "$rep" "$WALL" "$CPU" "$tpmc" "$nopm" "$not" "$committed" "$errs" "$ok"
}

# order REP: the tools in the order of repetition REP (flips every time).
order() {
	local t
	read -r -a t <<<"$TOOLS"
	if [ $(($1 % 2)) = 0 ] && [ ${#t[@]} = 2 ]; then echo "${t[1]} ${t[0]}"; else echo "${t[*]}"; fi
}

SERVERS=()
for db in $DBS; do
	recreate_databases "$db"
	SERVERS+=("$db: $(sql "$db" bench "SELECT version()" | head -1)")
	for rep in $(seq 1 "$REPS"); do
		for tool in $(order "$rep"); do load "$db" "$tool" "$rep"; done
	done
	# The same starting point for both: planner statistics of the loaded data
	# (go-tpc's prepare does not gather them), out of the timed load.
	if [ "$db" = pg ]; then
		for name in $GOTPC_DB $DBG_DB; do sql pg "$name" "VACUUM ANALYZE" >/dev/null 2>&1 || true; done
	fi
	for th in $THREADS; do
		for rep in $(seq 1 "$REPS"); do
			for tool in $(order "$rep"); do run "$db" "$th" "$tool" "$rep"; done
		done
	done
	if [ "$KEEP" != 1 ]; then
		if has_tool go-tpc; then
			gt "$db" cleanup
			"${GT[@]}" >/dev/null 2>&1 || echo "tpcc.sh: go-tpc cleanup failed on $db" >&2
		fi
		if has_tool dbgauge; then
			"$DBG" cleanup tpcc --db "${URL[$db]}" >/dev/null 2>&1 || echo "tpcc.sh: dbgauge cleanup failed on $db" >&2
		fi
		for name in $GOTPC_DB $DBG_DB; do sql "$db" bench "DROP DATABASE IF EXISTS $name" >/dev/null || true; done
	fi
done

VERSIONS=
[ -z "$GTBIN" ] || VERSIONS="go-tpc $("$GTBIN" version 2>/dev/null | sed -n 's/^Release version: //p' || true)"
[ -z "$DBG" ] || VERSIONS+="${VERSIONS:+, }dbgauge $("$DBG" --version 2>/dev/null | sed -n "s/^dbgauge version //p" || true)"
python3 - "$RES" "$WAREHOUSES" "$TIME" "$REPS" "$LOAD_THREADS" "$VERSIONS" "${SERVERS[@]}" <<'PY'
import collections, statistics, sys
res, W, T, reps, lt, versions, *servers = sys.argv[1:]
rows = collections.defaultdict(list)  # (kind, db, threads, tool) -> [row]
for line in open(res):
    p = line.rstrip("\n").split("\t")
    if len(p) != 13 or p[12] != "1":
        continue  # failed: reported above, never in a median
    kind, db, th, tool = p[:4]
    f = lambda s: float(s) if s not in ("", None) else None
    rows[(kind, db, th, tool)].append(dict(wall=f(p[5]), cpu=f(p[6]), tpmc=f(p[7]), no_tool=f(p[9]),
                                           committed=f(p[10]), errors=f(p[11])))
NAMES = {"pg": "PostgreSQL", "my": "MariaDB"}
def med(vals):
    vals = [v for v in vals if v is not None]
    return statistics.median(vals) if vals else None
def committed(r):
    # Measured from outside when the district table could be read, else the tool's own count.
    return r["committed"] if r["committed"] is not None else r["no_tool"]
def stat(kind, db, th, tool, fn):
    return med([fn(r) for r in rows.get((kind, db, th, tool), [])])
def fmt(v, d=0):
    return "—" if v is None else f"{v:,.{d}f}".replace(",", " ")
def ratio(a, b):
    return "—" if a is None or b is None or b == 0 else f"{a / b:.2f}"
nopm = lambda r: committed(r) / (float(T) / 60) if committed(r) is not None else None
cpu_no = lambda r: r["cpu"] / committed(r) * 1e6 if committed(r) else None
print(f"TPC-C, {W} warehouses, {T} s a run, {reps} repetitions, medians; {versions}")
for s in servers:
    print(f"  {NAMES.get(s[:2], s[:2])}: {s[4:]}")
print()
print("| db | threads | go-tpc tpmC | dbgauge tpmC | ratio | go-tpc NOPM | dbgauge NOPM | ratio | go-tpc µs CPU/New-Order | dbgauge µs CPU/New-Order | ratio | errors go-tpc / dbgauge |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|")
keys = sorted({(k[1], k[2]) for k in rows if k[0] == "run"}, key=lambda k: (k[0] != "pg", int(k[1])))
for db, th in keys:
    g = {n: stat("run", db, th, "go-tpc", fn) for n, fn in (("tpmc", lambda r: r["tpmc"]), ("nopm", nopm), ("cpu", cpu_no), ("err", lambda r: r["errors"]))}
    d = {n: stat("run", db, th, "dbgauge", fn) for n, fn in (("tpmc", lambda r: r["tpmc"]), ("nopm", nopm), ("cpu", cpu_no), ("err", lambda r: r["errors"]))}
    print(f"| {NAMES[db]} | {th} | {fmt(g['tpmc'])} | {fmt(d['tpmc'])} | {ratio(d['tpmc'], g['tpmc'])} "
          f"| {fmt(g['nopm'])} | {fmt(d['nopm'])} | {ratio(d['nopm'], g['nopm'])} "
          f"| {fmt(g['cpu'], 1)} | {fmt(d['cpu'], 1)} | {ratio(d['cpu'], g['cpu'])} | {fmt(g['err'])} / {fmt(d['err'])} |")
print()
print(f"| db | load {W} warehouses, {lt} loaders | go-tpc s | dbgauge s | ratio | speed-up (target ≥ 1.5×) |")
print("|---|---|---|---|---|---|")
for kind, label in (("load", "prepare --no-check"), ("check", "check")):
    for db in ("pg", "my"):
        g, d = stat(kind, db, lt, "go-tpc", lambda r: r["wall"]), stat(kind, db, lt, "dbgauge", lambda r: r["wall"])
        if g is None and d is None:
            continue
        sp = "—" if g is None or d is None or d == 0 else f"{g / d:.2f}×"
        print(f"| {NAMES[db]} | {label} | {fmt(g, 1)} | {fmt(d, 1)} | {ratio(d, g)} | {sp if kind == 'load' else ''} |")
print()
print("tpmC: each tool's own figure (go-tpc counts its 1% rolled-back New-Orders). NOPM and CPU/New-Order:")
print("New-Orders committed in the run, the growth of sum(d_next_o_id), the same for both tools.")
print("Ratios are dbgauge/go-tpc: above 1 is better for tpmC and NOPM, below 1 for CPU and load time.")
PY
failures=$(awk -F'\t' '$13 != 1' "$RES" | wc -l)
[ "$failures" = 0 ] || echo "tpcc.sh: $failures step(s) FAILED and are left out of the medians (see above)" >&2
echo "raw results: $RES, logs: $OUT/logs" >&2
[ "$failures" = 0 ]
