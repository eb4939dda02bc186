# shellcheck shell=bash
# reserve_ports PORT...: keep the kernel from giving these ports to outgoing
# connections. The services listen on fixed ports inside Linux's ephemeral
# range (32768-60999), so while one of them is down (a fault test restarts a
# killed server) any client's connect(2) may take its port as a local port,
# and the restart fails with "address in use". The ports are added to
# net.ipv4.ip_local_reserved_ports, which only changes the choice of
# ephemeral ports (a server can still bind them), and they stay there until
# the machine restarts. Without the right to write it (not root, a read-only
# /proc/sys), it says so once and goes on.
reserve_ports() {
	local f=/proc/sys/net/ipv4/ip_local_reserved_ports have want p
	[ -r "$f" ] || return 0
	have=$(tr -d '\n' <"$f")
	want=$have
	for p in "$@"; do
		case ",$have," in *",$p,"*) continue ;; esac
		want=${want:+$want,}$p
	done
	[ "$want" = "$have" ] && return 0
	if ! { echo "$want" >"$f"; } 2>/dev/null; then
		echo "ports: cannot reserve $* in $f (not root?): a restarted server may find its port taken by a client" >&2
	fi
}
