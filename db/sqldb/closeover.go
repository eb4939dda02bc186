package sqldb

// CloseOver closes the driver's connection, then the sockets dbgauge dialed
// under it (package sockconn's), in case the driver left one open, and
// returns the driver's error: the Close of the Oracle and SQL Server
// connections, which run a database/sql driver over dbgauge's sockets.
func (c *DriverConn) CloseOver(sockets interface{ Close() }) error {
	err := c.DC.Close()
	sockets.Close()
	return err
}
