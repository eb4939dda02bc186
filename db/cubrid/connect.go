package cubrid

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"
)

// loginTimeout bounds the broker handshake and the CAS's login when the
// caller's context has no deadline: a broker whose application servers
// are all busy queues a client without answering (broker.c, receiver_thr_f),
// which must be a clear failure, not a hang.
const loginTimeout = 30 * time.Second

// handshake is what a client sends the broker first (broker.c,
// receiver_thr_f): the magic, the client type, the protocol version and
// the function flags.
func handshake() [handshakeSize]byte {
	return [handshakeSize]byte{'C', 'U', 'B', 'R', 'K', clientJDBC, protoIndicator | protocolVersion, renewedErrorCode, 0, 0}
}

// openBlock is the database, user and password block the CAS reads after
// the handshake (cas.c, main), with the session id of an earlier
// connection so that the server keeps the session (LAST_INSERT_ID and
// session variables) across a reconnect.
func openBlock(cfg *config, session [sessionSize]byte) []byte {
	b := make([]byte, openSize)
	copy(b[:dbNameSize-1], cfg.database)
	copy(b[dbNameSize:dbNameSize+dbUserSize-1], cfg.user)
	copy(b[dbNameSize+dbUserSize:dbNameSize+dbUserSize+dbPassSize-1], cfg.password)
	// The URL field: empty, then a zero length of the driver version
	// string that protocol 5 and later expect after its NUL.
	copy(b[openSize-sessionSize:], session[:])
	return b
}

// dial connects to the broker, is handed a CAS and logs in. It fills in
// c.nc, c.info, c.broker, c.session and c.casPID. Every failure is a
// *loginError or a network error; the caller makes it a db.ConnectError.
func (c *Conn) dial(ctx context.Context) error {
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(loginTimeout)
	}
	limit := time.Until(deadline)
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	nc, err := c.dialer(dctx, "tcp", c.cfg.addr)
	if err != nil {
		return err
	}
	if err := c.login(nc, deadline); err != nil {
		nc.Close()
		if errors.Is(err, errDeadline) {
			return fmt.Errorf("no answer within %s", limit.Round(time.Millisecond))
		}
		return err
	}
	return nil
}

// errDeadline is a handshake or login that took longer than allowed.
var errDeadline = errors.New("login deadline passed")

// login runs the handshake and the open-database exchange on nc, following
// a redirect to another port (a broker on Windows hands out CAS ports).
func (c *Conn) login(nc net.Conn, deadline time.Time) error {
	nc.SetDeadline(deadline)
	hs := handshake()
	if _, err := nc.Write(hs[:]); err != nil {
		return timeoutErr(err)
	}
	var word [4]byte
	if _, err := readFull(nc, word[:]); err != nil {
		return timeoutErr(err)
	}
	switch port := int32(binary.BigEndian.Uint32(word[:])); {
	case port < 0:
		return &Error{Code: int(port), CAS: true, Message: brokerRefusal(int(port))}
	case port > 0:
		nc.Close()
		host, _, _ := net.SplitHostPort(c.cfg.addr)
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		defer cancel()
		var err error
		if nc, err = c.dialer(ctx, "tcp", net.JoinHostPort(host, strconv.Itoa(int(port)))); err != nil {
			return err
		}
		nc.SetDeadline(deadline)
	}
	c.nc = nc
	if _, err := nc.Write(openBlock(c.cfg, c.session)); err != nil {
		return timeoutErr(err)
	}
	body, err := c.readReply()
	if err != nil {
		return timeoutErr(err)
	}
	if err := c.opened(body); err != nil {
		return err
	}
	nc.SetDeadline(time.Time{})
	return nil
}

// opened reads the CAS's answer to the open-database block (cas.c,
// cas_send_connect_reply_to_driver): the CAS's process id, the broker's
// information, the CAS's index and the session id.
func (c *Conn) opened(body []byte) error {
	d := &reader{b: body}
	pid := d.i32()
	if d.err == nil && pid < 0 {
		return serverError(pid, d)
	}
	copy(c.broker[:], d.take(brokerSize))
	d.i32() // the CAS's index in its broker (protocol 4)
	copy(c.session[:], d.take(sessionSize))
	if d.err != nil {
		return shortReplyError("open database", d.err)
	}
	c.casPID = pid
	return nil
}

// brokerRefusal says why a broker refused a client before any CAS saw it.
func brokerRefusal(code int) string {
	switch code {
	case casErFreeServer:
		return "the broker has no free application server (CAS)"
	case casErNotAuthorizedClient:
		return "the broker refuses this client (access control or client type)"
	case casErMaxClientExceeded:
		return "the broker's client limit is reached"
	}
	return "the broker refused the connection"
}

// timeoutErr names a passed deadline as such.
func timeoutErr(err error) error {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return errDeadline
	}
	return err
}
