/**
 * Replay to video in the browser edition and on the desktop path: a benchmark map and its
 * scenario are solved, then turns 2 to 6 are recorded as a GIF and as each video format this
 * Chromium offers (Debian's encodes H.264 and VP9). Every file is decoded again — the GIF with
 * omggif in Node, the videos demuxed by mediabunny in Node and decoded by WebCodecs'
 * VideoDecoder in the page — and checked for its frame count, its size, a wall cell's colour and
 * a unit's colour where the replay file puts that unit at the first and last turn of the clip.
 */
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { GifReader } from 'omggif';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { SCREENSHOT_DIR, answerAsk, screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { FAKE_DESKTOP_API } from './support/fakeDesktopApi.ts';
import { parseReplayFile } from '../../core/replayFile/replayFile.ts';
import type { ReplayFile } from '../../core/replayFile/schema.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';

const BENCHMARKS = fileURLToPath(new URL('../../../shared/benchmarks/movingai/', import.meta.url));
const MAP = join(BENCHMARKS, 'maps/random-32-32-20.map');
const SCEN = join(BENCHMARKS, 'scen/random-32-32-20-random-1.scen');
/** Turns 2 to 6 at 2 frames a turn: 9 frames; 320 px on a 32×32 map is 10 px a cell. */
const FROM = 2;
const TO = 6;
const FRAMES = (TO - FROM) * 2 + 1;
const SIDE = 320;
/** drawStatic's wall colour. */
const WALL_COLOR = '#2b2d33';

type Rgb = [number, number, number];

let replay: ReplayFile;
let replayText = '';

const app = useApp();

function hex(colour: string): Rgb {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Within `tolerance` per channel (GIF palettes and 4:2:0 video shift colours a little). */
function near(actual: Rgb, expected: Rgb, tolerance: number): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);
}

/** The pixel at the centre of cell (x, y): the clip fits the 32 × 32 map with no margin, SIDE / 32 = 10 px a cell. */
function cellCentre(x: number, y: number): [number, number] {
  const cell = SIDE / 32;
  return [Math.floor((x + 0.5) * cell), Math.floor((y + 0.5) * cell)];
}

/**
 * A wall cell and, for the last unit (its path is drawn last, over the others'), its cells at
 * the clip's first and last turn: what the frames must show.
 */
function expectations() {
  const grid = parseMap(readFileSync(MAP, 'utf8')).grid;
  let wall: [number, number] = [-1, -1];
  for (let c = 0; c < grid.cells && wall[0] < 0; c++) if (!grid.passable[c]) wall = [c % grid.width, Math.floor(c / grid.width)];
  const u = replay.units.length - 1;
  const at = (t: number): [number, number] => [replay.positions[t][2 * u], replay.positions[t][2 * u + 1]];
  return { wall: cellCentre(...wall), first: cellCentre(...at(FROM)), last: cellCentre(...at(TO)), unitColour: hex(replay.units[u].colour ?? "#000000") };
}

async function chooseFile(page: Page, button: string, path: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(button).click();
  await (await chooser).setFiles(path);
}

/** Fills the dialog for turns FROM..TO, 4 turns a second, 2 frames a turn, SIDE px, in `format`. */
async function fillDialog(page: Page, format: string): Promise<void> {
  await page.getByTestId('video-dialog').waitFor();
  await expect.poll(() => page.locator(`[data-testid="video-format"] option[data-format="${format}"]`).count()).toBe(1);
  const value = await page.locator(`[data-testid="video-format"] option[data-format="${format}"]`).getAttribute('value');
  await page.getByTestId('video-format').selectOption(value!);
  await page.getByTestId('video-size').selectOption(String(SIDE));
  await page.getByTestId('video-from').fill(String(FROM));
  await page.getByTestId('video-to').fill(String(TO));
  await page.getByTestId('video-tps').fill('4');
  await page.getByTestId('video-fpt').fill('2');
  await expect(page.getByTestId('video-summary').textContent()).resolves.toBe(`${FRAMES} frames, ${SIDE}×${SIDE} px, 8 frames per second, 1.1 s.`);
}

