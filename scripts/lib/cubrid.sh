# CUBRID 11.3.2 for scripts/services: built from source once per machine
# (no Debian package exists), then a database, its server and its broker on
# loopback, run as the unprivileged user `cubrid`. Sourced by scripts/services,
# which defines log, as_root, alive, port_open, DIR, CACHE_DIR and PASSWORD.
#
# The recipe is shared/cubrid/NOTES.md, with what it left to the reader made
# explicit: cubrid_esql gets -fcommon as its own target option (GCC 12), and the
# daemons' output goes to files with stdin from /dev/null (or a caller waits
# forever). The sources are $CUBRID_SRC if set (an unpacked tree, or a .tar.xz
# / .tar.gz holding one), else the tarballs and patch in shared/cubrid.

CUBRID_VERSION=11.3.2
CUBRID_BROKER_PORT=${DBGAUGE_CUBRID_PORT:-53300}
CUBRID_MASTER_PORT=${DBGAUGE_CUBRID_MASTER_PORT:-51523}
CUBRID_DB=${DBGAUGE_CUBRID_DB:-bench}
CUBRID_HOME_DIR=$CACHE_DIR/cubrid-$CUBRID_VERSION

cubrid_shared() {
	local d
	for d in "${DBGAUGE_SHARED_DIR:-}" "$ROOT/../shared" /work/shared; do
		[ -n "$d" ] && [ -f "$d/cubrid/cubrid-$CUBRID_VERSION-src.tar.xz" ] && { echo "$d/cubrid"; return; }
	done
	return 1
}

