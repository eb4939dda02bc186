package handlersocket

import (
	"fmt"
	"net"
	"net/url"
	"strconv"
)

// The plugin's own defaults (handlersocket.cpp: handlersocket_port 9998,
// handlersocket_port_wr 9999, no secret). Debian's build of MariaDB sets a
// secret by default, which the URL then has to give.
const (
	DefaultPort   = 9998
	DefaultPortWr = 9999
)

// URL query parameters of a MySQL or MariaDB URL that say where its
// server's HandlerSocket listens: the read port, the write port and their
// secrets. They are dbgauge's, not the MySQL driver's.
const (
	ParamPort     = "hs-port"
	ParamPortWr   = "hs-port-wr"
	ParamSecret   = "hs-secret"
	ParamSecretWr = "hs-secret-wr"
)

// Params are the URL query parameters this package reads.
var Params = []string{ParamPort, ParamPortWr, ParamSecret, ParamSecretWr}

// Endpoints are a server's two HandlerSocket ports and their secrets.
type Endpoints struct {
	Host             string
	Port, PortWr     int
	Secret, SecretWr string
}

// FromQuery reads the hs-* parameters of q for a server on host, with the
// plugin's defaults for those absent, and deletes them from q so that what
// remains is the MySQL driver's.
func FromQuery(host string, q url.Values) (Endpoints, error) {
	e := Endpoints{Host: host, Port: DefaultPort, PortWr: DefaultPortWr,
		Secret: q.Get(ParamSecret), SecretWr: q.Get(ParamSecretWr)}
	for _, p := range []struct {
		name string
		port *int
	}{{ParamPort, &e.Port}, {ParamPortWr, &e.PortWr}} {
		v := q.Get(p.name)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 65535 {
			return Endpoints{}, fmt.Errorf("%s=%s: want a TCP port number (1-65535)", p.name, v)
		}
		*p.port = n
	}
	for _, p := range Params {
		q.Del(p)
	}
	return e, nil
}

// Read is the configuration of the read port.
func (e Endpoints) Read(database string) Config {
	return Config{Addr: net.JoinHostPort(e.Host, strconv.Itoa(e.Port)), Secret: e.Secret, Database: database}
}

// Write is the configuration of the write port.
func (e Endpoints) Write(database string) Config {
	return Config{Addr: net.JoinHostPort(e.Host, strconv.Itoa(e.PortWr)), Secret: e.SecretWr, Database: database}
}