/** Records in `format` and returns the downloaded file. */
async function recordDownload(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  await page.keyboard.press('Control+Shift+E');
  await fillDialog(page, format);
  const download = page.waitForEvent('download');
  await page.getByTestId('video-record').click();
  const file = await download;
  await page.getByTestId('video-dialog').waitFor({ state: 'detached' });
  const bytes = readFileSync((await file.path())!);
  // Kept beside the screenshots, to be looked at.
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}${file.suggestedFilename()}`, bytes);
  return { name: file.suggestedFilename(), bytes };
}

/** Frame count, size and frames 0 and last of a GIF, decoded by omggif. */
function decodeGif(bytes: Uint8Array) {
  const reader = new GifReader(bytes);
  const frame = (index: number) => {
    const pixels = new Uint8Array(reader.width * reader.height * 4);
    // Every frame is a full picture (gifenc writes whole frames), so each decodes on its own.
    reader.decodeAndBlitFrameRGBA(index, pixels);
    return (x: number, y: number): Rgb => {
      const o = (y * reader.width + x) * 4;
      return [pixels[o], pixels[o + 1], pixels[o + 2]];
    };
  };
  const delays = Array.from({ length: reader.numFrames() }, (_, i) => reader.frameInfo(i).delay);
  return { frames: reader.numFrames(), width: reader.width, height: reader.height, delays, first: frame(0), last: frame(reader.numFrames() - 1) };
}

/** A video demuxed by mediabunny (Node) and its first and last frames decoded by VideoDecoder (the page). */
async function decodeVideo(page: Page, bytes: Uint8Array, points: [number, number][]) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const config = (await track.getDecoderConfig())!;
  const packets: { data: string; type: string; timestamp: number; duration: number }[] = [];
  for await (const packet of new EncodedPacketSink(track).packets()) {
    packets.push({ data: Buffer.from(packet.data).toString('base64'), type: packet.type, timestamp: packet.timestamp, duration: packet.duration });
  }
  const description = config.description ? Buffer.from(config.description as ArrayBuffer).toString('base64') : null;
  const decoded = await page.evaluate(
    async ({ codec, description, packets, points }) => {
      const unpack = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const frames: VideoFrame[] = [];
      const decoder = new VideoDecoder({ output: (frame) => frames.push(frame), error: (e) => { throw e; } });
      decoder.configure({ codec, ...(description ? { description: unpack(description) } : {}) });
      for (const p of packets) decoder.decode(new EncodedVideoChunk({ type: p.type as EncodedVideoChunkType, timestamp: Math.round(p.timestamp * 1e6), duration: Math.round(p.duration * 1e6), data: unpack(p.data) }));
      await decoder.flush();
      const read = (frame: VideoFrame) => {
        const canvas = new OffscreenCanvas(frame.displayWidth, frame.displayHeight);
        const context = canvas.getContext('2d')!;
        context.drawImage(frame, 0, 0);
        return points.map(([x, y]) => Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3)));
      };
      const result = { count: frames.length, width: frames[0].displayWidth, height: frames[0].displayHeight, first: read(frames[0]), last: read(frames[frames.length - 1]), timestamps: frames.map((f) => f.timestamp) };
      frames.forEach((f) => f.close());
      return result;
    },
    { codec: config.codec, description, packets, points },
  );
  return { ...decoded, packets: packets.length, trackWidth: track.displayWidth, trackHeight: track.displayHeight, duration: await input.computeDuration() };
}

describe('browser edition: replay to video', () => {
  it('solves 10 benchmark units on random-32-32-20 and keeps the replay file to check frames against', async () => {
    await chooseFile(app.page, 'open-map', MAP);
    await chooseFile(app.page, 'add-units', SCEN);
    await answerAsk(app.page);
    await app.page.getByTestId('solve').click();
    await app.page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    const download = app.page.waitForEvent('download');
    await app.page.getByTestId('export-menu').selectOption('replay');
    replayText = readFileSync((await (await download).path())!, 'utf8');
    replay = parseReplayFile(replayText, 'replay.json');
    expect(replay.turns).toBeGreaterThanOrEqual(TO);
    // The last unit moves between the clip's first and last turn, so the two frames tell turns apart.
    expect(replay.positions[FROM].slice(-2)).not.toEqual(replay.positions[TO].slice(-2));
    // Trails off and paths only for the selected units (none is): a unit's colour at a cell centre is then its disc.
    await app.page.keyboard.press('t');
    await app.page.getByTestId('paths-selected-toggle').check();
  });

  it('opens the dialog from the Export menu and with Ctrl+Shift+E, offers GIF, MP4 and WebM, and Esc closes it', async () => {
    const { page } = app;
    await page.getByTestId('export-menu').selectOption('video');
    await page.getByTestId('video-dialog').waitFor();
    await expect.poll(() => page.locator('[data-testid="video-format"] option').evaluateAll((o) => o.map((e) => e.getAttribute('data-format')))).toEqual(['gif', 'mp4', 'webm']);
    await expect(page.getByTestId('video-overlays').textContent()).resolves.toMatch(/^Shows what the replay shows now: units, goals, unit numbers/);
    await screenshot(page, 'video-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('video-dialog').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+E');
    await page.getByTestId('video-dialog').waitFor();
    // A range past the plan's end is refused with the reason, and Record is off.
    await page.getByTestId('video-to').fill(String(replay.turns + 5));
    await expect(page.getByTestId('video-summary').textContent()).resolves.toMatch(new RegExp(`between 0 and ${replay.turns}`));
    await expect(page.getByTestId('video-record').isDisabled()).resolves.toBe(true);
    await page.getByTestId('video-cancel').click();
    await page.getByTestId('video-dialog').waitFor({ state: 'detached' });
  });

  it('records a GIF whose frames, size, timing and pixels are the replay', async () => {
    const { name, bytes } = await recordDownload(app.page, 'gif');
    expect(name).toBe(`random-32-32-20-turns-${FROM}-${TO}.gif`);
    const gif = decodeGif(bytes);
    expect([gif.frames, gif.width, gif.height]).toEqual([FRAMES, SIDE, SIDE]);
    // 8 frames a second: 12.5 hundredths, written 13, 12, 13, 12 … (the clip keeps its 1.125 s).
    expect(gif.delays.reduce((a, b) => a + b, 0)).toBe(Math.round((FRAMES * 100) / 8));
    expect(new Set(gif.delays)).toEqual(new Set([12, 13]));
    const e = expectations();
    expect(near(gif.first(...e.wall), hex(WALL_COLOR), 8), `wall ${gif.first(...e.wall)}`).toBe(true);
    expect(near(gif.first(...e.first), e.unitColour, 8), `the unit at turn ${FROM}: ${gif.first(...e.first)}`).toBe(true);
    expect(near(gif.last(...e.last), e.unitColour, 8), `the unit at turn ${TO}: ${gif.last(...e.last)}`).toBe(true);
    // The frames follow the turns: at turn 2 its turn-6 cell is floor, at turn 6 its turn-2 cell is.
    expect(near(gif.first(...e.last), e.unitColour, 8), `its turn-${TO} cell at turn ${FROM}: ${gif.first(...e.last)}`).toBe(false);
    expect(near(gif.last(...e.first), e.unitColour, 8), `its turn-${FROM} cell at turn ${TO}: ${gif.last(...e.first)}`).toBe(false);
    await expect(app.page.getByTestId('notice').textContent()).resolves.toMatch(new RegExp(`Saved ${name} \\(GIF, ${FRAMES} frames, ${SIDE}×${SIDE}`));
  });

  for (const format of ['mp4', 'webm']) {
    it(`records ${format === 'mp4' ? 'an MP4 (H.264)' : 'a WebM (VP9)'} whose frames, size and pixels are the replay`, async () => {
      const { name, bytes } = await recordDownload(app.page, format);
      expect(name).toBe(`random-32-32-20-turns-${FROM}-${TO}.${format}`);
      const e = expectations();
      const video = await decodeVideo(app.page, bytes, [e.wall, e.first, e.last]);
      expect([video.packets, video.count, video.width, video.height, video.trackWidth, video.trackHeight]).toEqual([FRAMES, FRAMES, SIDE, SIDE, SIDE, SIDE]);
      expect(video.duration).toBeCloseTo(FRAMES / 8, 2);
      const [wall, first] = video.first as Rgb[];
      const last = video.last[2] as Rgb;
      // 4:2:0 video codes colour per 2×2 block at a lossy rate: a wider tolerance than the GIF's.
      expect(near(wall, hex(WALL_COLOR), 24), `wall ${wall}`).toBe(true);
      expect(near(first, e.unitColour, 40), `the unit at turn ${FROM}: ${first}`).toBe(true);
      expect(near(last, e.unitColour, 40), `the unit at turn ${TO}: ${last}`).toBe(true);
      // At turn 2 the unit's turn-6 cell is floor (the clip leaves paths out, as the replay does now).
      const ahead = video.first[2] as Rgb;
      expect(near(ahead, e.unitColour, 40), `its turn-${TO} cell at turn ${FROM}: ${ahead}`).toBe(false);
    });
  }

  it('cancels a recording: the progress bar stops, nothing is downloaded, the dialog stays for another try', async () => {
    const { page } = app;
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.keyboard.press('Control+Shift+E');
    await page.getByTestId('video-dialog').waitFor();
    // The whole plan, 10 frames a turn at the largest size: long enough to catch it running.
    await page.getByTestId('video-size').selectOption('1920');
    await page.getByTestId('video-tps').fill('4');
    await page.getByTestId('video-fpt').fill('10');
    await page.getByTestId('video-record').click();
    await page.getByTestId('video-progress').waitFor();
    await screenshot(page, 'video-dialog-recording');
    await page.keyboard.press('Escape');
    await page.getByTestId('video-progress').waitFor({ state: 'detached' });
    await expect(page.getByTestId('notice').textContent()).resolves.toMatch(/Recording cancelled: nothing was saved/);
    await expect(page.getByTestId('video-dialog').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('video-dialog').waitFor({ state: 'detached' });
    expect(downloads).toBe(0);
    expect(app.consoleErrors).toEqual([]);
  });
});

describe('desktop path (preload API stand-in): replay to video', () => {
  it('opens from the native menu and saves the clip through saveBinaryFile, not a download', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(FAKE_DESKTOP_API);
    // Main reads the map beside the replay file, as the desktop app does for random-32-32-20.map.
    await page.addInitScript((text) => {
      (window as unknown as { mapfLab: { readMapBesideScenario(p: string): Promise<unknown> } }).mapfLab.readMapBesideScenario = async (path) => ({ name: path, text });
    }, readFileSync(MAP, 'utf8'));
    await page.goto(inject('baseUrl'));
    await page.getByTestId('status').waitFor();
    await expect(page.getByTestId('edition').textContent()).resolves.toBe('Desktop');
    // The fake main has no solver process: the plan comes from the replay file, as Open Recent would bring it.
    await page.evaluate((text) => (window as unknown as { __desktop: { openFile(f: { name: string; text: string }): void } }).__desktop.openFile({ name: 'random-32-32-20-replay.json', text }), replayText);
    await expect.poll(() => page.getByTestId('export-menu').locator('option[value="video"]').isDisabled()).toBe(false);
    // Paths shown (the default), trails off: the clip must show the paths.
    await page.keyboard.press('t');
    // File > Export > Replay as Video… in the native menu.
    await page.evaluate(() => (window as unknown as { __desktop: { menu(c: string): void } }).__desktop.menu('export-video'));
    await fillDialog(page, 'gif');
    await page.getByTestId('video-record').click();
    await page.getByTestId('video-dialog').waitFor({ state: 'detached' });
    const saved = await page.evaluate(() => {
      const desktop = (window as unknown as { __desktop: { calls: unknown[][]; savedBytes: Uint8Array } }).__desktop;
      return { call: desktop.calls.find((c) => c[0] === 'saveBinary'), bytes: Array.from(desktop.savedBytes) };
    });
    expect(saved.call).toEqual(['saveBinary', `random-32-32-20-turns-${FROM}-${TO}.gif`, saved.bytes.length, ['gif']]);
    const gif = decodeGif(Uint8Array.from(saved.bytes));
    expect([gif.frames, gif.width, gif.height]).toEqual([FRAMES, SIDE, SIDE]);
    const e = expectations();
    expect(near(gif.first(...e.wall), hex(WALL_COLOR), 8)).toBe(true);
    expect(near(gif.last(...e.last), e.unitColour, 8)).toBe(true);
    // Paths are on in this replay, so they are in the clip: at turn 2 the cell the unit reaches at turn 6 is on its path.
    expect(near(gif.first(...e.last), e.unitColour, 8), `its path at turn ${FROM}: ${gif.first(...e.last)}`).toBe(true);
    await page.close();
  });
});
