package sockconn

import "net/netip"

func netipAddrPort(ip netip.Addr, port int) netip.AddrPort {
	return netip.AddrPortFrom(ip.Unmap(), uint16(port))
}
