/*
 * The experiment report's own browser code (core/experiments/report/reportHtml.ts writes the
 * page; the command line and the app inline this file into it next to Chart.js): reads the data
 * block and draws every chart. The band is two invisible lines (low, high) with the area between
 * them filled; tooltips and the legend leave them out. Plain ES5-level JavaScript in one
 * function: the report must open in any browser, offline, with nothing to build.
 */
/* global Chart */
(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];
  if (typeof Chart === 'undefined') return;
  data.measures.forEach(function (measure) {
    var canvas = document.getElementById('chart-' + measure.key);
    if (!canvas) return;
    var datasets = [];
    data.series.forEach(function (series, i) {
      var colour = palette[i % palette.length];
      var points = series.points[measure.key];
      var at = function (k) { return points.map(function (p) { return { x: p[0], y: p[k] }; }); };
      datasets.push({ label: series.label + ' (95% low)', data: at(2), borderWidth: 0, pointRadius: 0, pointHitRadius: 0, fill: false, band: true });
      datasets.push({ label: series.label + ' (95% high)', data: at(3), borderWidth: 0, pointRadius: 0, pointHitRadius: 0, backgroundColor: colour + '30', fill: '-1', band: true });
      datasets.push({ label: series.label, data: at(1), borderColor: colour, backgroundColor: colour, pointRadius: 3, fill: false, spanGaps: false });
    });
    new Chart(canvas, {
      type: 'line',
      data: { datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: 'agents' } },
          y: { type: measure.log ? 'logarithmic' : 'linear', title: { display: true, text: measure.unit } },
        },
        plugins: {
          title: { display: true, text: measure.title },
          legend: { labels: { filter: function (item, chart) { return !chart.datasets[item.datasetIndex].band; } } },
          tooltip: {
            filter: function (item) { return !item.dataset.band; },
            callbacks: {
              label: function (ctx) {
                var series = data.series[Math.floor(ctx.datasetIndex / 3)];
                var p = series.points[measure.key][ctx.dataIndex];
                var f = function (v) { return v === null ? '-' : Number(v.toPrecision(4)).toString(); };
                return series.label + ': ' + f(p[1]) + (p[2] === null ? '' : ' (95% ' + f(p[2]) + ' to ' + f(p[3]) + ')');
              },
            },
          },
        },
      },
    });
  });
  // Seed 004's path steps against path length: one scatter series per solver setting.
  var scatterCanvas = document.getElementById('chart-pathStepsScatter');
  if (scatterCanvas && data.scatter) {
    new Chart(scatterCanvas, {
      type: 'scatter',
      data: {
        datasets: data.scatter.map(function (series, i) {
          var colour = palette[i % palette.length];
          return { label: series.label, data: series.points.map(function (p) { return { x: p[0], y: p[1] }; }), borderColor: colour, backgroundColor: colour, pointRadius: 3 };
        }),
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { type: 'linear', title: { display: true, text: 'path length without obstacles (moves)' } },
          y: { type: 'linear', title: { display: true, text: 'path steps computed' } },
        },
        plugins: { title: { display: true, text: 'Path steps against path length (one-unit runs, seed 004)' } },
      },
    });
  }
  // Flow through a door against its width, beside the pedestrian line and data points.
  var doorCanvas = document.getElementById('chart-doorFlow');
  if (doorCanvas && data.door) {
    var widths = [];
    data.door.series.forEach(function (s) { s.points.forEach(function (p) { widths.push(p.widthM); }); });
    data.door.pedestrian.forEach(function (p) { widths.push(p[0]); });
    var most = Math.max.apply(null, widths.concat([1]));
    var doorSets = data.door.series.map(function (s, i) {
      var colour = palette[i % palette.length];
      return { type: 'line', label: s.label, data: s.points.map(function (p) { return { x: p.widthM, y: p.flow }; }), borderColor: colour, backgroundColor: colour, pointRadius: 3, fill: false };
    });
    doorSets.push({ type: 'line', label: 'pedestrian line (' + data.door.line + ' persons/s/m)', data: [{ x: 0, y: data.door.line }, { x: most, y: data.door.line }], borderColor: '#000000', borderDash: [6, 4], pointRadius: 0, fill: false });
    doorSets.push({ type: 'line', label: 'within a factor 2', data: [{ x: 0, y: data.door.line / 2 }, { x: most, y: data.door.line / 2 }], borderColor: '#999999', borderDash: [2, 4], borderWidth: 1, pointRadius: 0, fill: false });
    doorSets.push({ type: 'line', label: 'within a factor 2 (upper)', data: [{ x: 0, y: data.door.line * 2 }, { x: most, y: data.door.line * 2 }], borderColor: '#999999', borderDash: [2, 4], borderWidth: 1, pointRadius: 0, fill: false, band: true });
    doorSets.push({ type: 'scatter', label: 'pedestrian experiments', data: data.door.pedestrian.reduce(function (all, p) { return all.concat([{ x: p[0], y: p[1] }, { x: p[0], y: p[2] }]); }, []), borderColor: '#000000', backgroundColor: '#000000', pointStyle: 'crossRot', pointRadius: 6 });
    new Chart(doorCanvas, {
      type: 'line',
      data: { datasets: doorSets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { type: 'linear', min: 0, title: { display: true, text: 'door width (m)' } },
          y: { type: 'linear', min: 0, title: { display: true, text: 'flow (persons/s per metre of width)' } },
        },
        plugins: {
          title: { display: true, text: 'Flow through the door against its width' },
          legend: { labels: { filter: function (item, chart) { return !chart.datasets[item.datasetIndex].band; } } },
        },
      },
    });
  }
  document.documentElement.setAttribute('data-charts', 'drawn');
})();
