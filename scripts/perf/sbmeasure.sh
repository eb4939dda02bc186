# Sourced by the perf scripts (compare.sh, lua.sh, floor.sh), which set OUT
# (a scratch folder) and RES (the raw results).

# timed NAME CMD...: runs CMD under /usr/bin/time into $OUT/last.log. A
# failed run prints its name (never its command line, which may hold a
# password) and its last lines, and returns 1.
timed() {
	local name=$1
	shift
	/usr/bin/time -f "CPU %U %S" "$@" >"$OUT/last.log" 2>&1 && return 0
	echo "FAILED: $name" >&2
	tail -5 "$OUT/last.log" >&2
	return 1
}

# measure NAME CMD...: runs CMD (sysbench, dbgauge or pgfloor, all of which
# print sysbench's "transactions: N (R per sec.)" line) and appends
# "name<TAB>tps<TAB>transactions<TAB>user<TAB>sys" to $RES; a failed run is
# left out. compare.sh has its own, which also reads pgbench's output.
measure() {
	timed "$@" || return 0
	awk -v name="$1" '
		/transactions:/ && /per sec/ { n = $2; gsub(/[()]/, "", $3); tps = $3 }
		/^CPU / { u = $2; s = $3 }
		END { printf "%s\t%s\t%s\t%s\t%s\n", name, tps, n, u, s }' "$OUT/last.log" >>"$RES"
}
