// The dbgauge report page: renders the report document (JSON in #doc)
// into sections, tables and uPlot charts. A live dashboard (doc.live)
// follows the server's /events stream: "start" replaces the document,
// "interval" appends a point to the time charts, "end" replaces it with
// the final report. window.dbgauge tells tests what the charts hold.
(function () {
  'use strict';
  var PALETTE = ['#1f5fbf', '#d62728', '#2a9d4b', '#ff7f0e', '#8a4fbf', '#8c564b', '#d6479b', '#17a2b8'];
  var doc = JSON.parse(document.getElementById('doc').textContent);
  var charts = [];
  var state = doc.live ? 'live' : 'static';
  var intervals = 0;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function table(t) {
    var tb = el('table');
    var align = t.align || '';
    var blank = (t.head || []).every(function (h) { return !h; });
    if (!blank) {
      var tr = el('tr');
      t.head.forEach(function (h, i) { tr.appendChild(el('th', align[i] === 'r' ? 'r' : '', h)); });
      tb.appendChild(el('thead')).appendChild(tr);
    }
    var body = tb.appendChild(el('tbody'));
    (t.rows || []).forEach(function (row) {
      var tr = el('tr');
      row.forEach(function (c, i) { tr.appendChild(el(blank && i === 0 ? 'th' : 'td', align[i] === 'r' ? 'r' : '', c)); });
      body.appendChild(tr);
    });
    return tb;
  }

  // data returns uPlot's data for a chart: [x, series…], null where missing.
  function data(c) {
    var ys;
    if (c.kind === 'time') {
      var pts = doc.points || [];
      var x = pts.map(function (p) { return p.t; });
      ys = c.series.map(function (s) {
        return pts.map(function (p) {
          var v = p[s.field];
          return v === undefined ? null : v;
        });
      });
      return [x].concat(clean(c, ys));
    }
    if (c.kind === 'bars') {
      var idx = c.categories.map(function (_, i) { return i; });
      return [idx].concat(clean(c, c.series.map(function (s) { return s.values; })));
    }
    return [c.x].concat(clean(c, c.series.map(function (s) { return s.values; })));
  }

  // clean drops what a log scale cannot show (zero and below).
  function clean(c, ys) {
    if (!c.log_y) return ys;
    return ys.map(function (v) { return v.map(function (y) { return y === null || y <= 0 ? null : y; }); });
  }

  function hasData(c, d) {
    for (var i = 1; i < d.length; i++) {
      for (var j = 0; j < d[i].length; j++) {
        var v = d[i][j];
        if (v !== null && v !== undefined && (!c.optional || v !== 0)) return true;
      }
    }
    return false;
  }

  // active lists the series that have at least one value.
  function active(d) {
    var a = [];
    for (var i = 1; i < d.length; i++) {
      if (d[i].some(function (v) { return v !== null && v !== undefined; })) a.push(i - 1);
    }
    return a;
  }

  function zeroBased(u, min, max) { return [0, max > 0 ? max * 1.08 : 1]; }

  function options(c, act, width) {
    var y2 = c.y2 && act.some(function (i) { return c.series[i].axis === 1; });
    var bars = c.kind === 'bars';
    var line = c.kind === 'line';
    var opts = {
      width: width, height: 260,
      legend: { show: true },
      cursor: { drag: { x: !bars, y: false } },
      scales: {
        x: { time: false },
        y: c.log_y ? { distr: 3 } : { range: zeroBased },
        y2: { range: zeroBased }
      },
      axes: [
        { label: c.x_label || '', size: 40 },
        { label: c.y, scale: 'y', size: 64 }
      ],
      series: [{ label: c.x_label || (bars ? 'run' : 'x') }]
    };
    if (c.log_x) opts.scales.x = { time: false, distr: 3, log: c.log_base || 10 };
    if (y2) opts.axes.push({ label: c.y2, scale: 'y2', side: 1, size: 64, grid: { show: false } });
    if (bars) {
      var n = c.categories.length;
      opts.scales.x = { time: false, range: function () { return [-0.5, n - 0.5]; } };
      var lab = barLabels(c.categories, width);
      opts.axes[0].splits = function () { return c.categories.map(function (_, i) { return i; }); };
      opts.axes[0].values = function (u, splits) { return splits.map(function (i) { return lab.text[i] || ''; }); };
      opts.axes[0].rotate = lab.rotate;
      opts.axes[0].size = lab.size;
      opts.height += lab.size - 40; // the plot keeps its height
      opts.axes[0].grid = { show: false };
      opts.series[0].value = function (u, v) { return v === null ? '' : (c.categories[v] || ''); };
    }
    act.forEach(function (i, k) {
      var s = c.series[i];
      var color = PALETTE[i % PALETTE.length];
      var so = { label: s.label, stroke: color, width: 1.5, scale: s.axis === 1 && y2 ? 'y2' : 'y', spanGaps: line };
      if (bars) {
        so.fill = color + 'b0';
        so.paths = uPlot.paths.bars({ size: [0.6, 120] });
        so.points = { show: false };
      } else if (line) {
        so.points = { show: true, size: 6 };
      }
      opts.series.push(so);
    });
    return opts;
  }

  // barLabels fits category labels under their bars: labels wider than a
  // bar's slot are turned 40 degrees (and the axis made taller), and any
  // longer than 32 characters keeps its first 15 and last 16 around an
  // ellipsis (runs' labels often differ only at the end: a setting, a
  // number); the legend under the cursor and the tables keep the full label.
  function barLabels(cats, width) {
    var CHAR = 6.5, MAX = 32, HEAD = 15;
    var text = cats.map(function (s) {
      s = String(s);
      return s.length > MAX ? s.slice(0, HEAD) + '\u2026' + s.slice(s.length - (MAX - HEAD - 1)) : s;
    });
    var longest = text.reduce(function (m, s) { return Math.max(m, s.length); }, 0);
    var slot = (width - 80) / Math.max(1, cats.length);
    if (longest * CHAR <= slot - 8) return { text: text, rotate: 0, size: 40 };
    return { text: text, rotate: 40, size: Math.ceil(longest * CHAR * Math.sin(40 * Math.PI / 180)) + 24 };
  }

  function width(box) { return Math.max(300, (box.clientWidth || 600) - 16); }

  // draw creates, re-creates or updates a chart's plot from the document.
  function draw(ch) {
    var d = data(ch.spec);
    var show = hasData(ch.spec, d);
    ch.box.hidden = !show;
    if (!show) return;
    var act = active(d);
    var key = act.join(',');
    var sub = [d[0]].concat(act.map(function (i) { return d[i + 1]; }));
    if (ch.plot && ch.key === key) {
      ch.plot.setData(sub);
      return;
    }
    if (ch.plot) ch.plot.destroy();
    ch.key = key;
    var opts = options(ch.spec, act, width(ch.box));
    ch.rotate = opts.axes[0].rotate || 0;
    ch.labels = ch.spec.categories ? barLabels(ch.spec.categories, width(ch.box)).text : null;
    ch.plot = new uPlot(opts, sub, ch.box);
  }

  function render(d) {
    doc = d;
    charts.forEach(function (ch) { if (ch.plot) ch.plot.destroy(); });
    charts = [];
    document.title = d.title;
    document.getElementById('title').textContent = d.title;
    document.getElementById('summary').textContent = d.summary || '';
    var main = document.getElementById('report');
    main.textContent = '';
    (d.sections || []).forEach(function (s) {
      var sec = main.appendChild(el('section'));
      sec.appendChild(el('h2', '', s.title));
      var row = null;
      (s.blocks || []).forEach(function (b) {
        if (b.chart) {
          if (!row) row = sec.appendChild(el('div', 'charts'));
          var box = row.appendChild(el('div', 'chart'));
          box.id = 'chart-' + b.chart.id;
          box.appendChild(el('h3', '', b.chart.title));
          charts.push({ spec: b.chart, box: box, plot: null, key: '' });
          return;
        }
        row = null;
        if (b.p) sec.appendChild(el('p', '', b.p));
        else if (b.ul) {
          var ul = sec.appendChild(el('ul'));
          b.ul.forEach(function (it) { ul.appendChild(el('li', '', it)); });
        } else if (b.code) sec.appendChild(el('pre')).appendChild(el('code', '', b.code));
        else if (b.table) sec.appendChild(table(b.table));
      });
    });
    charts.forEach(draw);
  }

  function status(text) {
    var s = document.getElementById('status');
    s.hidden = !text;
    s.textContent = text || '';
  }

  function setState(s) {
    state = s;
    document.body.setAttribute('data-state', s);
  }

  function follow() {
    var es = new EventSource('events');
    es.addEventListener('start', function (e) {
      var d = JSON.parse(e.data);
      intervals = (d.points || []).length;
      setState('live');
      render(d);
      status('Live: the run is going; charts update every interval.');
    });
    es.addEventListener('interval', function (e) {
      var p = JSON.parse(e.data);
      if (p.warmup) {
        status('Live: warming up (not in the statistics), ' + Math.round(-p.t) + ' s to go.');
        return;
      }
      intervals++;
      doc.points = doc.points || [];
      doc.points.push(p);
      if (doc.points.length > 4000) doc.points = doc.points.filter(function (_, i) { return i % 2 === 1; });
      charts.forEach(function (ch) { if (ch.spec.kind === 'time') draw(ch); });
      status('Live: ' + intervals + ' intervals, ' + Math.round(p.t) + ' s; last interval ' + p.tps.toFixed(1) +
        ' TPS, p50 ' + p.p50_ms.toFixed(2) + ' ms, p99 ' + p.p99_ms.toFixed(2) + ' ms.');
    });
    es.addEventListener('end', function (e) {
      render(JSON.parse(e.data));
      setState('ended');
      status('The run has ended: this is its final report.');
    });
    // close: the command is done and its server stops; do not reconnect.
    es.addEventListener('close', function () { es.close(); });
    es.addEventListener('error', function () {
      if (state === 'ended') es.close();
    });
    window.addEventListener('beforeunload', function () { es.close(); });
  }

  window.addEventListener('resize', function () {
    // Re-made, not resized: a bar chart's labels may turn at the new width.
    charts.forEach(function (ch) {
      if (!ch.plot) return;
      ch.plot.destroy();
      ch.plot = null;
      draw(ch);
    });
  });

  // What tests read: every chart, whether it shows, and how many points
  // and series its plot holds.
  window.dbgauge = {
    state: function () { return state; },
    intervals: function () { return intervals; },
    charts: function () {
      return charts.map(function (ch) {
        return {
          id: ch.spec.id, shown: !ch.box.hidden && !!ch.plot,
          points: ch.plot ? ch.plot.data[0].length : 0,
          series: ch.plot ? ch.plot.series.length - 1 : 0,
          rotate: ch.rotate || 0,
          labels: ch.labels || []
        };
      });
    }
  };

  render(doc);
  if (doc.live) {
    setState('live');
    status('Live: connecting…');
    follow();
  } else {
    setState('static');
  }
})();
