package report

// Doc is a report as data: titled sections of blocks (paragraphs, lists,
// code, tables, charts). Markdown and HTML render the same Doc, so the two
// reports never disagree; the HTML page draws the charts, Markdown skips
// them. A Doc is built from saved results alone (RunDoc, SweepDoc,
// CompareDoc; SavedDoc for what a results folder holds) or, for the live dashboard, from a run's header (LiveDoc)
// with points appended as intervals come.
type Doc struct {
	Title    string    `json:"title"`
	Summary  string    `json:"summary,omitempty"`
	Sections []Section `json:"sections"`
	// Points are the run's intervals as chart points: the time charts
	// (Chart.Kind "time") read their series from them.
	Points []Point `json:"points,omitempty"`
	// Live marks the dashboard of a run in progress: the page follows
	// /events and appends points as they come.
	Live bool `json:"live,omitempty"`
}

// Section is a titled part of a report.
type Section struct {
	Title  string  `json:"title"`
	Blocks []Block `json:"blocks"`
}

// Block is one element of a section: exactly one field is set.
type Block struct {
	Para  string   `json:"p,omitempty"`
	List  []string `json:"ul,omitempty"`
	Code  string   `json:"code,omitempty"`
	Table *Table   `json:"table,omitempty"`
	Chart *Chart   `json:"chart,omitempty"`
}

// Table is a table of text cells. Align has one letter per column, l or r
// (numbers are right-aligned); missing letters mean l.
type Table struct {
	Head  []string   `json:"head"`
	Rows  [][]string `json:"rows"`
	Align string     `json:"align,omitempty"`
}

// Chart kinds.
const (
	// ChartTime plots Point fields against the run's elapsed time.
	ChartTime = "time"
	// ChartLine plots Series values against X (a sweep's threads or sizes,
	// or elapsed seconds of several runs overlaid).
	ChartLine = "line"
	// ChartBars draws one bar per category.
	ChartBars = "bars"
)

// Chart is a chart the HTML page draws with uPlot.
type Chart struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Kind   string `json:"kind"`
	XLabel string `json:"x_label,omitempty"`
	// Y and Y2 name the left and right axes (Y2 empty: no right axis).
	Y    string `json:"y"`
	Y2   string `json:"y2,omitempty"`
	LogX bool   `json:"log_x,omitempty"`
	// LogBase is the base of a log x axis: 2 for thread counts, 10 else.
	LogBase int  `json:"log_base,omitempty"`
	LogY    bool `json:"log_y,omitempty"`
	// Optional charts are hidden while every value is zero or missing
	// (errors, schedule lag); the other charts show as soon as one of their
	// series has a value.
	Optional   bool      `json:"optional,omitempty"`
	X          []float64 `json:"x,omitempty"`
	Categories []string  `json:"categories,omitempty"`
	Series     []Series  `json:"series"`
}

// Series is one line (or set of bars) of a chart. A time chart's series
// names a Point field; the others carry their values, nil where missing.
type Series struct {
	Label  string     `json:"label"`
	Field  string     `json:"field,omitempty"`
	Values []*float64 `json:"values,omitempty"`
	// Axis 1 is the right axis.
	Axis int `json:"axis,omitempty"`
}

func (s *Section) para(format string) { s.Blocks = append(s.Blocks, Block{Para: format}) }
func (s *Section) list(items []string) {
	if len(items) > 0 {
		s.Blocks = append(s.Blocks, Block{List: items})
	}
}
func (s *Section) code(text string) { s.Blocks = append(s.Blocks, Block{Code: text}) }
func (s *Section) table(t *Table)   { s.Blocks = append(s.Blocks, Block{Table: t}) }
func (s *Section) chart(c *Chart)   { s.Blocks = append(s.Blocks, Block{Chart: c}) }
func (d *Doc) add(s Section) *Doc   { d.Sections = append(d.Sections, s); return d }
func vals(v ...float64) []*float64  { return valsOf(v) }
func valsOf(v []float64) []*float64 {
	out := make([]*float64, len(v))
	for i := range v {
		out[i] = &v[i]
	}
	return out
}
