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
# minute, and the per-minute floor (the lowest sample, read at the same point
# of each minute's GC cycle). It passes when the least-squares slope of the
# floor is at most SLOPE_LIMIT (default 1) percent of minute 2's floor per
# hour: a measure that does not swing with GC timing, as the single highest
# peak does (reported beside it, with the live heap's slope). Prints per-10-
# minute and per-minute tables (docs/reliability.md keeps the last ones).
#
# Exit status: 0 passed, 1 the floor rose faster than SLOPE_LIMIT, 2 INVALID: the run did
# not carry the load it was given (it fell behind its rate, or an interval's
# p99 went ten times the median: a server or machine stall, whose host
# figures it prints), so its memory series says nothing either way.
#
#   scripts/perf/soak.sh                       # 30 minutes, PostgreSQL, oltp_read_write at 200/s
#   MINUTES=5 RATE=500 scripts/perf/soak.sh
#   WORKLOAD=bookstore scripts/perf/soak.sh    # the bookstore study: USERS=1000 users, closed loop,
#                                              # TPC-W's think time (exp:7s), 100 connections, LIMIT=3
#   WORKLOAD=bookstore MINUTES=480 scripts/perf/soak.sh   # the 2002 study's 8 hours
#
# With WORKLOAD=bookstore the load is the study's: USERS users (1000) over the
# workload's pool, each thinking TPC-W's negative-exponential 7 s, at
# --items 10000 --customers 28800; there is no --rate, so the run is INVALID
# instead when Little's law is off by more than 2% (the client did not keep
# its users on time), and the memory limit is LIMIT=3 (percent; 5 for the
# default load).
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES=${MINUTES:-30}
RATE=${RATE:-200}
THREADS=${THREADS:-4}
WORKLOAD=${WORKLOAD:-oltp_read_write}
USERS=${USERS:-1000}
if [ "$WORKLOAD" = bookstore ]; then
	LIMIT=${LIMIT:-3}
	DATA=(--items 10000 --customers 28800)
	LOAD=(--users "$USERS")
else
	LIMIT=${LIMIT:-5}
	DATA=(--tables 4 --table-size 100000)
	LOAD=(--threads "$THREADS" --rate "$RATE")
fi
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-soak-XXXX)}

svc_env=$(scripts/services start-postgres); eval "$svc_env"
URL=${SOAK_DB:-$DBGAUGE_TEST_POSTGRES}
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
"$OUT/dbgauge" cleanup "$WORKLOAD" --db "$URL" >/dev/null 2>&1 || true
"$OUT/dbgauge" prepare "$WORKLOAD" --db "$URL" "${DATA[@]}" >/dev/null 2>&1

"$OUT/dbgauge" run "$WORKLOAD" --db "$URL" "${DATA[@]}" "${LOAD[@]}" \
	--time $((MINUTES * 60)) --report-interval 10 --results-dir "$OUT/results" \
	--out "$OUT/result.json" >"$OUT/run.log" 2>&1 &
PID=$!
: >"$OUT/rss.tsv"
# Samples on a fixed grid, 5 s past every 10 s of the run: dbgauge hands
# freed memory back once a minute from its start, so each minute's first
# sample is always 5 s after that, and the floor is read at one point.
start=$(date +%s.%N)
t=5
while kill -0 "$PID" 2>/dev/null && [ "$(awk '{print $3}' /proc/$PID/stat 2>/dev/null)" != Z ]; do
	sleep "$(awk -v s="$start" -v t="$t" -v n="$(date +%s.%N)" 'BEGIN {d = s + t - n; print (d > 0 ? d : 0)}')"
	mem=$(awk '/^VmRSS/ {r=$2} /^RssAnon/ {a=$2} /^RssFile/ {f=$2} END {if (r) print r "\t" a "\t" f}' /proc/$PID/status 2>/dev/null || true)
	[ -n "$mem" ] && echo -e "$t\t$mem" >>"$OUT/rss.tsv"
	t=$((t + 10))
done
wait "$PID" || { echo "soak: the run failed" >&2; tail -5 "$OUT/run.log" >&2; exit 1; }
"$OUT/dbgauge" cleanup "$WORKLOAD" --db "$URL" >/dev/null 2>&1 || true

