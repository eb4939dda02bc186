package sqlgolden

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// reserved are the words Oracle (V$RESERVED_WORDS, RESERVED = 'Y') and SQL
// Server (its reserved keywords) refuse as an unquoted table or column
// name.
var reserved = map[string]string{
	"oracle": "ACCESS ADD ALL ALTER AND ANY AS ASC AUDIT BETWEEN BY CHAR CHECK CLUSTER COLUMN COLUMN_VALUE COMMENT COMPRESS " +
		"CONNECT CREATE CURRENT DATE DECIMAL DEFAULT DELETE DESC DISTINCT DROP ELSE EXCLUSIVE EXISTS FILE FLOAT FOR FROM GRANT " +
		"GROUP HAVING IDENTIFIED IMMEDIATE IN INCREMENT INDEX INITIAL INSERT INTEGER INTERSECT INTO IS LEVEL LIKE LOCK LONG " +
		"MAXEXTENTS MINUS MLSLABEL MODE MODIFY NESTED_TABLE_ID NOAUDIT NOCOMPRESS NOT NOWAIT NULL NUMBER OF OFFLINE ON ONLINE " +
		"OPTION OR ORDER PCTFREE PRIOR PUBLIC RAW RENAME RESOURCE REVOKE ROW ROWID ROWNUM ROWS SELECT SESSION SET SHARE SIZE " +
		"SMALLINT START SUCCESSFUL SYNONYM SYSDATE TABLE THEN TO TRIGGER UID UNION UNIQUE UPDATE USER VALIDATE VALUES VARCHAR " +
		"VARCHAR2 VIEW WHENEVER WHERE WITH",
	"sqlserver": "ADD ALL ALTER AND ANY AS ASC AUTHORIZATION BACKUP BEGIN BETWEEN BREAK BROWSE BULK BY CASCADE CASE CHECK " +
		"CHECKPOINT CLOSE CLUSTERED COALESCE COLLATE COLUMN COMMIT COMPUTE CONSTRAINT CONTAINS CONTAINSTABLE CONTINUE CONVERT " +
		"CREATE CROSS CURRENT CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER CURSOR DATABASE DBCC DEALLOCATE DECLARE " +
		"DEFAULT DELETE DENY DESC DISK DISTINCT DISTRIBUTED DOUBLE DROP DUMP ELSE END ERRLVL ESCAPE EXCEPT EXEC EXECUTE EXISTS " +
		"EXIT EXTERNAL FETCH FILE FILLFACTOR FOR FOREIGN FREETEXT FREETEXTTABLE FROM FULL FUNCTION GOTO GRANT GROUP HAVING " +
		"HOLDLOCK IDENTITY IDENTITY_INSERT IDENTITYCOL IF IN INDEX INNER INSERT INTERSECT INTO IS JOIN KEY KILL LEFT LIKE " +
		"LINENO LOAD MERGE NATIONAL NOCHECK NONCLUSTERED NOT NULL NULLIF OF OFF OFFSETS ON OPEN OPENDATASOURCE OPENQUERY " +
		"OPENROWSET OPENXML OPTION OR ORDER OUTER OVER PERCENT PIVOT PLAN PRECISION PRIMARY PRINT PROC PROCEDURE PUBLIC " +
		"RAISERROR READ READTEXT RECONFIGURE REFERENCES REPLICATION RESTORE RESTRICT RETURN REVERT REVOKE RIGHT ROLLBACK " +
		"ROWCOUNT ROWGUIDCOL RULE SAVE SCHEMA SECURITYAUDIT SELECT SESSION_USER SET SETUSER SHUTDOWN SOME STATISTICS " +
		"SYSTEM_USER TABLE TABLESAMPLE TEXTSIZE THEN TO TOP TRAN TRANSACTION TRIGGER TRUNCATE TRY_CONVERT TSEQUAL UNION " +
		"UNIQUE UNPIVOT UPDATE UPDATETEXT USE USER VALUES VARYING VIEW WAITFOR WHEN WHERE WHILE WITH WRITETEXT",
}

// constraint starts a line of CREATE TABLE that is no column.
var constraint = map[string]bool{"PRIMARY": true, "CHECK": true, "KEY": true, "UNIQUE": true, "CONSTRAINT": true, "FOREIGN": true}

var (
	createTable = regexp.MustCompile(`^CREATE TABLE ["\[]?(\w+)`)
	columnDef   = regexp.MustCompile(`^  (\w+) `)
)

// TestNoReservedNames: no table or column the workloads create on Oracle or
// SQL Server is named by a word the database reserves (TPC-W's and SOE's
// schemas prefix or rename theirs: SOE's CONDITION is item_condition).
func TestNoReservedNames(t *testing.T) {
	t.Parallel()
	for db, words := range reserved {
		set := map[string]bool{}
		for _, w := range strings.Fields(words) {
			set[w] = true
		}
		files, err := filepath.Glob(filepath.Join("testdata", "golden", "*", db+".sql"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s golden files: %v", db, err)
		}
		names := 0
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(b), "\n") {
				m := createTable.FindStringSubmatch(line)
				if m == nil {
					m = columnDef.FindStringSubmatch(line)
				}
				if m == nil || constraint[strings.ToUpper(m[1])] {
					continue
				}
				names++
				if set[strings.ToUpper(m[1])] {
					t.Errorf("%s: %q is reserved on %s", f, m[1], db)
				}
			}
		}
		if names < 100 {
			t.Errorf("%s: only %d names found in the golden files: the parser missed the DDL", db, names)
		}
	}
}
