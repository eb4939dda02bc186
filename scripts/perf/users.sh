#!/usr/bin/env bash
# What a user costs the client: the bookstore at the same web-interaction
# rate from FEW users thinking briefly and from MANY users thinking long
# (100 users at exp:500ms against 10,000 at exp:50s: both about 200
# interactions/s), over the same pool of CONNECTIONS, in ONE run, the two
# alternating (which goes first flips every repetition), REPS repetitions.
# Prints the medians of
#   - WIPS, and Little's law: users / (mean response + the mean think time
#     asked) against the measured WIPS (the client keeps its users on time
#     when they agree);
#   - client CPU per interaction: the dbgauge process's user+sys CPU seconds
#     (from /usr/bin/time) over the interactions it completed, warmup
#     included in both (the ratio MANY/FEW is the target: within 1.2);
#   - client RSS: the process's peak (/usr/bin/time), and per user: (peak of
#     MANY - peak of FEW) / (MANY - FEW) users (the target: at most 50 KB);
# as the issue's targets ask (docs/performance.md, "Users cost").
#
#   scripts/perf/users.sh                              # PostgreSQL, 100 vs 10,000 users, 120 s, 3 reps
#   FEW=50 MANY=2000 TIME=60 REPS=1 scripts/perf/users.sh
#
# Settings (environment):
#   FEW, MANY        the two user counts [100, 10000]
#   RATE             the interactions/s both aim at [200]: think means are
#                    users/RATE seconds (minus nothing: response times are
#                    small against them when the database keeps up)
#   CONNECTIONS      the pool both share [100] (fewer when there are fewer users)
#   TIME, WARMUP     measured and warmup seconds [120, 30]
#   REPS             repetitions [3]
#   ITEMS, CUSTOMERS the bookstore's scale [1000, 28800]: fixed, so that both
#                    user counts read the same data
#   URL              the database [scripts/services' PostgreSQL]
#   OUT              directory for logs and results [mktemp]
#
# Exit status: 0; 1 when a run failed; 2 on bad settings.
set -euo pipefail
cd "$(dirname "$0")/../.."
FEW=${FEW:-100}
MANY=${MANY:-10000}
RATE=${RATE:-200}
CONNECTIONS=${CONNECTIONS:-100}
TIME=${TIME:-120}
WARMUP=${WARMUP:-30}
REPS=${REPS:-3}
ITEMS=${ITEMS:-1000}
CUSTOMERS=${CUSTOMERS:-28800}
OUT=${OUT:-$(mktemp -d /tmp/dbgauge-users-XXXX)}
for v in FEW MANY RATE CONNECTIONS TIME WARMUP REPS ITEMS CUSTOMERS; do
	[[ ${!v} =~ ^[0-9]+$ ]] && [ "${!v}" -gt 0 ] || { echo "users.sh: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
if [ -z "${URL:-}" ]; then
	svc_env=$(scripts/services start); eval "$svc_env"
	URL=$DBGAUGE_TEST_POSTGRES
fi
mkdir -p "$OUT"
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge
B=$OUT/dbgauge
common=(--db "$URL" --items "$ITEMS" --customers "$CUSTOMERS")
"$B" prepare bookstore "${common[@]}" >"$OUT/prepare.log" 2>&1 || { echo "users.sh: prepare failed" >&2; tail -3 "$OUT/prepare.log" >&2; exit 1; }

# one USERS REP: a run at RATE interactions/s from USERS users.
one() {
	local users=$1 rep=$2 think
	think=$(awk -v u="$users" -v r="$RATE" 'BEGIN {printf "%dms", u / r * 1000}')
	local tag=$users-$rep
	/usr/bin/time -f "%U %S %M" -o "$OUT/time-$tag" "$B" run bookstore "${common[@]}" --users "$users" --think "exp:$think" \
		--ramp "$WARMUP" --warmup "$WARMUP" --time "$TIME" --report-interval 0 --results-dir "$OUT/results" \
		--out "$OUT/result-$tag.json" >"$OUT/run-$tag.log" 2>&1 || { echo "users.sh: run $tag failed" >&2; tail -3 "$OUT/run-$tag.log" >&2; return 1; }
}
for rep in $(seq 1 "$REPS"); do
	if [ $((rep % 2)) -eq 1 ]; then order="$FEW $MANY"; else order="$MANY $FEW"; fi
	for u in $order; do
		echo "rep $rep: $u users" >&2
		one "$u" "$rep"
	done
done

python3 - "$OUT" "$FEW" "$MANY" "$REPS" "$RATE" <<'PY'
import json, math, statistics, sys
out, few, many, reps, rate = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
def stats(users):
    rows = []
    for rep in range(1, reps + 1):
        tag = f"{users}-{rep}"
        r = json.load(open(f"{out}/result-{tag}.json"))
        user, sys_, rss_kb = open(f"{out}/time-{tag}").read().split()[-3:]
        # Little's law with the think time asked (users/RATE s, exp capped
        # at 10x: mean x (1 - e^-10)): the thinks a run sees end are biased
        # short when the run is not many think times long.
        think_ms = users / rate * 1000 * (1 - math.exp(-10))
        expected = users / ((r["latency_ms"]["avg"] + think_ms) / 1000)
        ivs = [iv for iv in r["intervals"]]
        done = sum(iv["transactions"] for iv in ivs)  # warmup included: the CPU is the whole process's
        rows.append(dict(wips=r["totals"]["tps"], little=r["totals"]["tps"] / expected - 1,
                         cpu_us=(float(user) + float(sys_)) * 1e6 / max(done, 1), rss_mb=int(rss_kb) / 1024,
                         p90=r["latency_ms"]["p90"]))
    return {k: statistics.median(x[k] for x in rows) for k in rows[0]}
a, b = stats(few), stats(many)
print(f"| users | WIPS | Little's law | p90 ms | client CPU per interaction (µs) | client peak RSS (MB) |")
print(f"|---|---|---|---|---|---|")
for u, s in ((few, a), (many, b)):
    print(f"| {u:,} | {s['wips']:.1f} | {s['little'] * 100:+.2f}% | {s['p90']:.2f} | {s['cpu_us']:.0f} | {s['rss_mb']:.1f} |")
per_user = (b["rss_mb"] - a["rss_mb"]) * 1024 / (many - few)
print()
print(f"CPU per interaction, {many:,} against {few:,} users: {b['cpu_us'] / a['cpu_us']:.2f}x (target <= 1.20)")
print(f"client RSS per user: {per_user:.1f} KB (target <= 50)")
PY
