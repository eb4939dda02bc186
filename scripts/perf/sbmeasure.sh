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

# cpustat: the machine's busy and idle time so far (/proc/stat, all CPUs,
# in USER_HZ ticks; iowait counts as idle, steal as neither).
cpustat() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat; }

# measure NAME CMD...: runs CMD (sysbench, dbgauge or pgfloor, all of which
# print sysbench's "transactions: N (R per sec.)" line) and appends
# "name<TAB>tps<TAB>transactions<TAB>user<TAB>sys<TAB>busy<TAB>idle" to $RES,
# busy and idle being the whole machine's seconds of CPU while CMD ran (a
# client that leaves the CPUs idle between a reply and its next request
# shows there, not in its own CPU time); a failed run is left out.
# compare.sh has its own, which also reads pgbench's output.
measure() {
	local b0 i0 b1 i1 hz
	hz=$(getconf CLK_TCK)
	read -r b0 i0 < <(cpustat)
	timed "$@" || return 0
	read -r b1 i1 < <(cpustat)
	awk -v name="$1" -v busy="$(((b1 - b0) * 1000 / hz))" -v idle="$(((i1 - i0) * 1000 / hz))" '
		/transactions:/ && /per sec/ { n = $2; gsub(/[()]/, "", $3); tps = $3 }
		/^CPU / { u = $2; s = $3 }
		END { printf "%s\t%s\t%s\t%s\t%s\t%.3f\t%.3f\n", name, tps, n, u, s, busy / 1000, idle / 1000 }' "$OUT/last.log" >>"$RES"
}