cubrid_deps() {
	local need=() p
	for p in cmake flex bison libfl-dev libjansson-dev libedit-dev liblz4-dev libre2-dev rapidjson-dev \
		unixodbc-dev libelf-dev libexpat1-dev libssl-dev libncurses-dev openjdk-17-jdk-headless; do
		dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
	done
	[ ${#need[@]} -eq 0 ] && return
	log "installing CUBRID's build dependencies: ${need[*]}"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q --no-install-recommends "${need[@]}" >&2 ||
		{ as_root apt-get -o DPkg::Lock::Timeout=1200 update -q >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q --no-install-recommends "${need[@]}" >&2; }
}

# cubrid_unpack WORK: the source tree into WORK/src, patched for an offline build.
cubrid_unpack() {
	local work=$1 shared src=${CUBRID_SRC:-}
	mkdir -p "$work/src"
	if [ -n "$src" ]; then
		if [ -d "$src" ]; then cp -R "$src/." "$work/src/"
		else tar -xf "$src" -C "$work/src" --strip-components=1; fi
		return
	fi
	shared=$(cubrid_shared) || { log "CUBRID's source is not in shared/cubrid: set CUBRID_SRC to a CUBRID $CUBRID_VERSION tree or tarball"; return 1; }
	tar -xJf "$shared/cubrid-$CUBRID_VERSION-src.tar.xz" -C "$work/src" --strip-components=1
	rm -rf "$work/src/cubrid-cci"
	tar -xJf "$shared"/cubrid-cci-*-src.tar.xz -C "$work/src"
	(cd "$work/src" && patch -s -p1 <"$shared/cubrid-v$CUBRID_VERSION-offline.patch")
	# GCC 12 defaults to -fno-common; the esql precompiler's lexer needs common symbols.
	echo 'target_compile_options(cubrid_esql PRIVATE -fcommon)' >>"$work/src/util/CMakeLists.txt"
}

# build_cubrid installs CUBRID into $CUBRID_HOME_DIR once per machine: about
# 1,035 compile units, 30-40 minutes on 2 idle cores. Progress goes to stderr
# every minute; the full log stays in the cache folder.
build_cubrid() {
	[ -x "$CUBRID_HOME_DIR/bin/cubrid" ] && return
	cubrid_deps || { log "could not install CUBRID's build dependencies (see apt-get above)"; return 1; }
	mkdir -p "$CACHE_DIR"
	local work=$CACHE_DIR/cubrid-build L=/usr/lib/x86_64-linux-gnu jdk start=$SECONDS
	jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
	rm -rf "$work" "$CUBRID_HOME_DIR.tmp"
	log "building CUBRID $CUBRID_VERSION into $CUBRID_HOME_DIR (once per machine, 30-40 minutes on 2 cores; log: $work/build.log)"
	cubrid_unpack "$work"
	mkdir -p "$work/build"
	(
		cd "$work/build"
		cmake ../src -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$CUBRID_HOME_DIR.tmp" \
			-DENABLE_SYSTEMTAP=OFF -DWITH_JDBC=OFF -DWITH_CMSERVER=OFF -DWITH_JSP=OFF \
			-DWITH_LIBEXPAT=SYSTEM -DLIBEXPAT_LIBS=$L/libexpat.so -DLIBEXPAT_INCLUDES=/usr/include \
			-DWITH_LIBJANSSON=SYSTEM -DLIBJANSSON_LIBS=$L/libjansson.so -DLIBJANSSON_INCLUDES=/usr/include \
			-DWITH_LIBEDIT=SYSTEM -DLIBEDIT_LIBS=$L/libedit.so -DLIBEDIT_INCLUDES=/usr/include \
			-DWITH_LIBOPENSSL=SYSTEM "-DLIBOPENSSL_LIBS=$L/libssl.so;$L/libcrypto.so" -DLIBOPENSSL_INCLUDES=/usr/include \
			"-DCMAKE_C_STANDARD_LIBRARIES=-lssl -lcrypto" "-DCMAKE_CXX_STANDARD_LIBRARIES=-lssl -lcrypto"
		CPATH=$jdk/include:$jdk/include/linux make -j"$(nproc)" &&
			make install
	) >"$work/build.log" 2>&1 &
	local pid=$!
	while ! [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || echo Z)" = Z ]; do
		sleep 60
		log "CUBRID build: $((SECONDS - start)) s, $(grep -o '^\[ *[0-9]*%\]' "$work/build.log" | tail -1)"
	done
	if ! wait "$pid"; then
		tail -40 "$work/build.log" >&2
		log "CUBRID build failed; the log is $work/build.log"
		return 1
	fi
	mv "$CUBRID_HOME_DIR.tmp" "$CUBRID_HOME_DIR"
	rm -rf "$work"
	log "built CUBRID in $((SECONDS - start)) s"
}

# cubrid_instance: a private copy of CUBRID's conf folder with our ports; CUBRID
# reads $CUBRID/conf, so the installed tree is left as built and the instance
# is a symlink farm under the state directory.
cubrid_instance() {
	local d=$DIR/cubrid inst f
	inst=$d/home
	CUBRID_INSTANCE=$inst
	[ -f "$inst/conf/cubrid_broker.conf" ] && return
	mkdir -p "$inst" "$d/databases" "$d/tmp" "$d/log"
	for f in "$CUBRID_HOME_DIR"/*; do
		case $(basename "$f") in conf | log | var | databases | tmp) ;; *) ln -sfn "$f" "$inst/$(basename "$f")" ;; esac
	done
	mkdir -p "$inst/conf" "$inst/log" "$inst/var" "$inst/tmp"
	cp -f "$CUBRID_HOME_DIR"/conf/* "$inst/conf/" 2>/dev/null || true
	# The master's port; `cubrid service start` starts the master and the
	# broker only (no manager server is built; database servers are started
	# one by one), and more clients than the default 100.
	sed -i -e "s/^cubrid_port_id=.*/cubrid_port_id=$CUBRID_MASTER_PORT/" -e 's/^service=.*/service=broker/' \
		-e 's/^max_clients=.*/max_clients=400/' "$inst/conf/cubrid.conf"
	# One query broker on our port; the second (query editor) broker off.
	# SQL_LOG off: the CAS would write every statement to a file, which
	# MariaDB's and PostgreSQL's servers do not do by default either.
	awk -v port="$CUBRID_BROKER_PORT" -v mport="$((CUBRID_BROKER_PORT + 1))" '
		/^\[%BROKER1\]/ {sec=1} /^\[%query_editor\]/ {sec=2} /^\[broker\]/ {sec=0}
		/^MASTER_SHM_ID/ {print "MASTER_SHM_ID=" mport; next}
		sec==2 && /^SERVICE/ {print "SERVICE=OFF"; next}
		sec==1 && /^SERVICE/ {print "SERVICE=ON"; next}
		sec==1 && /^BROKER_PORT/ {print "BROKER_PORT=" port; next}
		sec==1 && /^MIN_NUM_APPL_SERVER/ {print "MIN_NUM_APPL_SERVER=4"; next}
		sec==1 && /^MAX_NUM_APPL_SERVER/ {print "MAX_NUM_APPL_SERVER=200"; next}
		sec==1 && /^APPL_SERVER_SHM_ID/ {print "APPL_SERVER_SHM_ID=" port; next}
		sec==1 && /^SQL_LOG/ {print "SQL_LOG=OFF"; next}
		{print}' "$CUBRID_HOME_DIR/conf/cubrid_broker.conf" >"$inst/conf/cubrid_broker.conf"
	chown -R cubrid "$d"
}

cubrid_env_as_user() {
	runuser -u cubrid -- env CUBRID="$CUBRID_INSTANCE" CUBRID_DATABASES="$DIR/cubrid/databases" \
		PATH="$CUBRID_INSTANCE/bin:/usr/bin:/bin" LD_LIBRARY_PATH="$CUBRID_INSTANCE/lib:$CUBRID_INSTANCE/cci/lib" \
		CUBRID_TMP="$DIR/cubrid/tmp" HOME="$DIR/cubrid" "$@" </dev/null
}

# cubrid_pids: the processes of this instance (master, database servers,
# broker, CAS), told apart from another instance's by their environment.
cubrid_pids() {
	local p
	for p in $(pgrep -u cubrid 2>/dev/null); do
		tr '\0' '\n' 2>/dev/null <"/proc/$p/environ" | grep -qx "CUBRID_DATABASES=$DIR/cubrid/databases" && echo "$p"
	done
	return 0
}

# cubrid_server_pid DB: the database server's process, if it runs.
cubrid_server_pid() {
	local p
	for p in $(cubrid_pids); do
		[ "$(tr '\0' ' ' 2>/dev/null <"/proc/$p/cmdline")" = "cub_server $1 " ] && echo "$p"
	done
	return 0
}

# start_cubrid starts what is not running of this instance: the master and
# the broker, the database $CUBRID_DB (created with the bench user when it is
# missing) and its server. Starting again after a server was killed starts
# that server alone: the fault tests restart a killed one this way.
start_cubrid() {
	build_cubrid || exit 1
	id cubrid >/dev/null 2>&1 || as_root useradd --system --shell /usr/sbin/nologin cubrid
	grant_traverse cubrid "$CUBRID_HOME_DIR/bin"
	local d=$DIR/cubrid fresh=0
	mkdir -p "$d" && chmod 755 "$DIR" "$d"
	cubrid_instance
	# databases.txt: a line per database, its name first, then tabs.
	if ! awk -v db="$CUBRID_DB" '$1 == db {found=1} END {exit !found}' "$d/databases/databases.txt" 2>/dev/null; then
		fresh=1
		rm -rf "${d:?}/databases/$CUBRID_DB"
		mkdir -p "$d/databases/$CUBRID_DB" && chown -R cubrid "$d/databases"
		(cd "$d/databases/$CUBRID_DB" && cubrid_env_as_user cubrid createdb --db-volume-size=128M --log-volume-size=64M \
			"$CUBRID_DB" en_US.utf8) >"$d/log/createdb-$CUBRID_DB.log" 2>&1 || { cat "$d/log/createdb-$CUBRID_DB.log" >&2; exit 1; }
	fi
	if ! port_open "$CUBRID_MASTER_PORT" || ! port_open "$CUBRID_BROKER_PORT"; then
		cubrid_env_as_user cubrid service start >>"$d/log/start.log" 2>&1 || true
	fi
	if [ -z "$(cubrid_server_pid "$CUBRID_DB")" ]; then
		cubrid_env_as_user cubrid server start "$CUBRID_DB" >>"$d/log/start.log" 2>&1 ||
			[ -n "$(cubrid_server_pid "$CUBRID_DB")" ] || { tail -20 "$d/log/start.log" >&2; exit 1; }
	fi
	port_open "$CUBRID_BROKER_PORT" || cubrid_env_as_user cubrid broker start >>"$d/log/start.log" 2>&1 || true
	for _ in $(seq 1 200); do port_open "$CUBRID_BROKER_PORT" && break; sleep 0.05; done
	port_open "$CUBRID_BROKER_PORT" || { tail -20 "$d/log/start.log" >&2; log "CUBRID's broker did not open 127.0.0.1:$CUBRID_BROKER_PORT"; exit 1; }
	if [ $fresh = 1 ]; then
		cubrid_env_as_user csql -u dba "$CUBRID_DB@localhost" -c \
			"CREATE USER bench PASSWORD '$PASSWORD' GROUPS dba" >>"$d/log/start.log" 2>&1 ||
			{ tail -20 "$d/log/start.log" >&2; exit 1; }
	fi
}

stop_cubrid() {
	[ -d "$DIR/cubrid/home" ] || return 0
	CUBRID_INSTANCE=$DIR/cubrid/home
	cubrid_env_as_user cubrid broker stop >/dev/null 2>&1 || true
	local db
	for db in $(awk '{print $1}' "$DIR/cubrid/databases/databases.txt" 2>/dev/null); do
		cubrid_env_as_user cubrid server stop "$db" >/dev/null 2>&1 || true
	done
	cubrid_env_as_user cubrid service stop >/dev/null 2>&1 || true
	# What is left of this instance (a killed broker's CAS), and no other's.
	local pids
	pids=$(cubrid_pids)
	[ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
}

cubrid_env_line() {
	[ -x "$CUBRID_HOME_DIR/bin/cubrid" ] || return 0
	echo "export DBGAUGE_TEST_CUBRID='cubrid://bench:$PASSWORD@127.0.0.1:$CUBRID_BROKER_PORT/$CUBRID_DB'"
}
