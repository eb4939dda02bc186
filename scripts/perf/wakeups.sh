#!/usr/bin/env bash
# Idle-thread wake-ups (issue 33, item 2): dbgauge's wake-up experiments
# (DBGAUGE_WAKEUPS, docs/performance.md) beside the baseline on PostgreSQL,
# candidates alternating, REPS repetitions, each run under perf stat. Prints
# medians per query of context switches, CPU migrations and futex calls,
# TPS, client CPU per query (perf's task-clock: user+sys of the whole
# process), the longest GC pause and the longest time spent stopping the
# world for it (what a raw read could stretch), and each candidate's ratios
# to the baseline (TPS: above 1 is better; the rest: below 1 is better). The
# applied column shows what each run applied (client_wakeups): an
# experiment whose conditions a cell does not meet is not applied there.
#
#   scripts/perf/wakeups.sh                            # TIME=5 REPS=3 THREADS="2 4 8"
#   TIME=2 REPS=1 scripts/perf/wakeups.sh              # a quick check that it works
#   CANDIDATES="base=base A=raw,noyield" TESTS=oltp_point_select scripts/perf/wakeups.sh
#
# CANDIDATES is a list of NAME=DBGAUGE_WAKEUPS; the first is the baseline
# (DBGAUGE_WAKEUPS=base changes nothing and reports the GC pauses). There is
# no candidate C (fewer runtime timers per query): measured, the PostgreSQL
# paths arm none per query (docs/performance.md).
#
# Uses the running shared servers (scripts/services env), in a database of
# its own (DB, created if missing, dropped at the end unless KEEP=1), so it
# never touches the tests' tables. Needs perf; without the futex tracepoint
# (no tracefs, or not root) the futex column reads "-".
set -euo pipefail
cd "$(dirname "$0")/../.."
TIME=${TIME:-5}
REPS=${REPS:-3}
THREADS=${THREADS:-"2 4 8"}
TESTS=${TESTS:-"oltp_point_select oltp_read_only oltp_read_write"}
CANDIDATES=${CANDIDATES:-"base=base A=raw,noyield A+yield=raw B=locked,noyield B+yield=locked"}
DB=${DB:-dbgauge_wakeups}
TABLES=4
SIZE=100000
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-wakeups-XXXX)}

command -v perf >/dev/null || { echo "wakeups.sh: needs perf (apt-get install linux-perf)" >&2; exit 2; }
eval "$(scripts/services env)"
[ -n "${DBGAUGE_TEST_POSTGRES:-}" ] || { echo "wakeups.sh: no DBGAUGE_TEST_POSTGRES: are the services running?" >&2; exit 2; }
URL=$(printf %s "$DBGAUGE_TEST_POSTGRES" | sed "s#/bench?#/$DB?#; s#/bench\$#/$DB#")
psql "$DBGAUGE_TEST_POSTGRES" -qAtc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 ||
	psql "$DBGAUGE_TEST_POSTGRES" -qc "CREATE DATABASE $DB" >/dev/null
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
DBG="$OUT/dbgauge"
EVENTS=task-clock,context-switches,cpu-migrations
if perf stat -x, -e syscalls:sys_enter_futex -o /dev/null true 2>/dev/null; then
	EVENTS=$EVENTS,syscalls:sys_enter_futex
else
	echo "wakeups.sh: no syscalls:sys_enter_futex tracepoint here: futex calls not counted" >&2
fi
RES="$OUT/raw.tsv"
: >"$RES"

"$DBG" cleanup oltp_read_write --db "$URL" >/dev/null 2>&1 || true
"$DBG" prepare oltp_read_write --db "$URL" --tables $TABLES --table-size $SIZE --threads 4 >/dev/null
for test in $TESTS; do
	for th in $THREADS; do
		for rep in $(seq 1 "$REPS"); do
			for cand in $CANDIDATES; do
				name=${cand%%=*} wake=${cand#*=}
				echo "$test threads=$th repetition $rep $name (DBGAUGE_WAKEUPS=$wake)" >&2
				json="$OUT/r.json"
				rm -f "$json"
				if ! DBGAUGE_WAKEUPS=$wake perf stat -x, -e "$EVENTS" -o "$OUT/perf" "$DBG" run "$test" --db "$URL" \
					--tables $TABLES --table-size $SIZE --threads "$th" --time "$TIME" --report-interval 0 \
					--results-dir "$OUT/results" --out "$json" >"$OUT/last.log" 2>&1; then
					echo "FAILED: $test $th $name" >&2
					tail -3 "$OUT/last.log" >&2
					continue
				fi
				python3 - "$json" "$OUT/perf" "$test/$th/$name" >>"$RES" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
ev = {}
for line in open(sys.argv[2]):
    f = line.strip().split(",")
    if len(f) > 2 and f[0] and not line.startswith("#"):
        try:
            ev[f[2]] = float(f[0])
        except ValueError:
            pass  # "<not counted>"
t = r["totals"]
w = (r.get("environment") or {}).get("client_wakeups") or {}
fx = ev.get("syscalls:sys_enter_futex", "")
print(f'{sys.argv[3]}\t{t["tps"]:.1f}\t{t["queries"]["total"]}\t{ev.get("task-clock", 0) / 1e3:.4f}\t'
      f'{ev.get("context-switches", 0):.0f}\t{ev.get("cpu-migrations", 0):.0f}\t{fx}\t'
      f'{w.get("gc_pause_max_ms", "")}\t{w.get("gc_stopping_max_ms", "")}\t{w.get("applied", "")}')
PY
			done
		done
	done
done
[ "${KEEP:-0}" = 1 ] || "$DBG" cleanup oltp_read_write --db "$URL" >/dev/null 2>&1 || true

python3 - "$RES" "$CANDIDATES" <<'PY'
import collections, statistics, sys
names = [c.split("=", 1)[0] for c in sys.argv[2].split()]
rows = collections.defaultdict(list)
applied = {}
for line in open(sys.argv[1]):
    name, tps, q, cpu, cs, mig, fx, gc, stop, app = line.rstrip("\n").split("\t")
    cell, cand = name.rsplit("/", 1)
    q = max(int(q), 1)
    rows[(cell, cand)].append((float(tps), float(cpu) / q * 1e6, float(cs) / q, float(mig) / q,
                               float(fx) / q if fx else None, float(gc) if gc else None, float(stop) if stop else None))
    applied[(cell, cand)] = app
med = lambda v: statistics.median(v) if v else None
cols = ("TPS", "µs CPU/q", "cs/q", "migr/q", "futex/q", "GC max ms", "GC stop ms")
fmt = lambda x, d: "-" if x is None else f"{x:.{d}f}"
print(f'{"cell":28} {"cand":8} {"applied":16} ' + " ".join(f"{c:>10}" for c in cols) + "   ratios to " + names[0] + " (TPS CPU cs migr futex)")
for cell in sorted({c for c, _ in rows}):
    base = None
    for cand in names:
        v = rows.get((cell, cand))
        if not v:
            continue
        m = [med([x[i] for x in v if x[i] is not None]) for i in range(7)]
        if base is None:
            base = m
        ratio = " ".join(fmt(a / b if a is not None and b else None, 2) for a, b in zip(m[:5], base[:5]))
        print(f'{cell:28} {cand:8} {applied[(cell, cand)] or "-":16} ' +
              " ".join(f"{fmt(x, d):>10}" for x, d in zip(m, (0, 2, 3, 4, 3, 2, 2))) + "   " + ratio)
PY
echo "raw results: $RES" >&2
