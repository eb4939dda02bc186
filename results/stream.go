package results

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// A result carried in a text stream: how a shard that runs where its files
// cannot be read (a Kubernetes pod) hands its result.json back. The shard
// prints, at the end of its output,
//
//	dbgauge-result v1 begin sha256=HEX bytes=N
//	<result.json, gzip-compressed, base64, 76 characters a line>
//	dbgauge-result v1 end
//
// and whoever reads its output (the pod's log through the API server, a
// local shard's pipe) finds the block, checks the digest and decodes it.
// Lines outside the block, before or after, are ignored; a block cut short
// or damaged is an error, never a wrong result.
const (
	streamBegin = "dbgauge-result v1 begin"
	streamEnd   = "dbgauge-result v1 end"
)

// ErrNoStreamedResult says a stream holds no result block: the shard ended
// before it could print one.
var ErrNoStreamedResult = errors.New("the output holds no result (the shard ended before printing one)")

// WriteStream prints r as a result block to w in one write.
func WriteStream(w io.Writer, r *Result) error {
	js, err := json.Marshal(r)
	if err != nil {
		return err
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(js)
	if err := zw.Close(); err != nil {
		return err
	}
	sum := sha256.Sum256(js)
	enc := base64.StdEncoding.EncodeToString(z.Bytes())
	var b strings.Builder
	fmt.Fprintf(&b, "%s sha256=%s bytes=%d\n", streamBegin, hex.EncodeToString(sum[:]), len(js))
	for len(enc) > 76 {
		b.WriteString(enc[:76])
		b.WriteByte('\n')
		enc = enc[76:]
	}
	b.WriteString(enc)
	b.WriteString("\n" + streamEnd + "\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// ReadStream finds the last result block in r and decodes it: the result
// and its JSON exactly as the shard wrote it.
func ReadStream(r io.Reader) (*Result, []byte, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	var (
		in, found bool
		header    string
		body      strings.Builder
		lastHdr   string
		lastBody  string
	)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case strings.HasPrefix(line, streamBegin):
			in, header = true, line
			body.Reset()
		case in && line == streamEnd:
			in, found = false, true
			lastHdr, lastBody = header, body.String()
		case in:
			body.WriteString(strings.TrimSpace(line))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("reading the output: %w", err)
	}
	if !found {
		if in {
			return nil, nil, errors.New("the output's result is cut short (no end line)")
		}
		return nil, nil, ErrNoStreamedResult
	}
	return decodeStream(lastHdr, lastBody)
}

// decodeStream checks and decodes one block.
func decodeStream(header, body string) (*Result, []byte, error) {
	var sum string
	var n int
	if _, err := fmt.Sscanf(strings.TrimPrefix(header, streamBegin), " sha256=%s bytes=%d", &sum, &n); err != nil {
		return nil, nil, fmt.Errorf("the output's result header %q is damaged", header)
	}
	z, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		return nil, nil, fmt.Errorf("the output's result is damaged: %v", err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, nil, fmt.Errorf("the output's result is damaged: %v", err)
	}
	js, err := io.ReadAll(io.LimitReader(zr, int64(n)+1))
	if err != nil {
		return nil, nil, fmt.Errorf("the output's result is damaged: %v", err)
	}
	got := sha256.Sum256(js)
	if len(js) != n || hex.EncodeToString(got[:]) != sum {
		return nil, nil, errors.New("the output's result does not match its digest: it was damaged on the way")
	}
	var r Result
	if err := json.Unmarshal(js, &r); err != nil {
		return nil, nil, fmt.Errorf("the output's result is not a dbgauge result: %v", err)
	}
	return &r, js, nil
}
