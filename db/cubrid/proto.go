package cubrid

// The constants of CUBRID's client protocol (the broker and CAS protocol
// every CUBRID driver speaks), as CUBRID 11.3 defines them in
// src/broker/cas_protocol.h, src/broker/broker_cas_cci.h and
// src/broker/cas_error.h.

// Function codes (cas_protocol.h, enum t_cas_func_code).
const (
	fcEndTran           = 1
	fcPrepare           = 2
	fcExecute           = 3
	fcGetDBParameter    = 4
	fcCloseReqHandle    = 6
	fcFetch             = 8
	fcGetDBVersion      = 15
	fcExecuteBatch      = 20
	fcConClose          = 31
	fcGetLastInsertID   = 40
	fcPrepareAndExecute = 41
)

// Broker handshake: "CUBRK", the client type, the protocol version with
// the 0x40 indicator, and the function flags (SRV_CON_CLIENT_INFO_SIZE).
const (
	handshakeSize = 10
	// clientJDBC is the client type dbgauge announces: the broker and
	// the CAS treat JDBC clients as the fully featured ones.
	clientJDBC = 3
	// protocolVersion 12 is CUBRID 11.2 and later's (CURRENT_PROTOCOL):
	// two-byte column types, fetch end flags, no trailing zeros in floats.
	protocolVersion = 12
	protoIndicator  = 0x40
	// renewedErrorCode (BROKER_RENEWED_ERROR_CODE) asks for CAS errors in
	// their own numbering (-10000 and below), not the old one (+9000).
	renewedErrorCode = 0x80
)

// The open-database block, sent raw after the handshake
// (SRV_CON_DB_INFO_SIZE): database name, user, password, a URL field and
// the session id of a previous connection.
const (
	dbNameSize  = 32
	dbUserSize  = 32
	dbPassSize  = 32
	dbURLSize   = 512
	sessionSize = 20
	openSize    = dbNameSize + dbUserSize + dbPassSize + dbURLSize + sessionSize
	brokerSize  = 8 // BROKER_INFO_SIZE
)

// cas_info is 4 bytes that lead every message after the length; its first
// byte says whether the CAS holds a transaction open for this client, the
// last carries the auto-commit flag.
const (
	infoStatus         = 0
	infoStatusActive   = 1
	infoAdditionalFlag = 3
)

// Transaction ends (CCI_TRAN_COMMIT, CCI_TRAN_ROLLBACK).
const (
	tranCommit   = 1
	tranRollback = 2
)

// Database parameters readable with fcGetDBParameter (T_CCI_DB_PARAM).
const (
	paramIsolationLevel = 1
	paramLockTimeout    = 2
)

// Value types (T_CCI_U_TYPE).
const (
	typeNull      = 0
	typeChar      = 1
	typeString    = 2
	typeNChar     = 3
	typeVarNChar  = 4
	typeBit       = 5
	typeVarBit    = 6
	typeNumeric   = 7
	typeInt       = 8
	typeShort     = 9
	typeMonetary  = 10
	typeFloat     = 11
	typeDouble    = 12
	typeDate      = 13
	typeTime      = 14
	typeTimestamp = 15
	typeObject    = 19
	typeBigint    = 21
	typeDatetime  = 22
	typeEnum      = 25
	typeUShort    = 26
	typeUInt      = 27
	typeUBigint   = 28
	typeJSON      = 34
)

// Statement types the CAS reports (T_CCI_CUBRID_STMT): the ones with a
// result set to fetch (has_stmt_result_set in cas_execute.c).
const (
	stmtEvaluate = 14
	stmtSelect   = 21
	stmtCall     = 24
	stmtGetStats = 43
)

// hasResultSet says the CAS sends rows after executing a statement of type t.
func hasResultSet(t byte) bool {
	return t == stmtSelect || t == stmtCall || t == stmtGetStats || t == stmtEvaluate
}

// Error indicators that lead an error reply (cas.h) and the CAS's own error
// codes (cas_error.h) that the driver acts on.
const (
	casErrorIndicator  = -1
	dbmsErrorIndicator = -2

	casErCommunication        = -10003
	casErSrvHandle            = -10006
	casErNoMoreData           = -10012
	casErFreeServer           = -10017
	casErNotAuthorizedClient  = -10018
	casErQueryCancel          = -10019
	casErStmtPooling          = -10024
	casErDBServerDisconnected = -10025
	casErMaxClientExceeded    = -10101
)
