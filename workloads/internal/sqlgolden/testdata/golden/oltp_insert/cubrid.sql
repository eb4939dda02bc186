-- oltp_insert on cubrid: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
CREATE TABLE IF NOT EXISTS dbgauge_datasets (name VARCHAR(64) NOT NULL PRIMARY KEY, stamp STRING NOT NULL);
INSERT INTO dbgauge_datasets (name, stamp) VALUES (?, ?);
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
CREATE TABLE sbtest1(
  id INTEGER AUTO_INCREMENT NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
CREATE TABLE sbtest2(
  id INTEGER AUTO_INCREMENT NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c CHAR(120) DEFAULT '' NOT NULL,
  pad CHAR(60) DEFAULT '' NOT NULL,
  PRIMARY KEY (id)
) ;
-- load sbtest1 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest1" (id, k, c, pad) VALUES (?,?,?,?),(?,?,?,?);
-- load sbtest2 (id, k, c, pad): the driver's bulk loader, else
INSERT INTO "sbtest2" (id, k, c, pad) VALUES (?,?,?,?),(?,?,?,?);
CREATE INDEX k_1 ON sbtest1(k);
ALTER TABLE sbtest1 AUTO_INCREMENT = (SELECT COALESCE(MAX(id), 0) + 1 FROM sbtest1);
UPDATE STATISTICS ON "sbtest1";
CREATE INDEX k_2 ON sbtest2(k);
ALTER TABLE sbtest2 AUTO_INCREMENT = (SELECT COALESCE(MAX(id), 0) + 1 FROM sbtest2);
UPDATE STATISTICS ON "sbtest2";

-- session: the measured statements

-- statements built while running: three transactions
INSERT INTO sbtest2 (k, c, pad) VALUES (5, '43191962252-18287395373-07331383430-38788856216-51599174659-98219686334-29405284499-58608999960-27068003676-40435828951', '90216163497-50576652278-68702247993-40810490635-28197994550');
INSERT INTO sbtest2 (k, c, pad) VALUES (6, '47480546823-20879049250-65996100641-22259769356-48930491001-78981346007-57434560243-40992095867-95087139281-02310198237', '32663885375-35087474444-12018891629-15201211058-24295575230');
INSERT INTO sbtest1 (k, c, pad) VALUES (6, '77408017535-84061790843-89930662502-31376269554-96843092283-19610292985-76187311692-70577557255-95649735997-09692495999', '92578823572-93144253038-83215850703-00125985045-55125310032');

-- cleanup
DROP TABLE IF EXISTS "sbtest2";
DROP TABLE IF EXISTS "sbtest1";
SELECT class_name FROM db_class WHERE class_name = LOWER(?) AND owner_name = CURRENT_USER;
DELETE FROM dbgauge_datasets WHERE name = ?;
SELECT name FROM dbgauge_datasets;
DROP TABLE IF EXISTS "dbgauge_datasets";
