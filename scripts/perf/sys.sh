#!/usr/bin/env bash
# sysbench 1.0.20's cpu, memory and fileio tests beside `dbgauge sys`, in ONE
# run, tools alternating case by case (which one goes first flips every
# round), ROUNDS rounds, THREADS threads. Prints the medians of each case's
# figure and the ratio dbgauge/sysbench: they measure the same thing when the
# ratio is near 1 (docs/performance.md, "Machine micro-benchmarks").
#
#   scripts/perf/sys.sh                        # TIME=5 ROUNDS=3 THREADS=2 FILE_SIZE=256M
#   TIME=10 ROUNDS=5 scripts/perf/sys.sh       # steadier
#   ONLY='fileio' scripts/perf/sys.sh          # the cases whose name matches (grep -E)
#
# Installs sysbench from Debian's packages if it is missing. The fileio test
# files (FILE_SIZE for each tool) go to a temporary directory on the disk
# under $TMPDIR (or /tmp), removed at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
TIME=${TIME:-5}
ROUNDS=${ROUNDS:-3}
THREADS=${THREADS:-2}
FILE_SIZE=${FILE_SIZE:-256M}
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/dbgauge-sys-XXXX")}
mkdir -p "$OUT/sb" "$OUT/dbg"
trap 'rm -rf "$OUT/sb" "$OUT/dbg"' EXIT

if ! command -v sysbench >/dev/null; then
	apt-get -o DPkg::Lock::Timeout=1200 install -y -q sysbench >&2 || { apt-get -o DPkg::Lock::Timeout=1200 update -q >&2 && apt-get -o DPkg::Lock::Timeout=1200 install -y -q sysbench >&2; }
fi
sysbench --version >&2
CGO_ENABLED=0 go build -o "$OUT/dbgauge" ./cmd/dbgauge # static, as shipped
DBG="$OUT/dbgauge"
RES="$OUT/raw.tsv"
: >"$RES"

# The cases: a name, then the test and its options, the same for both tools.
CASES=(
	"cpu|cpu"
	"memory seq write 1K|memory --memory-oper=write --memory-access-mode=seq --memory-block-size=1K"
	"memory seq read 1K|memory --memory-oper=read --memory-access-mode=seq --memory-block-size=1K"
	"memory rnd write 1K|memory --memory-oper=write --memory-access-mode=rnd --memory-block-size=1K"
	"memory seq write 1M local|memory --memory-oper=write --memory-access-mode=seq --memory-block-size=1M --memory-scope=local"
	"memory seq read 1M local|memory --memory-oper=read --memory-access-mode=seq --memory-block-size=1M --memory-scope=local"
	"fileio seqrd|fileio --file-test-mode=seqrd"
	"fileio rndrd|fileio --file-test-mode=rndrd"
	"fileio rndwr|fileio --file-test-mode=rndwr"
	"fileio rndrw|fileio --file-test-mode=rndrw"
	"fileio seqrewr|fileio --file-test-mode=seqrewr"
	"fileio rndrd direct|fileio --file-test-mode=rndrd --file-extra-flags=direct"
	"fileio rndrw direct|fileio --file-test-mode=rndrw --file-extra-flags=direct"
	"fileio seqwr|fileio --file-test-mode=seqwr"
)
FILEOPTS=(--file-total-size="$FILE_SIZE")