python3 - "$OUT/rss.tsv" "$OUT/result.json" "$MINUTES" "$LIMIT" <<'PY'
import json, statistics, sys
limit = float(sys.argv[4])
# Samples while the load runs: from the end of the run on, dbgauge writes
# its summary, result and report, which is not the load's memory.
end = int(sys.argv[3]) * 60
rows = [r for r in (tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()) if r[0] < end]
r = json.load(open(sys.argv[2]))
sched = r["totals"].get("schedule") or {}
print(f"transactions {r['totals']['transactions']}, tps {r['totals']['tps']:.1f}, "
      f"errors {r['totals']['errors']}, p90 {r['latency_ms']['p90']:.2f} ms, p99 {r['latency_ms']['p99']:.2f} ms, "
      f"schedule late {sched.get('late', 0)}, dropped {sched.get('dropped', 0)}")
# Peak of each minute, from minute 2 (60-120 s) on, and its floor: the
# lowest sample, 5 s after the minute's hand-back to the OS, before the heap
# refills. The floor is what dbgauge keeps (live heap, stacks, code) and
# tells a leak (the floor rises) from the collector's cycle (only the peaks
# move); it does not decide the check.
minutes, floors = {}, {}
for row in rows:
    if row[0] >= 60:
        m = row[0] // 60
        minutes[m] = tuple(max(a, b) for a, b in zip(minutes.get(m, row), row))
        floors[m] = min(floors.get(m, row[1]), row[1])
if not minutes:
    sys.exit("soak: shorter than two minutes")
first = min(minutes)
for i, name in ((1, "RSS"), (2, "RssAnon"), (3, "RssFile")):
    base = minutes[first][i]
    peak = max(v[i] for m, v in minutes.items() if m > first) if len(minutes) > 1 else base
    g = (peak - base) / base * 100
    print(f"{name}: peak of minute 2 {base} KiB, highest later minute peak {peak} KiB: growth {g:.2f}%")
fl = max(v for m, v in floors.items() if m > first) if len(floors) > 1 else floors[first]
print(f"RSS floor: lowest sample of minute 2 {floors[first]} KiB, highest later minute floor {fl} KiB: "
      f"growth {(fl - floors[first]) / floors[first] * 100:.2f}%")
ivs = [iv for iv in r["intervals"] if iv.get("host") and iv["t"] >= 60 and not iv.get("warmup")]
# The runtime's total (address space it mapped) from the end of minute 2, as
# for RSS: the runtime maps address space in 4 MB steps while a run warms up.
go = [iv["host"]["go_total_mb"] for iv in ivs if iv["t"] >= 120]
if go:
    g = (max(go) - go[0]) / go[0] * 100
    print(f"Go runtime total: {go[0]:.2f} MB at 2 min, peak {max(go):.2f} MB: growth {g:.2f}%")
# The live heap (what the last collection kept) is the leak indicator; the
# collector lets the heap grow to twice it, so RSS moves by twice its change.
live = [iv["host"].get("go_live_mb", 0) for iv in ivs]
if live and live[0]:
    print(f"Go live heap: {live[0]:.2f} MB at 1 min, peak {max(live):.2f} MB, last {live[-1]:.2f} MB")

# The verdict: the least-squares slope of the per-minute RSS floor from
# minute 2 on, in % of minute 2's floor per hour. The floor is read at the
# same point of each minute's GC cycle (5 s after the runtime hands memory
# back), so it does not swing with GC timing as single peaks do; a leak
# raises it steadily, and the slope says how fast. SLOPE_LIMIT (default 1%
# per hour) decides; the peak growth above is reported, not decisive.
def slope(points):
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0
slope_limit = float(__import__("os").environ.get("SLOPE_LIMIT", "1"))
fpts = [(m / 60, v) for m, v in sorted(floors.items())]
fs = slope(fpts) / floors[first] * 100
print(f"RSS floor slope: {fs:+.3f}% per hour of minute 2's floor ({floors[first]} KiB), over {len(fpts)} minutes (limit {slope_limit:g}%)")
lpts = [(iv["t"] / 3600, iv["host"].get("go_live_mb", 0)) for iv in ivs if iv["host"].get("go_live_mb")]
if lpts:
    ls = slope(lpts)
    print(f"Go live heap slope: {ls * 1024:+.1f} KiB per hour ({ls / lpts[0][1] * 100:+.3f}% of {lpts[0][1]:.2f} MB per hour)")
