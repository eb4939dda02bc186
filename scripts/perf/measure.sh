# measure NAME ARGS...: runs "$DBG" ARGS under /usr/bin/time and appends
# "name<TAB>tps<TAB>queries<TAB>cpu_seconds" to $RES: the run's TPS and
# queries from its result.json, and the process's user+sys CPU. Sourced by
# the perf scripts that set DBG (the binary), OUT (a scratch folder) and
# RES (the raw results file); a failed run prints its last lines, never the
# URL with its password.
measure() {
	local name=$1
	shift
	local log="$OUT/last.log" json="$OUT/last.json"
	rm -f "$json"
	/usr/bin/time -f "CPU %U %S" "$DBG" "$@" --out "$json" --report-interval 0 --results-dir "$OUT/results" >"$log" 2>&1 ||
		{ echo "FAILED: $name (the URL, with its password, is not printed)" >&2; tail -5 "$log" >&2; return 1; }
	python3 - "$name" "$json" "$log" >>"$RES" <<-'PY'
		import json, sys
		name, path, log = sys.argv[1:]
		t = json.load(open(path))["totals"]
		cpu = [l.split() for l in open(log) if l.startswith("CPU ")][-1]
		print(f"{name}\t{t['tps']}\t{t['queries']['total']}\t{float(cpu[1]) + float(cpu[2])}")
	PY
}
