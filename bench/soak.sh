#!/usr/bin/env bash
# Long-run check: dbgauge at a fixed open-loop rate against a real server for
# MINUTES (default 30), its memory sampled every 10 s from /proc: RSS, and its
# two parts, RssAnon (memory dbgauge allocated: heap, stacks) and RssFile
# (pages of the 20 MB executable mapped in as code paths are first used).
#
# RSS is a sawtooth: the garbage collector's cycle, and the freed memory
# dbgauge hands back to the OS every minute, move it by 2-3 MB within each
# minute. So the check compares envelopes, not single samples: the peak RSS
# of minute 2 (60-120 s, once the run is warm) against the peak of every later
# minute. It passes when no later minute's peak is more than 5% above it, and
# the memory the Go runtime holds (intervals[].host.go_total_mb) grows by no
# more than 5% after minute 1 either. Prints the series as a Markdown table
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
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
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
print(f"transactions {r['totals']['transactions']}, tps {r['totals']['tps']:.1f}, "
      f"errors {r['totals']['errors']}, p99 {r['latency_ms']['p99']:.2f} ms, "
      f"schedule late {r['totals']['schedule']['late']}, dropped {r['totals']['schedule']['dropped']}")
# A soak is only valid at its rate: a machine that cannot sustain it builds a
# backlog, latencies from the intended start grow without bound (so do the
# histograms), and the memory series measures the overload, not dbgauge.
rate = float(r["run"].get("rate") or 0)
if rate and r["totals"]["tps"] < 0.98 * rate:
    print(f"soak: INVALID: {r['totals']['tps']:.1f} tps against --rate {rate:g}: the machine fell behind the schedule")
    sys.exit(2)
# Peak of each minute, from minute 2 (60-120 s) on.
minutes = {}
for row in rows:
    if row[0] >= 60:
        m = row[0] // 60
        minutes[m] = tuple(max(a, b) for a, b in zip(minutes.get(m, row), row))
ok = True
if not minutes:
    sys.exit("soak: shorter than two minutes")
first = min(minutes)
for i, name in ((1, "RSS"), (2, "RssAnon"), (3, "RssFile")):
    base = minutes[first][i]
    peak = max(v[i] for m, v in minutes.items() if m > first) if len(minutes) > 1 else base
    g = (peak - base) / base * 100
    print(f"{name}: peak of minute 2 {base} KiB, highest later minute peak {peak} KiB: growth {g:.2f}%")
    if name == "RSS" and g > 5:
        ok = False
ivs = [iv for iv in r["intervals"] if iv.get("host") and iv["t"] >= 60 and not iv.get("warmup")]
go = [iv["host"]["go_total_mb"] for iv in ivs]
if go:
    g = (max(go) - go[0]) / go[0] * 100
    print(f"Go runtime total: {go[0]:.2f} MB at 1 min, peak {max(go):.2f} MB: growth {g:.2f}%")
    ok = ok and g <= 5
# The live heap (what the last collection kept) is the leak indicator; the
# collector lets the heap grow to twice it, so RSS moves by twice its change.
live = [iv["host"].get("go_live_mb", 0) for iv in ivs]
if live and live[0]:
    print(f"Go live heap: {live[0]:.2f} MB at 1 min, peak {max(live):.2f} MB, last {live[-1]:.2f} MB")
print()
print("| minute | peak RSS (KiB) | peak RssAnon (KiB) | peak RssFile (KiB) |")
print("|---|---|---|---|")
for m in sorted(minutes):
    print(f"| {m + 1} | {minutes[m][1]} | {minutes[m][2]} | {minutes[m][3]} |")
sys.exit(0 if ok else 1)
PY
