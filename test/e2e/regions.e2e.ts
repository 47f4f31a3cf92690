/**
 * The designer's chokepoint measured: a bridge template with
 * twenty units, solved with WHCA*, the bridge marked with the Measure tool (M) and renamed, and
 * its figures read: every unit crossed, no earlier than the walk to the bridge allows and no
 * later than the makespan, the throughput agreeing with the turns shown; the region is drawn and
 * saved with the scenario, and a rename keeps the replay.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, layerPixels, settledView } from './mapCanvas.ts';
import { ONE_LANE_BRIDGE, generateTemplate } from './support/templates.ts';

const app = useApp({ acceptDialogs: true });


/** Teal, the regions' outline colour (#0f9d8a), at a pixel. */
const isRegion = ([r, g, b, a]: [number, number, number, number]) => a > 100 && r < 90 && g > 120 && b > 100 && g > r + 60;

describe('browser edition: measure a region', () => {
  it('marks the bridge, reads its throughput and waits against the plan, and saves the region', async () => {
    const page = app.page;
    await generateTemplate(page, ONE_LANE_BRIDGE);
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 60_000 }).not.toBe('running');
    expect(await status.getAttribute('data-status')).toBe('solved');
    const makespan = Number((await page.getByTestId('makespan').textContent())!.replace(/\D+/g, ''));

    // The bridge of this template: x 15..24 on row 9. Measure (M), then drag along it.
    const view = await settledView(page);
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('m');
    await expect.poll(() => page.getByTestId('tool-measure').getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(...cellPoint(view, 15, 9));
    await page.mouse.down();
    await page.mouse.move(...cellPoint(view, 20, 9), { steps: 4 });
    await page.mouse.move(...cellPoint(view, 24, 9), { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('region-row').count()).toBe(1);
    // The Undo button names the edit in full (it read 'Undo measured…').
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo regions');
    expect(await page.getByTestId('undo').evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    // The notice 'Created … with 20 units' goes with the edit (it no longer describes the map), so the map moves up: measured again.
    await expect.poll(() => page.getByTestId('notice').count()).toBe(0);
    const marked = await settledView(page);
    // Its outline on the bridge's west edge (a unit's path may cross the edge's middle: three heights).
    await expect.poll(async () => (await layerPixels(page, 'dynamic-layer', [0.2, 0.5, 0.8].map((fy) => cellPoint(marked, 15, 9, 0.02, fy)))).some(isRegion)).toBe(true);
    // Renamed to 'bridge'; the replay survives it (a rename does not change the plan).
    await page.getByTestId('region-name-0').fill('bridge');
    await page.getByTestId('region-name-0').press('Enter');
    await expect.poll(() => page.locator('[data-testid="region-measure-0"] strong').textContent()).toBe('bridge');
    await expect(page.getByTestId('stale').count()).resolves.toBe(0);

    // Every unit crosses the river on the bridge.
    expect(await page.getByTestId('region-units-0').textContent()).toBe('20');
    const [first, last] = (await page.getByTestId('region-turns-0').textContent())!.split('–').map(Number);
    // Units start in column 0 (left) or 39 (right): 15 moves at least to reach the bridge's end.
    expect(first).toBeGreaterThanOrEqual(15);
    expect(last).toBeLessThanOrEqual(makespan);
    // Crossings per 10 turns over those turns, and their peak within what a one-lane bridge carries.
    const [, rate, peak] = /^([\d.]+) \(peak (\d+)\)$/.exec((await page.getByTestId('region-crossings-0').textContent())!)!.map(Number);
    const [, crossed, entries, turnedBack] = /^(\d+) crossed, (\d+) entries \(peak \d+ per 10 turns\), (\d+) turned back$/.exec((await page.getByTestId('region-traffic-0').textContent())!)!.map(Number);
    expect(crossed).toBeGreaterThanOrEqual(20);
    expect(rate).toBeCloseTo((crossed * 10) / (last - first + 1), 2);
    expect(peak).toBeLessThanOrEqual(10);
    expect(crossed + turnedBack).toBe(entries);
    // A one-lane bridge ten cells long carries one direction at a time: somebody waited.
    const [meanWait, maxWait] = (await page.getByTestId('region-wait-0').textContent())!.split('/').map((s) => Number(s.trim()));
    expect(maxWait).toBeGreaterThan(0);
    expect(meanWait).toBeLessThanOrEqual(maxWait);
    await expect(page.getByTestId('region-queue-0').count()).resolves.toBe(1);
    // The queue chart reads like a chart: axes with ticks, the value under the pointer, and a click replays that turn.
    const chart = page.getByTestId('region-queue-0');
    await chart.scrollIntoViewIfNeeded();
    const turnsOnChart = Number(await chart.getAttribute('data-turns'));
    expect(turnsOnChart).toBe(makespan);
    const tickLabels = await chart.locator('text').allTextContents();
    for (const label of ['0', String(makespan), 'turn']) expect(tickLabels).toContain(label);
    const box = (await chart.boundingBox())!;
    // The plot spans x 26..272 of the chart's 280 units; point at its middle: about half the run.
    const middle = box.x + (box.width * (26 + (272 - 26) / 2)) / 280;
    await page.mouse.move(middle, box.y + box.height / 2);
    const readout = page.getByTestId('region-queue-0-value');
    await expect.poll(() => readout.textContent()).toMatch(/^turn \d+: \d+ queued \(click to replay it\)$/);
    const hovered = Number(/^turn (\d+)/.exec((await readout.textContent())!)![1]);
    expect(Math.abs(hovered - makespan / 2)).toBeLessThanOrEqual(1);
    await screenshot(page, 'region-queue-hover');
    await page.mouse.click(middle, box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe(`t = ${hovered} / ${makespan}`);
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    await screenshot(page, 'region-bridge');
    await page.getByTestId('regions-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'region-bridge-panel');

    // The heat map answers: visits per cell with its scale, the value under the pointer (every
    // unit crosses every cell of the one-lane bridge), and the flow, which cancels out there
    // (ten units cross each way).
    // Turning the heat map on leaves the timeline its width (it took 120 px for the measure's select).
    const timelineWidth = () => page.getByTestId('timeline').evaluate((el) => el.getBoundingClientRect().width);
    const before = await timelineWidth();
    await page.getByTestId('heatmap-toggle').check();
    expect(await timelineWidth()).toBe(before);
    await page.getByTestId('heat-measure').selectOption('visits');
    await page.getByTestId('flow-toggle').check();
    // The replay bar may wrap with the measure's select: the map is measured again.
    const heatView = await settledView(page);
    await page.mouse.move(...cellPoint(heatView, 20, 9));
    await expect.poll(() => page.getByTestId('heat-under').textContent()).toMatch(/^\(20, 9\): \d+$/);
    const visits = Number((await page.getByTestId('heat-under').textContent())!.split(': ')[1]);
    expect(visits).toBeGreaterThanOrEqual(20);
    expect(Number(await page.getByTestId('heat-max').textContent())).toBeGreaterThanOrEqual(visits);
    expect(await page.getByTestId('flow-legend').textContent()).toContain('here (0, 0)');
    await screenshot(page, 'heat-legend');
    await page.getByTestId('heatmap-toggle').uncheck();
    await page.getByTestId('flow-toggle').uncheck();

    // Saved with the scenario.
    const download = page.waitForEvent('download');
    await page.keyboard.press('Control+s');
    const saved = JSON.parse(readFileSync((await (await download).path())!, 'utf8'));
    expect(saved.regions).toEqual([{ name: 'bridge', from: [15, 9], to: [24, 9] }]);
    // Undo removes the rename, then the region.
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('region-row').count()).toBe(0);
    expect(app.consoleErrors).toEqual([]);
  });
});
