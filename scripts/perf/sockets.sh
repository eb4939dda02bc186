#!/usr/bin/env bash
# Socket modes side by side: dbgauge with blocking sockets, with Go's
# netpoller, and with DBGAUGE_SOCKETS=auto (the run probes both on its own
# load and keeps the cheaper in client CPU per transaction), alternating, on
# the same servers and tables, REPS repetitions. Prints the median TPS and
# client CPU per transaction (user+sys of the dbgauge process / its
# transactions) of each mode, the mode auto kept each time, and auto's ratio
# to the better fixed mode. auto is worth making the default only if it is
# never worse than the better fixed mode by more than the noise.
#
#   scripts/perf/sockets.sh                                   # TIME=20 REPS=3 THREADS="2 8"
#   DBS=pg TESTS=oltp_point_select THREADS=8 scripts/perf/sockets.sh
#
# TIME must leave room for the probe (4 s after the ramp; a run shorter than
# 16 s does not probe).
set -euo pipefail
cd "$(dirname "$0")/../.."
TIME=${TIME:-20}
REPS=${REPS:-3}
THREADS=${THREADS:-"2 8"}
TESTS=${TESTS:-"oltp_point_select oltp_read_write"}
DBS=${DBS:-"pg my"}
TABLES=4
SIZE=100000
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-sockets-XXXX)}

svc_env=$(scripts/services start); eval "$svc_env"
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
DBG="$OUT/dbgauge"
declare -A URL=([pg]=$DBGAUGE_TEST_POSTGRES [my]=$DBGAUGE_TEST_MYSQL)
RES="$OUT/raw.tsv"
: >"$RES"

for db in $DBS; do
	"$DBG" cleanup oltp_read_write --db "${URL[$db]}" >/dev/null 2>&1 || true
	"$DBG" prepare oltp_read_write --db "${URL[$db]}" --tables $TABLES --table-size $SIZE --threads 4 >/dev/null
	for test in $TESTS; do
		for th in $THREADS; do
			for rep in $(seq 1 "$REPS"); do
				for mode in blocking netpoll auto; do
					echo "$db $test threads=$th repetition $rep $mode" >&2
					json="$OUT/r.json"
					rm -f "$json"
					if ! DBGAUGE_SOCKETS=$mode /usr/bin/time -f "CPU %U %S" -o "$OUT/time" "$DBG" run "$test" --db "${URL[$db]}" \
						--tables $TABLES --table-size $SIZE --threads "$th" --time "$TIME" --report-interval 0 \
						--results-dir "$OUT/results" --out "$json" >"$OUT/last.log" 2>&1; then
						echo "FAILED: $db $test $th $mode" >&2
						tail -3 "$OUT/last.log" >&2
						continue
					fi
					python3 - "$json" "$OUT/time" "$test/$db/$th/$mode" >>"$RES" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
cpu = sum(float(x) for x in open(sys.argv[2]).read().split("CPU ", 1)[1].split()[:2])
t = r["totals"]
probe = (r.get("environment") or {}).get("client_sockets_probe") or {}
print(f'{sys.argv[3]}\t{t["tps"]:.1f}\t{t["transactions"]}\t{cpu:.3f}\t{probe.get("chosen", "")}')
PY
				done
			done
		done
	done
	"$DBG" cleanup oltp_read_write --db "${URL[$db]}" >/dev/null 2>&1
done

python3 - "$RES" <<'PY'
import collections, statistics, sys
rows = collections.defaultdict(list)
chosen = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, tps, txns, cpu, pick = (line.rstrip("\n").split("\t") + [""])[:5]
    cell, mode = name.rsplit("/", 1)
    rows[(cell, mode)].append((float(tps), float(cpu) / max(int(txns), 1) * 1e6))
    if pick:
        chosen[cell].append(pick)
cells = sorted({c for c, _ in rows})
print(f'{"cell":34} {"blocking tps/µs":>18} {"netpoll tps/µs":>18} {"auto tps/µs":>18} {"auto kept":>22} {"auto/best tps":>13} {"auto/best cpu":>13}')
for c in cells:
    med = {}
    for m in ("blocking", "netpoll", "auto"):
        v = rows.get((c, m))
        med[m] = (statistics.median(x for x, _ in v), statistics.median(y for _, y in v)) if v else (0, 0)
    best_tps = max(med["blocking"][0], med["netpoll"][0])
    best_cpu = min(x for x in (med["blocking"][1], med["netpoll"][1]) if x > 0) if any((med["blocking"][1], med["netpoll"][1])) else 0
    f = lambda m: f'{med[m][0]:9.0f}/{med[m][1]:6.1f}'
    print(f'{c:34} {f("blocking"):>18} {f("netpoll"):>18} {f("auto"):>18} {",".join(chosen[c]):>22} '
          f'{med["auto"][0] / best_tps if best_tps else 0:13.2f} {med["auto"][1] / best_cpu if best_cpu else 0:13.2f}')
PY
echo "raw results: $RES" >&2
