// The analysis page (../../../shared/board.md) in headless Chromium, driven through its element
// ids: moves typed and clicked in the three games give the texts `tabula resolve` gives and
// positions in `tabula moves`; refused moves show the program's message and leave the
// position; the record copied out checks ok with `tabula check`. Screenshots of each board in
// the middle of a line and the timings are left in `artefacts/`.
//
// TABULA_BIN: the program (default: the release build of the workspace's target folder).
// CHROMIUM: the browser (default /usr/bin/chromium).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const target = process.env.CARGO_TARGET_DIR || join(root, 'target');
const tabula = process.env.TABULA_BIN || join(target, 'release', 'tabula');
const artefacts = join(here, 'artefacts');
mkdirSync(artefacts, { recursive: true });
const timings = {};

function run(args, input) {
  const r = spawnSync(tabula, args, { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}

function resolveMove(req) {
  const r = run(['resolve', '--jsonl'], JSON.stringify(req) + '\n');
  return JSON.parse(r.stdout.trim().split('\n')[0]);
}

function moves(game, position, dice) {
  const args = ['moves', '--game', game, '--position', position];
  if (dice) args.push('--dice', dice);
  return run(args).stdout.split('\n').filter((l) => l.length > 0);
}

function check(record, name) {
  const file = join(artefacts, name);
  writeFileSync(file, record);
  const r = run(['check', '--jsonl', file]);
  return r.stdout.trim().split('\n').map((l) => JSON.parse(l));
}

function writePage(name, args) {
  const page = execFileSync(tabula, args, { maxBuffer: 64 * 1024 * 1024 });
  const file = join(artefacts, name);
  writeFileSync(file, page);
  return { url: 'file://' + file, bytes: page.length };
}

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run'],
  });
});
after(async () => {
  if (browser) await browser.close();
  writeFileSync(join(artefacts, 'timings.json'), JSON.stringify(timings, null, 2) + '\n');
  console.log('timings (ms from a request to the page drawn, legal moves included):', JSON.stringify(timings));
});

async function open(url) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push('network: ' + r.url()); });
  await page.goto(url);
  await page.waitForSelector('body[data-board="ready"]', { timeout: 20000 });
  page.problems = problems;
  return page;
}

const text = (page, id) => page.$eval('#' + id, (e) => (e.value !== undefined && e.tagName !== 'LI' ? e.value : e.textContent));
const legal = (page) => page.$$eval('#legal li', (l) => l.map((e) => e.textContent));

async function type(page, move, game) {
  await page.fill('#move', move);
  await page.press('#move', 'Enter');
  const ms = await page.evaluate(() => window.tabulaBoard.lastMs);
  (timings[game] = timings[game] || []).push(Math.round(ms * 100) / 100);
  return ms;
}

async function clickSquare(page, name) {
  await page.click(`#aboard [data-square="${name}"]`);
}

function assertFast(game) {
  const t = (timings[game] || []).slice().sort((a, b) => a - b);
  const median = t[Math.floor(t.length / 2)];
  assert.ok(median < 50, `${game}: median ${median} ms from a move to its legal moves drawn (target 50)`);
}

// The first two set-ups of the Arimaa tests, then a middle game position made from them.
const GOLD_SETUP = '1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2';
const SILVER_SETUP = '1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7';

