package widetable

import (
	"fmt"
	"time"

	"github.com/dbgauge/dbgauge/db/sqldb"
	"github.com/dbgauge/dbgauge/randgen"
)

// epoch is the study's col15 default, the base of the generated timestamps.
var epoch = time.Date(2009, 7, 30, 16, 25, 44, 0, time.UTC)

var columns = []string{"id", "seq", "col3", "col4", "col5", "col6", "col7", "col8", "col9", "col10", "col11", "col12", "col13", "col14"}

// keys are the values the selects look rows up by.
type keys struct {
	id         string
	seq        int64
	col3, col4 string
	col5       string
	col9       time.Time
	col14      string
}

// rowKeys computes row r of table t's key values; the random ones come first
// in the row's stream so a select needs only these draws.
func rowKeys(seed uint64, t, r int64) (keys, *randgen.Rand) {
	rnd := randgen.New(seed, 0x77696465, uint64(t), uint64(r))
	k := keys{
		id:    fmt.Sprintf("%020d", r/rowsPerID),
		seq:   r%rowsPerID + 1,
		col3:  fmt.Sprintf("%016d", r),
		col4:  rnd.Template("@@@@@"),
		col5:  rnd.Template(tmpl50),
		col9:  epoch.Add(time.Duration(r) * time.Minute),
		col14: string(rune('A' + r%5)),
	}
	return k, rnd
}

var (
	tmpl15   = repeat('@', 15)
	tmpl50   = repeat('@', 50)
	tmpl150  = repeat('@', 150)
	tmpl300  = repeat('@', 300)
	tmpl1000 = repeat('#', 1000)
)

func repeat(c byte, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = c
	}
	return string(b)
}

// row returns row r of table t in the order of columns.
func row(seed uint64, t, r int64) sqldb.Row {
	k, rnd := rowKeys(seed, t, r)
	return sqldb.Row{k.id, k.seq, k.col3, k.col4, k.col5,
		rnd.Template(tmpl1000), rnd.Template(tmpl300), rnd.Template(tmpl150), k.col9,
		r % 100, epoch.Add(time.Duration(r) * time.Second), rnd.Template(tmpl15),
		map[bool]string{true: "Y", false: "N"}[r%2 == 0], k.col14}
}
