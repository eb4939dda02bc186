# measure NAME CMD...: runs CMD (sysbench, dbgauge or pgfloor, all of which
# print sysbench's "transactions: N (R per sec.)" line) under /usr/bin/time
# and appends "name<TAB>tps<TAB>transactions<TAB>user<TAB>sys" to $RES; a
# failed run prints its last lines and is left out. Sourced by lua.sh and
# floor.sh, which set OUT (a scratch folder) and RES (the raw results).
measure() {
	local name=$1
	shift
	local log="$OUT/last.log"
	/usr/bin/time -f "CPU %U %S" "$@" >"$log" 2>&1 || { echo "FAILED: $name" >&2; tail -5 "$log" >&2; return 0; }
	awk -v name="$name" '
		/transactions:/ && /per sec/ { n = $2; gsub(/[()]/, "", $3); tps = $3 }
		/^CPU / { u = $2; s = $3 }
		END { printf "%s\t%s\t%s\t%s\t%s\n", name, tps, n, u, s }' "$log" >>"$RES"
}
