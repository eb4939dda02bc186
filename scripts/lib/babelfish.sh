# Babelfish for PostgreSQL 4.3 for scripts/services: a real TDS and T-SQL
# server (a PostgreSQL 16 fork plus extensions) standing in for SQL Server,
# built from source once per machine, run as the unprivileged user `babelfish`.
# Sourced by scripts/services, which defines log, as_root, alive, port_open,
# DIR, CACHE_DIR and PASSWORD.
#
# The recipe is shared/babelfish/NOTES.md, built with OpenSSL so that
# go-mssqldb's encrypt=true can be tested. The sources are $BABELFISH_SRC if set
# (a folder holding the three tarballs NOTES.md names), else shared/babelfish.
# It is not SQL Server: its planner, storage and locking are PostgreSQL's.

BABELFISH_VERSION=4.3
BABELFISH_TDS_PORT=${DBGAUGE_BABELFISH_PORT:-51433}
BABELFISH_PG_PORT=${DBGAUGE_BABELFISH_PG_PORT:-55433}
BABELFISH_HOME_DIR=$CACHE_DIR/babelfish-$BABELFISH_VERSION

babelfish_shared() {
	local d
	for d in "${BABELFISH_SRC:-}" "${DBGAUGE_SHARED_DIR:+$DBGAUGE_SHARED_DIR/babelfish}" "$ROOT/../shared/babelfish" /work/shared/babelfish; do
		[ -n "$d" ] && ls "$d"/postgresql_modified_for_babelfish-*.tar.xz >/dev/null 2>&1 && { echo "$d"; return; }
	done
	return 1
}

