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
  document.documentElement.setAttribute('data-charts', 'drawn');
})();
