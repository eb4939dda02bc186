package db

import (
	"net"
	"testing"
)

// TestLocalAddr: a Unix socket, loopback and this host's own addresses are
// local; a documentation address (RFC 5737) and nil are not.
func TestLocalAddr(t *testing.T) {
	for _, c := range []struct {
		a    net.Addr
		want bool
	}{
		{&net.UnixAddr{Name: "/run/mysqld/mysqld.sock", Net: "unix"}, true},
		{&net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 5432}, true},
		{&net.TCPAddr{IP: net.ParseIP("::1"), Port: 5432}, true},
		{&net.TCPAddr{IP: net.ParseIP("192.0.2.7"), Port: 5432}, false},
		{nil, false},
	} {
		if got := LocalAddr(c.a); got != c.want {
			t.Errorf("LocalAddr(%v) = %v, want %v", c.a, got, c.want)
		}
	}
	own, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range own {
		if n, ok := o.(*net.IPNet); ok && !n.IP.IsLoopback() {
			if !LocalAddr(&net.TCPAddr{IP: n.IP, Port: 5432}) {
				t.Errorf("this host's own address %s is not local", n.IP)
			}
		}
	}
}