babelfish_deps() {
	local need=() p
	for p in g++ cmake bison flex libicu-dev libxml2-dev uuid-dev libssl-dev libossp-uuid-dev libutfcpp-dev \
		libreadline-dev zlib1g-dev pkg-config openjdk-17-jdk-headless; do
		dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
	done
	[ ${#need[@]} -eq 0 ] && return
	log "installing Babelfish's build dependencies: ${need[*]}"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q --no-install-recommends "${need[@]}" >&2 ||
		{ as_root apt-get -o DPkg::Lock::Timeout=1200 update -q >&2 && as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y -q --no-install-recommends "${need[@]}" >&2; }
}

# build_babelfish installs the engine, ANTLR's C++ runtime and the four
# extensions into $BABELFISH_HOME_DIR once per machine (about 15 minutes on 2 cores).
build_babelfish() {
	[ -f "$BABELFISH_HOME_DIR/.built" ] && return
	babelfish_deps || { log "could not install Babelfish's build dependencies (see apt-get above)"; return 1; }
	local src work=$CACHE_DIR/babelfish-build prefix=$BABELFISH_HOME_DIR start=$SECONDS
	src=$(babelfish_shared) || { log "Babelfish's sources are not in shared/babelfish: set BABELFISH_SRC to a folder with them"; return 1; }
	mkdir -p "$work"
	log "building Babelfish $BABELFISH_VERSION into $BABELFISH_HOME_DIR (once per machine, about 15 minutes on 2 cores; log: $work/build.log)"
	# Each stage leaves a mark in the work folder: an interrupted or failed
	# build resumes at the stage that did not finish.
	(
		set -e
		cd "$work"
		[ -f .unpacked ] || { for t in "$src"/*.tar.xz; do tar -xJf "$t"; done; touch .unpacked; }
		local pg ext antlr j=-j"$(nproc)"
		pg=$work/$(ls -d postgresql_modified_for_babelfish-* | head -1)
		ext=$work/$(ls -d babelfish_extensions-* | head -1)/contrib
		antlr=$work/antlr4-4.9.3/runtime/Cpp
		if [ ! -f .engine ]; then
			echo "== engine"
			(cd "$pg" && ./configure --prefix="$prefix" --with-libxml --with-uuid=ossp --with-icu --with-openssl CFLAGS=-O2 &&
				make $j && make install && cd contrib/uuid-ossp && make && make install)
			touch .engine
		fi
		if [ ! -f .antlr ]; then
			echo "== antlr runtime"
			mkdir -p "$antlr/build" && (cd "$antlr/build" &&
				cmake .. -DCMAKE_INSTALL_PREFIX="$work/antlr" -DWITH_DEMO=False -DCMAKE_BUILD_TYPE=Release && make $j && make install)
			cp "$work"/antlr/lib/libantlr4-runtime.so.4.9.3 "$prefix/lib/"
			touch .antlr
		fi
		echo "== extensions"
		export PG_CONFIG=$prefix/bin/pg_config PG_SRC=$pg cmake=$(command -v cmake)
		for e in babelfishpg_money babelfishpg_common babelfishpg_tds; do
			[ -f ".$e" ] || { (cd "$ext/$e" && make $j && make install) && touch ".$e"; }
		done
		echo "== babelfishpg_tsql"
		cd "$ext/babelfishpg_tsql"
		local F='PG_CFLAGS=-g -fcommon -Wfloat-conversion -fstack-protector-strong'
		local X="PG_CXXFLAGS=-g -Wfloat-conversion -Wno-deprecated -Wno-error=attributes -Wno-suggest-attribute=format -Wno-undef -Wall -Wcpp -Wno-register -I$work/antlr/include/antlr4-runtime"
		# Serial: with -j the C++ sources compile before ANTLR has generated
		# the parser headers they include (seen here: TSqlLexer.h missing).
		# ANTLR's runtime where this build put it, not /usr/local, which the
		# extension's Makefile and antlr/CMakeLists.txt assume.
		local A=ANTLR4_RUNTIME_INCLUDE_DIR=$work/antlr/include/antlr4-runtime L=ANTLR4_RUNTIME_LIB_DIR=$work/antlr/lib
		sed -i "s#^SET (MYDIR .*#SET (MYDIR $work/antlr/include/antlr4-runtime/)#" antlr/CMakeLists.txt
		make "$F" "$X" "$A" "$L" && make install "$F" "$X" "$A" "$L"
	) >>"$work/build.log" 2>&1 &
	local pid=$!
	while ! [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || echo Z)" = Z ]; do
		sleep 60
		log "Babelfish build: $((SECONDS - start)) s, $(grep '^== ' "$work/build.log" | tail -1)"
	done
	if ! wait "$pid"; then
		tail -40 "$work/build.log" >&2
		log "Babelfish build failed; the log is $work/build.log"
		return 1
	fi
	# Built in place (the extensions' rpath names the prefix); the stamp says it is whole.
	touch "$BABELFISH_HOME_DIR/.built"
	rm -rf "$work"
	log "built Babelfish in $((SECONDS - start)) s"
}

babelfish_ctl() {
	runuser -u babelfish -- "$BABELFISH_HOME_DIR/bin/pg_ctl" -D "$DIR/babelfish/data" "$@"
}

babelfish_psql() {
	runuser -u babelfish -- "$BABELFISH_HOME_DIR/bin/psql" -q -X -h "$DIR/babelfish" -p "$BABELFISH_PG_PORT" \
		-U bbf -v ON_ERROR_STOP=1 "$@"
}

# babelfish_tls DATA: a self-signed certificate for 127.0.0.1 in the data
# folder and ssl = on, so that TDS clients may ask for encryption
# (encrypt=true; TrustServerCertificate=true or certificate=DATA/server.crt).
# Babelfish's TDS listener loads PostgreSQL's ssl_cert_file and ssl_key_file
# once, when the server starts: a server started without them never
# encrypts until it is restarted.
babelfish_tls() {
	local data=$1
	grep -q '^ssl = on' "$data/postgresql.conf" && [ -f "$data/server.key" ] && return
	openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
		-keyout "$data/server.key" -out "$data/server.crt" >/dev/null 2>&1 || { log "openssl could not make Babelfish's certificate"; exit 1; }
	chown babelfish "$data/server.key" "$data/server.crt" && chmod 600 "$data/server.key" && chmod 644 "$data/server.crt"
	grep -q '^ssl = on' "$data/postgresql.conf" || echo "ssl = on" >>"$data/postgresql.conf"
}

# start_babelfish: initdb, the TDS listener on loopback with TLS, and the
# one-time initialisation of NOTES.md (single-db mode; about 4 s), as the
# user babelfish. The TDS login is bench with the tests' password, md5 over
# TCP (Babelfish's TDS refuses scram-sha-256 lines).
start_babelfish() {
	build_babelfish || exit 1
	id babelfish >/dev/null 2>&1 || as_root useradd --system --shell /usr/sbin/nologin babelfish
	grant_traverse babelfish "$BABELFISH_HOME_DIR/bin"
	local d=$DIR/babelfish
	if alive "$d/data/postmaster.pid"; then return; fi
	if [ -f "$d/data/PG_VERSION" ]; then
		rm -f "$d/data/postmaster.pid"
		babelfish_tls "$d/data"
		babelfish_ctl -l "$d/server.log" -w start >/dev/null || { cat "$d/server.log" >&2; exit 1; }
		return
	fi
	rm -rf "$d" && mkdir -p "$d" && chmod 755 "$DIR" && chown babelfish "$d"
	runuser -u babelfish -- "$BABELFISH_HOME_DIR/bin/initdb" -D "$d/data" -U bbf --auth-local=trust --auth-host=md5 \
		-E UTF8 --locale=C.UTF-8 -N >"$d/initdb.log" 2>&1 || { cat "$d/initdb.log" >&2; exit 1; }
	cat >>"$d/data/postgresql.conf" <<-CONF
		listen_addresses = '127.0.0.1'
		port = $BABELFISH_PG_PORT
		unix_socket_directories = '$d'
		shared_preload_libraries = 'babelfishpg_tds'
		babelfishpg_tds.listen_addresses = '127.0.0.1'
		babelfishpg_tds.port = $BABELFISH_TDS_PORT
		max_connections = 300
		fsync = off
		synchronous_commit = off
		full_page_writes = off
	CONF
	babelfish_tls "$d/data"
	babelfish_ctl -l "$d/server.log" -w start >/dev/null || { cat "$d/server.log" >&2; exit 1; }
	babelfish_psql -d postgres >"$d/init.log" 2>&1 <<-SQL || { cat "$d/init.log" >&2; exit 1; }
		CREATE USER bench WITH SUPERUSER CREATEDB CREATEROLE PASSWORD '$PASSWORD' INHERIT;
		CREATE DATABASE babelfish_db OWNER bench;
		\c babelfish_db
		SET allow_system_table_mods = ON;
		CREATE EXTENSION IF NOT EXISTS "babelfishpg_tds" CASCADE;
		GRANT ALL ON SCHEMA sys to bench;
		ALTER SYSTEM SET babelfishpg_tsql.database_name = 'babelfish_db';
		ALTER SYSTEM SET babelfishpg_tsql.migration_mode = 'single-db';
		SELECT pg_reload_conf();
		CALL sys.initialize_babelfish('bench');
	SQL
}

stop_babelfish() {
	[ -f "$DIR/babelfish/data/postmaster.pid" ] || return 0
	babelfish_ctl -m immediate -w stop >/dev/null 2>&1 || true
}

babelfish_env_line() {
	[ -f "$BABELFISH_HOME_DIR/.built" ] || return 0
	echo "export DBGAUGE_TEST_SQLSERVER='sqlserver://bench:$PASSWORD@127.0.0.1:$BABELFISH_TDS_PORT?database=master&encrypt=disable'"
	echo "export DBGAUGE_TEST_BABELFISH_PG='postgres://bench:$PASSWORD@127.0.0.1:$BABELFISH_PG_PORT/babelfish_db?sslmode=disable'"
}
