package script

import (
	"math/rand/v2"
	"testing"
)

// byteAtATime is appendNormalized as it was before it copied runs whole:
// one byte at a time. TestNormalizeRuns holds the two to the same names.
func byteAtATime(b []byte, sql string) []byte {
	start := len(b)
	space := false
	for i := 0; i < len(sql); i++ {
		c := sql[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			space = len(b) > start
			continue
		case c == '\'':
			j := i + 1
			for j < len(sql) {
				if sql[j] == '\\' {
					j += 2
					continue
				}
				if sql[j] == c {
					if j+1 < len(sql) && sql[j+1] == c {
						j += 2
						continue
					}
					break
				}
				j++
			}
			i = j
			c = '?'
		case (c == '-' || c == '+') && startsNumber(sql, i+1) && signContext(b[start:]):
			i = endOfNumber(sql, i+1)
			c = '?'
		case c >= '0' && c <= '9' && (space || len(b) == start || !identChar(b[len(b)-1])):
			i = endOfNumber(sql, i)
			c = '?'
		}
		if space {
			b = append(b, ' ')
			space = false
		}
		b = append(b, c)
	}
	for len(b) > start && (b[len(b)-1] == ';' || b[len(b)-1] == ' ') {
		b = b[:len(b)-1]
	}
	return b
}

// tpccStatements are statements in the shape sysbench-tpcc sends them:
// string.format over [[...]] literals, indentation and all.
var tpccStatements = []string{
	`SELECT c_discount, c_last, c_credit, w_tax 
                                                           FROM customer1, warehouse1
                                                          WHERE w_id = 1 
                                                            AND c_w_id = w_id 
                                                            AND c_d_id = 7 
                                                            AND c_id = 2291`,
	`UPDATE district1
                  SET d_next_o_id = 3012
                WHERE d_id = 4 AND d_w_id= 1`,
	`INSERT INTO orders1
                           (o_id, o_d_id, o_w_id, o_c_id,  o_entry_d, o_ol_cnt, o_all_local)
                    VALUES (3011,4,1,1771,NOW(),11,1)`,
	`UPDATE customer1 SET c_balance = c_balance + -3012.500000, c_delivery_cnt = c_delivery_cnt + 1
                                WHERE c_id = 12 AND c_d_id = 3 AND c_w_id = 1`,
	`SELECT c_id FROM customer1 WHERE c_w_id = 1 AND c_d_id= 9 AND c_last='BARBARABLE' ORDER BY c_first`,
	"BEGIN", "COMMIT;",
}

// TestNormalizeRuns: names made by copying runs whole are the names made
// one byte at a time, on sysbench-tpcc's statements, TestNormalize's and
// 20,000 random strings of the bytes that matter (blanks, quotes,
// escapes, signs, digits, points, exponents, names, operators, control
// and non-ASCII bytes).
func TestNormalizeRuns(t *testing.T) {
	inputs := append([]string{"", " ", ";", " 1 ", "a1 1a 1.5e-3x -1 a-1 (+2)", "'unterminated", "x'a''b\\'c'9"}, tpccStatements...)
	const alphabet = " \t\n\r\v'\\+-0123456789.eEaZ_(),=<>;*\x00\xc3\xa9"
	words := []string{"SELECT ", "WHERE ", "AND ", "BETWEEN ", "VALUES ", "sbtest1", "id", "k2", " IN "}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b []byte
		for range rng.IntN(40) {
			if rng.IntN(5) == 0 {
				b = append(b, words[rng.IntN(len(words))]...)
			} else {
				b = append(b, alphabet[rng.IntN(len(alphabet))])
			}
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		want := string(byteAtATime([]byte("prefix"), in))
		if got := string(appendNormalized([]byte("prefix"), in)); got != want {
			t.Fatalf("appendNormalized(%q) = %q, byte at a time %q", in, got, want)
		}
	}
}

// BenchmarkNormalize is the name of each of sysbench-tpcc's statements
// above, made in a reused buffer as opOf makes it.
func BenchmarkNormalize(b *testing.B) {
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range tpccStatements {
			buf = appendNormalized(buf[:0], s)
		}
	}
}

// BenchmarkNormalizeByteAtATime is BenchmarkNormalize as names were made
// before: the baseline of the change.
func BenchmarkNormalizeByteAtATime(b *testing.B) {
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range tpccStatements {
			buf = byteAtATime(buf[:0], s)
		}
	}
}
