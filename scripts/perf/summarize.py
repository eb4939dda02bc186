"""Medians and ratios of scripts/perf/compare.sh's raw results (name, tps, queries, cpu_s).

For prepare rows, tps holds the wall seconds. Prints a Markdown table."""
import collections
import statistics
import sys

rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    parts = line.rstrip("\n").split("\t")
    if len(parts) != 4 or not parts[1]:
        continue
    name, tps, q, cpu = parts
    rows[name].append((float(tps), float(q or 0), float(cpu or 0)))

def med(name, i):
    vals = [r[i] for r in rows.get(name, [])]
    return statistics.median(vals) if vals else float("nan")

def cpu_us(name):
    vals = [r[2] / r[1] * 1e6 for r in rows.get(name, []) if r[1] > 0]
    return statistics.median(vals) if vals else float("nan")

print("| test | db | threads | peer TPS | dbgauge TPS | TPS ratio | peer µs CPU/query | dbgauge µs CPU/query | CPU ratio |")
print("|---|---|---|---|---|---|---|---|---|")
keys = sorted({n.rsplit("/", 1)[0] for n in rows if not n.startswith("prepare/")},
              key=lambda k: (k.split("/")[0], k.split("/")[1], int(k.split("/")[2])))
for k in keys:
    test, db, th = k.split("/")
    peer = "pgbench" if test == "pgbench_S" else "sysbench"
    p, d = f"{k}/{peer}", f"{k}/dbgauge"
    pt, dt = med(p, 0), med(d, 0)
    pc, dc = cpu_us(p), cpu_us(d)
    print(f"| {test} | {db} | {th} | {pt:.0f} | {dt:.0f} | {dt/pt:.2f} | {pc:.1f} | {dc:.1f} | {dc/pc:.2f} |")
print()
print("| prepare 4 × 100k rows | sysbench s | dbgauge s | speed-up |")
print("|---|---|---|---|")
for db in ("pg", "my"):
    s, d = med(f"prepare/{db}/sysbench", 0), med(f"prepare/{db}/dbgauge", 0)
    print(f"| {db} | {s:.2f} | {d:.2f} | {s/d:.2f}× |")