test('arimaa: set-ups and turns typed in the three views, steps by click, pushes and pulls, the record', async () => {
  const { url, bytes } = writePage('arimaa.html', ['board', '--game', 'arimaa']);
  timings.arimaa_page_bytes = bytes;
  const page = await open(url);
  await type(page, GOLD_SETUP, 'arimaa');
  assert.equal(await text(page, 'error'), '');
  await type(page, SILVER_SETUP, 'arimaa');
  assert.equal(await text(page, 'error'), '');
  const start = await text(page, 'position');
  assert.match(start, /^g \[/);
  // Legal single steps: each one a step of a legal turn of `tabula moves`.
  const steps = await legal(page);
  const turns = moves('arimaa', start);
  assert.ok(steps.length > 0);
  for (const s of steps) assert.ok(turns.some((t) => t.split(' ')[0] === s), `step ${s} starts no legal turn`);

  // Short notation in each view, as `tabula resolve` reads it.
  const inputs = { g: ['e^^', 'Ee2n Ee3n', 'e^^>'], s: ['e^^', 'dvdv'], n: ['e^^', 'Ee2n'] };
  for (const [view, list] of Object.entries(inputs)) {
    await page.selectOption('#view', view);
    for (const move of list) {
      const before = await text(page, 'position');
      const want = resolveMove({ game: 'arimaa', position: before, view, move });
      await type(page, move, 'arimaa');
      if (want.resolved) {
        // Long notation typed is read as long notation where it is not short notation.
        assert.equal(await text(page, 'played'), want.resolved, `${view} ${move}`);
        assert.equal(await text(page, 'error'), '');
        const short = await text(page, 'short');
        const again = resolveMove({ game: 'arimaa', position: before, view, move: short });
        assert.equal(again.resolved, want.resolved, `the short text ${short} names the turn`);
        await page.click('#undo');
        assert.equal(await text(page, 'position'), before);
      } else if (await text(page, 'played') !== '' && (await text(page, 'position')) !== before) {
        // Not short notation, but long notation, which the page reads too (as `tabula check`).
        assert.match(move, /^[A-Z][a-h][1-8][nsew]/, `${view} ${move}: played ${await text(page, 'played')}`);
        await page.click('#undo');
        assert.equal(await text(page, 'position'), before);
      } else {
        assert.ok((await text(page, 'error')).includes(want.error.message), `${view} ${move}: ${await text(page, 'error')} / ${want.error.message}`);
        assert.equal(await text(page, 'position'), before, 'a refused move leaves the position');
      }
    }
  }
  await page.selectOption('#view', 'g');

  // The same turn by click: e2 to e3, e3 to e4, then the end of the turn.
  for (const sq of ['e2', 'e3', 'e3', 'e4']) await clickSquare(page, sq);
  assert.equal(await text(page, 'pending'), 'Ee2n Ee3n');
  await page.click('#finish');
  assert.equal(await text(page, 'played'), 'Ee2n Ee3n');
  assert.equal(await text(page, 'short'), 'e^^');
  // An illegal text: the program's message, the position kept.
  const mid = await text(page, 'position');
  await type(page, 'Ee4n', 'arimaa');
  const wrong = resolveMove({ game: 'arimaa', position: mid, view: 'g', move: 'E^' });
  assert.ok((await text(page, 'error')).length > 0);
  assert.equal(await text(page, 'position'), mid);
  if (wrong.error) {
    await type(page, 'E^', 'arimaa');
    assert.ok((await text(page, 'error')).includes(wrong.error.message));
  }
  // Silver answers by text, Gold by the list of legal steps (a click on each).
  await type(page, 'ed7s ed6s', 'arimaa');
  assert.equal(await text(page, 'error'), '');
  for (const s of ['Ee4n', 'Ee5e']) {
    await page.click(`#legal li[data-move="${s}"]`);
  }
  await page.click('#finish');
  assert.equal(await text(page, 'played'), 'Ee4n Ee5e');
  await page.screenshot({ path: join(artefacts, 'arimaa.png'), fullPage: true });

  const record = await text(page, 'record');
  const [report] = check(record, 'arimaa-line.txt');
  assert.equal(report.verdict, 'ok', record + JSON.stringify(report));
  assert.equal(report.final_position, (await text(page, 'position')).slice(3, 67).replace(/ /g, '.'));
  assert.deepEqual(page.problems, []);
  assertFast('arimaa');
});

test('arimaa: a push and a pull by click, an ambiguous text with its readings, a record from a position', async () => {
  // Gold: elephant d4, rabbit a1; Silver: rabbit d5, dog h7, rabbit h8.
  const rows = ['.......r', '.......d', '........', '...r....', '...E....', '........', '........', 'R.......'];
  const position = 'g [' + rows.join('').replace(/\./g, ' ') + ']';
  const { url } = writePage('arimaa-position.html', ['board', '--game', 'arimaa', '--position', position, '--view', 'g']);
  const page = await open(url);
  assert.equal(await text(page, 'position'), position.replace(/ (?=[^[]*\])/g, '.'));
  const checked = async (name) => {
    const [report] = check(await text(page, 'record'), name);
    assert.equal(report.verdict, 'ok', JSON.stringify(report));
  };
  // The push: the rabbit d5 north, the elephant after it.
  for (const sq of ['d5', 'd6', 'd4', 'd5']) await clickSquare(page, sq);
  await page.click('#finish');
  const push = await text(page, 'played');
  assert.equal(push, 'rd5n Ed4n');
  await checked('arimaa-push.txt');
  await page.click('#undo');
  // The pull: the elephant south, the rabbit after it.
  for (const sq of ['d4', 'd3', 'd5', 'd4']) await clickSquare(page, sq);
  await page.click('#finish');
  const pull = await text(page, 'played');
  assert.equal(pull, 'Ed4s rd5s');
  await checked('arimaa-pull.txt');
  // An ambiguous text lists its readings, and a reading can be chosen.
  await page.click('#undo');
  for (const move of ['E>', 'E<', 'R^', 'E']) {
    const want = resolveMove({ game: 'arimaa', position, view: 'g', move });
    if (!(want.error && want.error.kind === 'ambiguous')) continue;
    await type(page, move, 'arimaa');
    const readings = await page.$$eval('#error li', (l) => l.map((e) => e.textContent));
    assert.deepEqual(readings, want.error.candidates);
    await page.click('#error li >> nth=0');
    assert.equal(await text(page, 'played'), want.error.candidates[0]);
    await page.click('#undo');
    break;
  }
  await type(page, 'E^', 'arimaa');
  await type(page, 'dh7s', 'arimaa');
  const record = await text(page, 'record');
  assert.match(record, /^g 0[gs] /);
  const [report] = check(record, 'arimaa-position-line.txt');
  assert.equal(report.verdict, 'ok', record + JSON.stringify(report));
  assert.deepEqual(page.problems, []);
});

test('backgammon: plays typed and clicked, the roll entered and clicked, refusals, the .mat record', async () => {
  const { url, bytes } = writePage('backgammon.html', ['board', '--game', 'backgammon']);
  timings.backgammon_page_bytes = bytes;
  const page = await open(url);
  const start = await text(page, 'position');
  assert.equal(start, '4HPwATDgc/ABMA');
  await page.fill('#dice', '31');
  await page.press('#dice', 'Enter');
  assert.equal((await legal(page)).length, Number(run(['moves', '--game', 'backgammon', '--position', start, '--dice', '31', '--count']).stdout.trim()));
  assert.deepEqual(await legal(page), moves('backgammon', start, '31'));
  // Refused: the program's message, the position kept.
  const wrong = resolveMove({ game: 'backgammon', position: start, dice: '31', move: '24/18' });
  await type(page, '24/18', 'backgammon');
  assert.ok((await text(page, 'error')).includes(wrong.error.message));
  assert.equal(await text(page, 'position'), start);
  // Typed in another spelling.
  const want = resolveMove({ game: 'backgammon', position: start, dice: '31', move: '6/5, 8/5' });
  await type(page, '6/5, 8/5', 'backgammon');
  assert.equal(await text(page, 'played'), want.resolved);
  const second = await text(page, 'position');
  await page.click('#undo');
  assert.equal(await text(page, 'position'), start);
  // The same play by click: the checker on 8 by the die 3, the checker on 6 to the 5 point.
  await page.fill('#dice', '31');
  await page.press('#dice', 'Enter');
  await page.click('#aboard [data-point="8"]');
  await page.click('#dice-buttons [data-die="3"]');
  await page.click('#aboard [data-point="6"]');
  await page.click('#aboard [data-point="5"]');
  assert.equal(await text(page, 'played'), want.resolved);
  assert.equal(await text(page, 'position'), second);
  // O answers 42 by text; X 65 by a click on a legal play.
  await page.fill('#dice', '42');
  await page.press('#dice', 'Enter');
  const o = resolveMove({ game: 'backgammon', position: second, dice: '42', move: '8/4 6/4' });
  await type(page, '8/4 6/4', 'backgammon');
  assert.equal(await text(page, 'played'), o.resolved);
  await page.fill('#dice', '65');
  await page.press('#dice', 'Enter');
  const third = await text(page, 'position');
  const options = moves('backgammon', third, '65');
  assert.deepEqual(await legal(page), options);
  await page.click('#legal li >> nth=0');
  assert.equal(await text(page, 'played'), options[0]);
  await page.fill('#dice', '33');
  await page.press('#dice', 'Enter');
  await page.screenshot({ path: join(artefacts, 'backgammon.png'), fullPage: true });
  const record = await text(page, 'record');
  const reports = check(record, 'backgammon-line.mat');
  assert.equal(reports.length, 1, record);
  assert.equal(reports[0].verdict, 'ok', record + JSON.stringify(reports[0]));
  assert.equal(reports[0].turns, 3);
  assert.deepEqual(page.problems, []);
  assertFast('backgammon');
});

test('stones and rivers: turns typed, moves and flips clicked, refusals, the record with tags', async () => {
  const { url, bytes } = writePage('stones-and-rivers.html', ['board', '--game', 'stones-and-rivers']);
  timings.stones_page_bytes = bytes;
  const page = await open(url);
  const start = await text(page, 'position');
  assert.deepEqual((await legal(page)).slice().sort(), moves('stones-and-rivers', start).slice().sort());
  const want = resolveMove({ game: 'stones-and-rivers', position: start, move: ' sq - d5 , fn ' });
  await type(page, ' sq - d5 , fn ', 'stones');
  assert.equal(await text(page, 'played'), want.resolved);
  const second = await text(page, 'position');
  assert.deepEqual((await legal(page)).slice().sort(), moves('stones-and-rivers', second).slice().sort());
  // Refused: the program's message, the position kept.
  for (const move of ['Sq - D5, FN', 'Cr - D05, FN']) {
    const no = resolveMove({ game: 'stones-and-rivers', position: second, move });
    await type(page, move, 'stones');
    assert.ok((await text(page, 'error')).includes(no.error.message), `${move}: ${await text(page, 'error')}`);
    assert.equal(await text(page, 'position'), second);
  }
  // Circle: a move by clicking its two intersections.
  const options = moves('stones-and-rivers', second);
  const move = options.find((m) => / M, /.test(m) && options.filter((o) => o.startsWith(m.split(', M')[0] + ', M')).length > 0);
  const [from, to] = move.match(/[A-M]\d+/g);
  await clickSquare(page, from);
  await clickSquare(page, to);
  let played = await text(page, 'played');
  if (played !== move) {
    // More than one turn goes from there to there (a ride or a push): the list holds them.
    await page.click(`#legal li[data-move="${move}"]`);
    played = await text(page, 'played');
  }
  assert.equal(played, move);
  // Square: a flip by clicking the piece and its flip in the list.
  const third = await text(page, 'position');
  const flip = moves('stones-and-rivers', third).find((m) => / FE$/.test(m));
  await clickSquare(page, flip.match(/[A-M]\d+/)[0]);
  await page.click(`#legal li[data-move="${flip}"]`);
  assert.equal(await text(page, 'played'), flip);
  await type(page, (moves('stones-and-rivers', await text(page, 'position')).find((m) => / FN$/.test(m))), 'stones');
  await page.screenshot({ path: join(artefacts, 'stones-and-rivers.png'), fullPage: true });
  const record = await text(page, 'record');
  const [report] = check(record, 'stones-line.txt');
  assert.equal(report.verdict, 'ok', record + JSON.stringify(report));
  assert.equal(report.turns, 4);
  assert.equal(report.final_position, await text(page, 'position'));
  assert.deepEqual(page.problems, []);
  assertFast('stones');
});

test('replay pages are analysis boards opened at the position shown, and pass their self-test', async () => {
  const cases = [
    ['stones-and-rivers', 'testdata/snr/games.txt', 'cr-win-1'],
    ['arimaa', 'testdata/arimaa/random_games.tsv', '900005'],
    ['backgammon', 'testdata/backgammon/matches/galaxy_5pt.mat', '2'],
  ];
  for (const [kind, file, game] of cases) {
    const { url, bytes } = writePage(`replay-${kind}.html`, ['replay', join(root, file), '--game', game, '--format', 'html', '--turn', '4']);
    timings[`replay_${kind}_page_bytes`] = bytes;
    const page = await open(url);
    const shown = await page.$eval('#board .frame:not([hidden])', (f) => f.getAttribute('data-position'));
    if (shown !== null && shown !== '') assert.equal(await text(page, 'position'), shown, kind);
    // One of the legal moves listed is played, and the next frame of the record opens the board there.
    const first = await page.$eval('#legal li', (l) => l.getAttribute('data-move')).catch(() => null);
    if (first && kind !== 'backgammon') {
      await page.click('#legal li >> nth=0');
      assert.equal(await text(page, 'error'), '');
    }
    await page.click('#next');
    const next = await page.$eval('#board .frame:not([hidden])', (f) => f.getAttribute('data-position'));
    if (next !== null && next !== '') assert.equal(await text(page, 'position'), next, kind);
    assert.deepEqual(page.problems, []);
    await page.close();
    const selftest = await open(url + '#selftest');
    assert.match(await text(selftest, 'selftest'), /^selftest: pass/);
    assert.deepEqual(selftest.problems, []);
    await selftest.close();
  }
});
