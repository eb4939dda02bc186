-- bulk_insert on oracle: the SQL dbgauge sends (workloads/internal/sqlgolden).
-- Transactions are the connection's (sqldb.Transactor): BEGIN, COMMIT and
-- ROLLBACK are protocol calls, not statements.

-- prepare
-- prepare fails: bulk_insert needs multi-row INSERT ... VALUES; oracle is not one
