#!/usr/bin/env bash
# Long-run check: dbgauge at a fixed open-loop rate against a real server for
# MINUTES (default 30), its memory sampled every 10 s from /proc: RSS, and its
# two parts, RssAnon (memory dbgauge allocated: heap, stacks) and RssFile
# (pages of the 20 MB executable mapped in as code paths are first used).
# Passes when RssAnon after the first minute never grows by more than 5%;
# RSS is reported beside it. Prints the series as a Markdown table
# (docs/reliability.md keeps the last one).
#
#   bench/soak.sh                       # 30 minutes, PostgreSQL, oltp_read_write at 200/s
#   MINUTES=5 RATE=500 bench/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES=${MINUTES:-30}
RATE=${RATE:-200}
THREADS=${THREADS:-4}
WORKLOAD=${WORKLOAD:-oltp_read_write}
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-soak-XXXX)}

eval "$(scripts/services start)"
URL=${SOAK_DB:-$DBGAUGE_TEST_POSTGRES}
go build -o "$OUT/dbgauge" ./cmd/dbgauge
"$OUT/dbgauge" cleanup "$WORKLOAD" --db "$URL" >/dev/null 2>&1 || true
"$OUT/dbgauge" prepare "$WORKLOAD" --db "$URL" --tables 4 --table-size 100000 >/dev/null 2>&1

"$OUT/dbgauge" run "$WORKLOAD" --db "$URL" --tables 4 --table-size 100000 --threads "$THREADS" \
	--rate "$RATE" --time $((MINUTES * 60)) --report-interval 10 --results-dir "$OUT/results" \
	--out "$OUT/result.json" >"$OUT/run.log" 2>&1 &
PID=$!
: >"$OUT/rss.tsv"
start=$(date +%s)
while kill -0 "$PID" 2>/dev/null && [ "$(awk '{print $3}' /proc/$PID/stat 2>/dev/null)" != Z ]; do
	mem=$(awk '/^VmRSS/ {r=$2} /^RssAnon/ {a=$2} /^RssFile/ {f=$2} END {if (r) print r "\t" a "\t" f}' /proc/$PID/status 2>/dev/null || true)
	[ -n "$mem" ] && echo -e "$(($(date +%s) - start))\t$mem" >>"$OUT/rss.tsv"
	sleep 10
done
wait "$PID" || { echo "soak: the run failed" >&2; tail -5 "$OUT/run.log" >&2; exit 1; }
"$OUT/dbgauge" cleanup "$WORKLOAD" --db "$URL" >/dev/null 2>&1 || true

python3 - "$OUT/rss.tsv" "$OUT/result.json" <<'PY'
import json, sys
rows = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
r = json.load(open(sys.argv[2]))
after = [row for row in rows if row[0] >= 60] or rows[-1:]
def growth(i):
    base, peak = after[0][i], max(row[i] for row in after)
    return base, peak, (peak - base) / base * 100
print(f"transactions {r['totals']['transactions']}, tps {r['totals']['tps']:.1f}, "
      f"errors {r['totals']['errors']}, p99 {r['latency_ms']['p99']:.2f} ms, "
      f"schedule late {r['totals']['schedule']['late']}, dropped {r['totals']['schedule']['dropped']}")
for i, name in ((1, "RSS"), (2, "RssAnon"), (3, "RssFile")):
    base, peak, g = growth(i)
    print(f"{name} at 1 min {base} KiB, peak after {peak} KiB: growth {g:.2f}%")
print()
print("| t (s) | RSS (KiB) | RssAnon (KiB) | RssFile (KiB) |")
print("|---|---|---|---|")
for t, rss, anon, file in rows:
    print(f"| {t} | {rss} | {anon} | {file} |")
sys.exit(0 if growth(2)[2] <= 5 else 1)
PY
