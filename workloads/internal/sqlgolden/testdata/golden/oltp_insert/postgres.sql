-- oltp_insert on postgres: the SQL dbgauge sends (workloads/internal/sqlgolden).

-- prepare
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp TEXT NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES ($1, $2);
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1(
  id SERIAL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL
) ;
CREATE TABLE sbtest2(
  id SERIAL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL
) ;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest1" (id, k, c, pad) VALUES ($1,$2,$3,$4),($5,$6,$7,$8);
-- load sbtest2 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest2" (id, k, c, pad) VALUES ($1,$2,$3,$4),($5,$6,$7,$8);
SET maintenance_work_mem = '256MB';
ALTER TABLE sbtest1 ADD PRIMARY KEY (id);
CREATE INDEX k_1 ON sbtest1(k);
SELECT setval(pg_get_serial_sequence('sbtest1', 'id'), COALESCE((SELECT MAX(id) FROM sbtest1), 0) + 1, false);
ANALYZE "sbtest1";
ALTER TABLE sbtest2 ADD PRIMARY KEY (id);
CREATE INDEX k_2 ON sbtest2(k);
SELECT setval(pg_get_serial_sequence('sbtest2', 'id'), COALESCE((SELECT MAX(id) FROM sbtest2), 0) + 1, false);
ANALYZE "sbtest2";

-- session: the measured statements
BEGIN;
COMMIT;
ROLLBACK;

-- statements built while running: three transactions
BEGIN;
COMMIT;
ROLLBACK;
INSERT INTO sbtest2 (k, c, pad) VALUES (5, '43191962252-18287395373-07331383430-38788856216-51599174659-98219686334-29405284499-58608999960-27068003676-40435828951', '90216163497-50576652278-68702247993-40810490635-28197994550');
INSERT INTO sbtest2 (k, c, pad) VALUES (6, '47480546823-20879049250-65996100641-22259769356-48930491001-78981346007-57434560243-40992095867-95087139281-02310198237', '32663885375-35087474444-12018891629-15201211058-24295575230');
INSERT INTO sbtest1 (k, c, pad) VALUES (6, '77408017535-84061790843-89930662502-31376269554-96843092283-19610292985-76187311692-70577557255-95649735997-09692495999', '92578823572-93144253038-83215850703-00125985045-55125310032');

-- cleanup
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1;
DELETE FROM dbgauge_datasets WHERE name = $1;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