ok = fs <= slope_limit
print()
print("| minutes | highest peak RSS (KiB) | lowest floor RSS (KiB) |")
print("|---|---|---|")
for start10 in range(0, max(minutes) + 1, 10):
    ms = [m for m in minutes if start10 <= m < start10 + 10]
    if ms:
        print(f"| {start10 + 1}-{max(ms) + 1} | {max(minutes[m][1] for m in ms)} | {min(floors[m] for m in ms)} |")
print()
print("| minute | peak RSS (KiB) | peak RssAnon (KiB) | peak RssFile (KiB) | floor RSS (KiB) |")
print("|---|---|---|---|---|")
for m in sorted(minutes):
    print(f"| {m + 1} | {minutes[m][1]} | {minutes[m][2]} | {minutes[m][3]} | {floors[m]} |")
print()

# A soak measures dbgauge's memory only while the load it carries is the
# load it was given. Two things spoil that, and the run is then INVALID
# (exit 2) whatever its memory did:
# - the machine fell behind the rate: a backlog builds, latencies from the
#   intended start grow without bound, and so do the histograms;
# - the server stalled: an interval p99 ten times the run's median interval
#   p99 puts latencies of seconds into buckets a steady run never touches.
#   The interval's host figures are printed to say whose stall it was.
invalid = []
rate = float(r["run"].get("rate") or 0)
if rate and r["totals"]["tps"] < 0.98 * rate:
    invalid.append(f"{r['totals']['tps']:.1f} tps against --rate {rate:g}: the machine fell behind the schedule")
w = r["totals"].get("waits")
if not rate and w:
    # A closed loop with think time carries its load when Little's law holds.
    t = r["totals"]
    n = t["transactions"] + t["errors"]
    wait = (w["think_total_ms"] + w["keying_total_ms"] + w["pause_total_ms"]) / max(n, 1)
    want = r["run"]["threads"] / ((r["latency_ms"]["avg"] + wait) / 1000)
    d = t["tps"] / want - 1
    print(f"Little's law: {r['run']['threads']} users / ({r['latency_ms']['avg']:.2f} ms + {wait:.0f} ms) = {want:.1f}/s expected, {t['tps']:.1f}/s measured ({d * 100:+.2f}%)")
    if abs(d) > 0.02:
        invalid.append(f"Little's law off by {d * 100:+.2f}%: the client did not keep its users on time")
p99s = [iv["p99_ms"] for iv in ivs if iv.get("transactions")]
if p99s:
    median = statistics.median(p99s)
    stalls = [iv for iv in ivs if iv.get("p99_ms", 0) > 10 * median]
    for iv in stalls:
        h = iv["host"]
        disk = max((d.get("await_ms", 0) for d in h.get("disks", {}).values()), default=0)
        srv = h.get("server", {})
        print(f"stall at {iv['t']:.0f} s: interval p99 {iv['p99_ms']:.1f} ms (median {median:.2f} ms), "
              f"tps {iv['tps']:.1f}, steal {h.get('cpu_steal_pct', 0):.1f}%, iowait {h.get('cpu_iowait_pct', 0):.1f}%, "
              f"disk await {disk:.1f} ms, dbgauge cpu {h.get('proc_cpu_pct', 0):.1f}%, "
              f"server cpu {h.get('server_cpu_pct', 0):.1f}%, checkpoint buffers/s {srv.get('buffers_checkpoint/s', 0):.0f}")
    if stalls:
        invalid.append(f"{len(stalls)} intervals with p99 over 10x the median interval p99 ({median:.2f} ms): "
                       f"the server or the machine stalled, first at {stalls[0]['t']:.0f} s")
for why in invalid:
    print(f"soak: INVALID: {why}")
if invalid:
    sys.exit(2)
sys.exit(0 if ok else 1)
PY
