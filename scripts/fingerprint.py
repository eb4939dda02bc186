"""What a dbgauge results folder says that does not depend on timing.

For scripts/same-results.sh: prints, one a line, the workload and its
options, the dataset's shape, the totals' counts (transactions, queries by
class, errors by class, statements by verb), every transaction type's counts
(count, errors, ignored errors, rollbacks) in the run's order, every
operation's class and counts in result.json's order, the probe, the figures'
names and units, the intervals' summed counts, and summary.txt with every
decimal number (a time or a rate) masked, white space folded and the
server's counters left out.

    python3 scripts/fingerprint.py RESULTS_FOLDER
"""
import json
import os
import re
import sys

folder = sys.argv[1]
r = json.load(open(os.path.join(folder, "result.json")))


def out(key, value):
    print(f"{key} {json.dumps(value, sort_keys=True)}")


out("workload", r["workload"])
out("dataset.shape", r.get("dataset", {}).get("shape"))
out("run", {k: r["run"].get(k) for k in ("threads", "connections", "events", "seed")})
t = r["totals"]
for k in ("transactions", "queries", "errors", "ignored_errors", "reconnects", "errors_by_class", "ignored_by_class", "statements"):
    out("totals." + k, t.get(k))
out("latency.count", r["latency_ms"].get("count"))
out("transaction_order", r.get("transaction_order"))
for name in r.get("transaction_order") or []:
    x = r["transactions"][name]
    out("transaction." + name, {k: x.get(k) for k in ("count", "errors", "ignored_errors", "rollbacks", "p90_limit_ms")}
        | {"latency.count": x["latency_ms"].get("count")})
for name, x in r["ops"].items():  # json keeps the file's order
    out("op." + name, {k: x.get(k) for k in ("class", "count", "errors")} | {"latency.count": x["latency_ms"].get("count")})
out("probe", r.get("probe"))
out("figures", [(f["name"], f.get("unit")) for f in r.get("figures") or []])
sums = {}
for iv in r.get("intervals") or []:
    sums["transactions"] = sums.get("transactions", 0) + iv.get("transactions", 0)
    for k, v in (iv.get("counts") or {}).items():
        if isinstance(v, dict):
            for vk, vv in v.items():
                sums[k + "." + vk] = sums.get(k + "." + vk, 0) + vv
        else:
            sums[k] = sums.get(k, 0) + v
    for name, ty in (iv.get("types") or {}).items():
        sums["type." + name] = sums.get("type." + name, 0) + ty.get("count", 0)
out("intervals.sums", sums)
server = False
for line in open(os.path.join(folder, "summary.txt")):
    # The server's counters are the whole server's, other clients' work
    # included (and a counter that did not move is not shown).
    if line.startswith("Server statistics"):
        server = True
    elif not line.strip():
        server = False
    elif server:
        continue
    line = re.sub(r"\d+\.\d+", "X", line)
    line = re.sub(r"Results: .*|Recorded as run .*", "", line)
    line = " ".join(line.split())
    if line:
        print("summary: " + line)