# measure CASE TOOL ROUND CMD...: runs CMD under /usr/bin/time and appends
# "case<TAB>tool<TAB>round<TAB>figure<TAB>events/s<TAB>fsyncs/s<TAB>cpu_s" to
# $RES. The figure is MiB/s for memory (ops/s for oper none), reads+writes
# per second for fileio, events per second for cpu: the same lines in both
# tools' output.
measure() {
	local name=$1 tool=$2 round=$3
	shift 3
	local log="$OUT/last.log"
	/usr/bin/time -f "CPU %U %S" "$@" >"$log" 2>&1 || { echo "FAILED: $*" >&2; tail -5 "$log" >&2; return 0; }
	awk -v name="$name" -v tool="$tool" -v round="$round" '
		/events per second:/ { fig = $4 }
		/^Total operations:/ { gsub(/[(]/, "", $4); ops = $4 }
		/MiB transferred/ { gsub(/[(]/, "", $4); mib = $4 }
		/^ *reads\/s:/ { r = $2 } /^ *writes\/s:/ { w = $2 } /^ *fsyncs\/s:/ { f = $2 }
		/total time:/ { t = $3 + 0 } /total number of events:/ { ev = $5 }
		/^CPU / { cpu = $2 + $3 }
		END {
			if (mib != "") fig = mib; else if (ops != "") fig = ops
			if (r != "") fig = r + w
			printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, tool, round, fig, (t > 0 ? ev / t : 0), (f == "" ? 0 : f), cpu }' "$log" >>"$RES"
}

run_case() { # tool round name test-and-options
	local tool=$1 round=$2 name=$3
	shift 3
	local test=$1
	shift
	local extra=()
	[ "$test" = fileio ] && extra=("${FILEOPTS[@]}")
	if [ "$tool" = sysbench ]; then
		(cd "$OUT/sb" && measure "$name" sysbench "$round" sysbench "$test" --threads="$THREADS" --time="$TIME" "$@" "${extra[@]}" run)
	else
		[ "$test" = fileio ] && extra+=(--file-dir "$OUT/dbg")
		measure "$name" dbgauge "$round" "$DBG" sys "$test" run --threads "$THREADS" --time "$TIME" "$@" "${extra[@]}" \
			--report-interval 0 --no-monitor --results-dir "$OUT/results"
	fi
}

for round in $(seq 1 "$ROUNDS"); do
	# Full-size test files for both tools before each round (seqwr, last,
	# leaves them as far as it got); prepare reuses or extends them.
	(cd "$OUT/sb" && sysbench fileio "${FILEOPTS[@]}" prepare >/dev/null)
	"$DBG" sys fileio prepare "${FILEOPTS[@]}" --file-dir "$OUT/dbg" >/dev/null
	order=(sysbench dbgauge)
	[ $((round % 2)) = 0 ] && order=(dbgauge sysbench)
	for c in "${CASES[@]}"; do
		name=${c%%|*}
		[ -n "${ONLY:-}" ] && ! grep -qE -- "$ONLY" <<<"$name" && continue
		read -r -a args <<<"${c#*|}"
		echo "round $round: $name" >&2
		for tool in "${order[@]}"; do
			run_case "$tool" "$round" "$name" "${args[@]}"
		done
	done
done
(cd "$OUT/sb" && sysbench fileio "${FILEOPTS[@]}" cleanup >/dev/null)
"$DBG" sys fileio cleanup --file-dir "$OUT/dbg" >/dev/null 2>&1

python3 - "$RES" "$THREADS" "$TIME" "$ROUNDS" <<'EOF'
import collections, statistics, sys
rows = collections.defaultdict(dict)
order = []
for line in open(sys.argv[1]):
    p = line.rstrip("\n").split("\t")
    if len(p) != 7 or not p[3]:
        continue
    if p[0] not in order:
        order.append(p[0])
    rows[(p[0], p[1])][p[2]] = [float(x or 0) for x in p[3:]]
def med(case, tool, i):
    v = [r[i] for r in rows.get((case, tool), {}).values()]
    return statistics.median(v) if v else float("nan")
def paired(case):
    # The two tools ran back to back in each round: the ratio within a round
    # cancels most of what the rest of the machine was doing meanwhile.
    sb, dg = rows.get((case, "sysbench"), {}), rows.get((case, "dbgauge"), {})
    return [dg[r][0] / sb[r][0] for r in sb if r in dg and sb[r][0] > 0]
def cpu(case, tool):
    ev, s = med(case, tool, 1), med(case, tool, 3)
    return s / (ev * float(sys.argv[3])) * 1e6 if ev else float("nan")
print(f"{sys.argv[2]} threads, {sys.argv[3]} s a run, {sys.argv[4]} rounds; figure: cpu events/s, memory MiB/s, fileio reads+writes/s")
print()
print("| case | sysbench | dbgauge | ratio of medians | paired ratio (min–max) | fsyncs/s sb / dbg | µs CPU/event sb / dbg |")
print("|---|---|---|---|---|---|---|")
for c in order:
    sb, dg = med(c, "sysbench", 0), med(c, "dbgauge", 0)
    pr = paired(c)
    prs = f"{statistics.median(pr):.2f} ({min(pr):.2f}–{max(pr):.2f})" if pr else ""
    fs = f"{med(c, 'sysbench', 2):.0f} / {med(c, 'dbgauge', 2):.0f}" if c.startswith("fileio") else ""
    print(f"| {c} | {sb:.2f} | {dg:.2f} | {dg / sb if sb else float('nan'):.2f} | {prs} | {fs} | {cpu(c, 'sysbench'):.2f} / {cpu(c, 'dbgauge'):.2f} |")
EOF
echo "raw results: $RES" >&2
