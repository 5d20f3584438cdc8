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
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { artefacts, check, launch, openPage, root, run, text, writePage } from './common.mjs';

const timings = {};

function resolveMove(req) {
  const r = run(['resolve', '--jsonl'], JSON.stringify(req) + '\n');
  return JSON.parse(r.stdout.trim().split('\n')[0]);
}

function moves(game, position, dice) {
  const args = ['moves', '--game', game, '--position', position];
  if (dice) args.push('--dice', dice);
  return run(args).stdout.split('\n').filter((l) => l.length > 0);
}

let browser;
before(async () => { browser = await launch(); });
after(async () => {
  if (browser) await browser.close();
  writeFileSync(join(artefacts, 'timings.json'), JSON.stringify(timings, null, 2) + '\n');
  console.log('timings (ms from a request to the page drawn, legal moves included):', JSON.stringify(timings));
});

const open = (url) => openPage(browser, url);

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
  assert.ok(bytes < 2_000_000, `a board page of ${bytes} bytes`);
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

test('arimaa: Gold and Silver set up by click, a piece chosen then squares clicked; the record checks ok', async () => {
  const page = await open(writePage('arimaa-setup.html', ['board', '--game', 'arimaa']).url);
  const choose = (piece) => page.click(`#setup-pieces [data-piece="${piece}"]`);
  const left = (piece) => page.$eval(`#setup-pieces [data-piece="${piece}"]`, (b) => b.textContent);
  // Gold: the pieces of GOLD_SETUP but the rabbits, which fill the squares left at the end of the set-up.
  await choose('E');
  await clickSquare(page, 'e2');
  assert.equal(await left('E'), 'E 0');
  assert.equal(await page.$eval('#setup-pieces .chosen', (b) => b.getAttribute('data-piece')), 'M', 'the next piece left is chosen');
  await clickSquare(page, 'e3');
  assert.match(await text(page, 'error'), /not on the set-up rows of gold/i);
  await clickSquare(page, 'd2');
  for (const [piece, squares] of [['H', ['a2', 'h2']], ['D', ['b2', 'g2']], ['C', ['c2', 'f2']]]) {
    await choose(piece);
    for (const sq of squares) await clickSquare(page, sq);
  }
  // A piece clicked again is taken off, and put back.
  await choose('C');
  await clickSquare(page, 'f2');
  assert.equal(await left('C'), 'C 1');
  await clickSquare(page, 'f2');
  assert.equal(await page.$$eval('#aboard [data-square="f2"]', (l) => l.length), 1);
  assert.equal(await text(page, 'pending'), 'Ee2 Md2 Ha2 Hh2 Db2 Dg2 Cc2 Cf2');
  await page.screenshot({ path: join(artefacts, 'arimaa-setup.png'), fullPage: true });
  await page.click('#finish');
  assert.equal(await text(page, 'error'), '');
  const byClick = await text(page, 'position');
  await page.click('#undo');
  await type(page, GOLD_SETUP, 'arimaa');
  assert.equal(await text(page, 'position'), byClick, 'the set-up clicked is the set-up typed');
  assert.match(await text(page, 'played'), /^(?=.*Ee2)(?=.*Ra1)(?=.*Rh1)/);
  // Silver: every piece clicked, rabbits included; an incomplete set-up is refused.
  await choose('r');
  for (const f of 'abcdefg') await clickSquare(page, f + '8');
  await page.click('#finish');
  assert.match(await text(page, 'error'), /not complete/);
  await clickSquare(page, 'h8');
  const silver = [['h', 'a7'], ['d', 'b7'], ['c', 'c7'], ['e', 'd7'], ['m', 'e7'], ['c', 'f7'], ['d', 'g7'], ['h', 'h7']];
  for (const [piece, sq] of silver) {
    await choose(piece);
    await clickSquare(page, sq);
  }
  await page.click('#finish');
  assert.equal(await text(page, 'error'), '');
  assert.equal(await page.$$eval('#setup-pieces button', (l) => l.length), 0, 'no set-up left to place');
  const record = await text(page, 'record');
  assert.match(record, /^1g .*\n1s .*\n$/);
  const [report] = check(record, 'arimaa-setup-line.txt');
  assert.equal(report.verdict, 'ok', record + JSON.stringify(report));
  // The same position as the two set-ups typed.
  const typed = await open(writePage('arimaa-setup-typed.html', ['board', '--game', 'arimaa']).url);
  await type(typed, GOLD_SETUP, 'arimaa');
  await type(typed, SILVER_SETUP, 'arimaa');
  assert.equal(await text(typed, 'position'), await text(page, 'position'));
  await typed.close();
  assert.deepEqual(page.problems, []);
  await page.close();
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

// gnubg's Match ID (notation/src/backgammon/match_id.rs): the fields, lowest bit first, 9 bytes
// in base64. `onRoll` and `owner` are 0 (X) or 1 (O); `owner` null is the middle.
function matchId({ cube = 1, owner = null, onRoll = 0, dice = null, length = 0, score = [0, 0] }) {
  let key = 0n;
  let at = 0n;
  const put = (width, value) => { key |= BigInt(value) << at; at += BigInt(width); };
  put(4, Math.log2(cube)); put(2, owner === null ? 3 : owner); put(1, onRoll); put(1, 0); put(3, 1);
  put(1, onRoll); put(1, 0); put(2, 0); put(3, dice ? dice[0] : 0); put(3, dice ? dice[1] : 0);
  put(15, length); put(15, score[0]); put(15, score[1]); put(1, 1);
  const bytes = Buffer.alloc(9);
  for (let i = 0; i < 9; i++) bytes[i] = Number((key >> BigInt(8 * i)) & 0xffn);
  return bytes.toString('base64');
}

// The label drawn at each clickable point of the backgammon board, by its `data-point`.
async function pointLabels(page) {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('#aboard text.point-number')].map((t) => ({ text: t.textContent, box: t.getBBox() }));
    const out = {};
    for (const r of document.querySelectorAll('#aboard rect.place[data-point]')) {
      const p = r.getAttribute('data-point');
      if (p === '0' || p === '25') continue;
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));
      // The label of a point is in its column, just outside the board, above the top row or below the bottom one.
      const label = labels.find((l) => l.box.x + l.box.width / 2 > x && l.box.x + l.box.width / 2 < x + w
        && (l.box.y < y ? y - (l.box.y + l.box.height) < 30 : l.box.y - (y + h) < 30));
      out[p] = label ? label.text : null;
    }
    return out;
  });
}

// Clicks the point whose drawn label is `label`, where a person would: on the point itself.
async function clickLabelled(page, label) {
  const labels = await pointLabels(page);
  const point = Object.keys(labels).find((p) => labels[p] === label);
  assert.ok(point, `no point is labelled ${label}`);
  await page.click(`#aboard [data-point="${point}"]`);
}

const drawnDice = (page) => page.$$eval('#aboard rect.die', (l) => l.map((d) => d.getAttribute('data-pips')));

test('backgammon: the second player clicks his play on the points as labelled; the dice drawn are the roll entered', async () => {
  const { url } = writePage('backgammon-second.html', ['board', '--game', 'backgammon']);
  const page = await open(url);
  const everyLabelIsItsPoint = async (who) => {
    const labels = await pointLabels(page);
    assert.equal(Object.keys(labels).length, 24);
    for (const [point, label] of Object.entries(labels)) assert.equal(label, point, `${who} on roll: the point labelled ${label} is data-point ${point}`);
  };
  await everyLabelIsItsPoint('X');
  assert.deepEqual(await drawnDice(page), [], 'no roll entered, no dice drawn');
  await page.fill('#dice', '31');
  await page.press('#dice', 'Enter');
  assert.deepEqual(await drawnDice(page), ['3', '1']);
  await page.fill('#dice', '6');
  assert.deepEqual(await drawnDice(page), [], 'half a roll typed: none drawn');
  assert.deepEqual(await legal(page), []);
  await page.fill('#dice', '31');
  await clickLabelled(page, '8');
  await page.click('#dice-buttons [data-die="3"]');
  await clickLabelled(page, '6');
  await clickLabelled(page, '5');
  assert.equal(await text(page, 'played'), '8/5 6/5');
  assert.deepEqual(await drawnDice(page), [], 'a play uses its roll up');
  assert.equal(await text(page, 'dice'), '');
  // O, second to move: the labels are his numbers now, and his play is clicked on them.
  await everyLabelIsItsPoint('O');
  const before = await text(page, 'position');
  await page.fill('#dice', '64');
  await page.press('#dice', 'Enter');
  assert.deepEqual(await drawnDice(page), ['6', '4']);
  const fill = await page.$eval('#aboard rect.die', (d) => d.getAttribute('fill'));
  assert.equal(fill, '#7d1d1d', 'the dice are drawn in the colour of O, on roll');
  await clickLabelled(page, '24');
  await page.click('#dice-buttons [data-die="6"]');
  await clickLabelled(page, '13');
  await clickLabelled(page, '9');
  const want = resolveMove({ game: 'backgammon', position: before, dice: '64', move: '24/18 13/9' });
  assert.equal(await text(page, 'error'), '');
  assert.equal(await text(page, 'played'), want.resolved);
  await everyLabelIsItsPoint('X');
  // Undo gives the roll back: the dice drawn are those of the field again.
  await page.click('#undo');
  assert.equal(await text(page, 'position'), before);
  assert.equal(await text(page, 'dice'), '64');
  assert.deepEqual(await drawnDice(page), ['6', '4']);
  await page.fill('#dice', '33');
  await page.press('#dice', 'Enter');
  assert.deepEqual(await drawnDice(page), ['3', '3']);
  await page.screenshot({ path: join(artefacts, 'backgammon-second.png'), fullPage: true });
  assert.deepEqual(page.problems, []);
});

test('backgammon: cube and match score from a gnubg ID; the line from there is an .sgf record tabula check reads', async () => {
  // After X's 31 (8/5 6/5), O on roll with 52, in a 5 point match at X 2 - O 1, cube 2 owned by X.
  const position = 'sGfwATDgc/ABMA';
  const id = position + ':' + matchId({ cube: 2, owner: 0, onRoll: 1, dice: [5, 2], length: 5, score: [2, 1] });
  assert.ok(resolveMove({ game: 'backgammon', position: id, move: '13/8 13/11' }).resolved, id);
  const { url } = writePage('backgammon-match.html', ['board', '--game', 'backgammon', '--position', id]);
  const page = await open(url);
  assert.equal(await text(page, 'position'), position);
  assert.equal(await text(page, 'cube'), '2, owned by X');
  assert.equal(await text(page, 'score'), 'X 2 - O 1 in a 5 point match');
  assert.equal(await text(page, 'dice'), '52', 'the roll the gnubg ID carries');
  assert.deepEqual(await drawnDice(page), ['5', '2']);
  const cube = await page.$eval('#aboard text.cube-value', (t) => ({ value: t.textContent, y: Number(t.getAttribute('y')) }));
  assert.equal(cube.value, '2');
  assert.ok(cube.y > 300, 'the cube X owns is drawn on his side, at the bottom');
  assert.ok((await page.$eval('#aboard svg', (s) => s.textContent)).includes('X 2 - O 1 in a 5 point match'));
  await type(page, '13/8 13/11', 'backgammon');
  assert.equal(await text(page, 'error'), '');
  await page.fill('#dice', '64');
  await page.press('#dice', 'Enter');
  await type(page, '24/14', 'backgammon');
  assert.equal(await text(page, 'error'), '');
  const record = await text(page, 'record');
  assert.match(record, /^\(;FF\[4\]GM\[6\]/, 'not at the start: the record is an .sgf game with a set-up node');
  assert.match(record, /MI\[length:5\]\[game:0\]\[ws:2\]\[bs:1\]/);
  assert.match(record, /CV\[2\]CP\[w\]/);
  const [report] = check(record, 'backgammon-match-line.sgf');
  assert.equal(report.verdict, 'ok', record + JSON.stringify(report));
  assert.equal(report.turns, 2);
  // O on roll resigns what the cube says.
  assert.deepEqual(report.result, { winner: 0, points: 2, how: 'resign' });
  await page.screenshot({ path: join(artefacts, 'backgammon-match.png'), fullPage: true });
  assert.deepEqual(page.problems, []);
  await page.close();

  // A bare Position ID away from the start: an .sgf record in the 3 point match the page assumes, said so.
  const bare = await open(writePage('backgammon-bare.html', ['board', '--game', 'backgammon', '--position', position]).url);
  assert.match(await text(bare, 'score'), /none given/);
  await bare.fill('#dice', '52');
  await bare.press('#dice', 'Enter');
  await type(bare, '13/8 13/11', 'backgammon');
  const [bareReport] = check(await text(bare, 'record'), 'backgammon-bare-line.sgf');
  assert.equal(bareReport.verdict, 'ok', JSON.stringify(bareReport));
  assert.equal(bareReport.turns, 1);
  assert.deepEqual(bare.problems, []);
  await bare.close();
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
    assert.ok(bytes < 2_000_000, `${kind}: a replay page of ${bytes} bytes (at most 2 MB)`);
    const page = await open(url);
    // A backgammon frame opens the board at a gnubg ID (the match and cube with the position).
    const positionOf = (at) => (kind === 'backgammon' ? at.split(':')[0] : at);
    const shown = await page.$eval('#board .frame:not([hidden])', (f) => f.getAttribute('data-position'));
    if (shown !== null && shown !== '') assert.equal(await text(page, 'position'), positionOf(shown), kind);
    // One of the legal moves listed is played, and the next frame of the record opens the board there.
    const first = await page.$eval('#legal li', (l) => l.getAttribute('data-move')).catch(() => null);
    if (first && kind !== 'backgammon') {
      await page.click('#legal li >> nth=0');
      assert.equal(await text(page, 'error'), '');
    }
    await page.click('#next');
    const next = await page.$eval('#board .frame:not([hidden])', (f) => f.getAttribute('data-position'));
    if (next !== null && next !== '') assert.equal(await text(page, 'position'), positionOf(next), kind);
    assert.deepEqual(page.problems, []);
    await page.close();
    const selftest = await open(url + '#selftest');
    assert.match(await text(selftest, 'selftest'), /^selftest: pass/);
    assert.deepEqual(selftest.problems, []);
    await selftest.close();
  }
});

test('replay pages: moves tried are variations of the record listed in #moves, kept while the record is stepped, with the keys, the link and flip', async () => {
  const cases = [
    ['backgammon', 'testdata/backgammon/matches/galaxy_5pt.mat', '2'],
    ['stones-and-rivers', 'testdata/snr/games.txt', 'cr-win-1'],
    ['arimaa', 'testdata/arimaa/random_games.tsv', '900005'],
  ];
  const current = (page) => page.$eval('#moves .current', (e) => e.getAttribute('data-node'));
  const key = async (page, name) => {
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press(name);
  };
  for (const [kind, file, game] of cases) {
    const { url } = writePage(`replay-tried-${kind}.html`, ['replay', join(root, file), '--game', game, '--format', 'html', '--turn', '4']);
    const page = await open(url);
    const frame = await page.evaluate(() => window.tabulaCurrent());
    const frames = await page.$$eval('#board .frame', (l) => l.length);
    const opened = await text(page, 'position');
    assert.equal(await current(page), String(frame), `${kind}: the record's position shown is the current node`);
    const tried = [];
    for (let k = 0; k < 2; k++) {
      if (kind === 'backgammon') {
        await page.fill('#dice', ['31', '42'][k]);
        await page.press('#dice', 'Enter');
      }
      if (kind === 'arimaa') {
        // A whole turn: the first legal turn of the list.
        await page.click('#turns');
      }
      const list = kind === 'arimaa' ? '#legal li' : '#legal li';
      const move = await page.$eval(list, (l) => l.getAttribute('data-move'));
      if (kind === 'arimaa') await type(page, move, 'arimaa');
      else await page.click(`${list} >> nth=0`);
      assert.equal(await text(page, 'error'), '', kind);
      tried.push({ move, position: await text(page, 'position') });
    }
    assert.equal(await current(page), `${frame}.1.2`, `${kind}: the variation leaves the record at its position ${frame}`);
    assert.equal(await page.$$eval('#moves li.variation', (l) => l.length), 1);
    assert.equal(await page.$$eval('#moves li.variation [data-node]', (l) => l.length), 2);
    // The record's navigation and keys: the variation stays listed.
    await page.click('#next');
    await page.click('#next');
    assert.equal(await current(page), String(frame + 2));
    assert.notEqual(await text(page, 'position'), tried[1].position);
    await key(page, 'ArrowLeft');
    await key(page, 'ArrowLeft');
    assert.equal(await current(page), String(frame));
    assert.equal(await text(page, 'position'), opened);
    await key(page, 'ArrowRight');
    assert.equal(await current(page), String(frame + 1));
    await key(page, 'ArrowDown');
    assert.equal(await current(page), `${frame}.1.1`, `${kind}: ArrowDown goes to the variation beside the record's move`);
    await key(page, 'ArrowUp');
    assert.equal(await current(page), String(frame + 1));
    await key(page, 'ArrowDown');
    await key(page, 'ArrowRight');
    assert.equal(await text(page, 'position'), tried[1].position, `${kind}: the line tried is shown again`);
    await key(page, 'Home');
    assert.equal(await current(page), '0');
    await key(page, 'End');
    assert.equal(await current(page), String(frames - 1));
    await page.click(`#moves span[data-node="${frame}.1.2"]`);
    assert.equal(await page.evaluate(() => window.tabulaCurrent()), frame);
    assert.equal(await text(page, 'position'), tried[1].position);
    assert.equal(await text(page, 'played'), tried[1].move);
    const [report] = check(await text(page, 'record'), `replay-tried-${kind}-line.txt`);
    assert.equal(report.verdict, 'ok', JSON.stringify(report));
    assert.equal(report.turns, 2);
    if (kind === 'backgammon') await page.screenshot({ path: join(artefacts, 'replay-tried.png'), fullPage: true });
    // Undo takes the last move tried back out of the tree.
    await page.click('#undo');
    assert.equal(await text(page, 'position'), tried[0].position);
    assert.equal(await current(page), `${frame}.1.1`);
    assert.equal(await page.$$eval('#moves li.variation [data-node]', (l) => l.length), 1);
    // The link, in a fresh page: the same tree and move.
    await page.click('#link');
    const link = await page.$eval('#link', (e) => e.getAttribute('data-link'));
    const again = await open(link);
    assert.equal(await current(again), `${frame}.1.1`);
    assert.equal(await text(again, 'position'), tried[0].position);
    assert.equal(await again.evaluate(() => window.tabulaCurrent()), frame);
    assert.deepEqual(again.problems, []);
    await again.close();
    // Flip turns both boards.
    await page.click('#flip');
    assert.equal(await page.$eval('#board', (e) => e.getAttribute('data-flipped')), 'true');
    if (kind === 'stones-and-rivers') {
      // The record's own move, played from its position, goes on along the record.
      await page.click(`#moves li[data-i="${frame}"]`);
      const label = await page.$eval(`#moves li[data-i="${frame + 1}"]`, (e) => e.textContent);
      await type(page, label.replace(/^\d+\. /, ''), 'stones');
      assert.equal(await current(page), String(frame + 1), `${label}: the record's next position`);
      assert.equal(await page.$$eval('#moves li.variation [data-node]', (l) => l.length), 1, 'no variation more');
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

test('replay pages: the board follows every frame, a backgammon game ended by a dropped double and an Arimaa set-up included', async () => {
  // Galaxy's game 1 ends `Doubles => 2`, `Drops`, `Wins 1 point`: those three frames open the
  // board where the last play left it, the cube as it stands, and a roll typed there is judged there.
  const { url } = writePage('replay-dropped.html', ['replay', join(root, 'testdata/backgammon/matches/galaxy_5pt.mat'), '--game', '1', '--format', 'html']);
  const page = await open(url);
  const frames = await page.$$eval('#board .frame', (l) => l.map((f) => f.getAttribute('data-position')));
  const labels = await page.$$eval('#moves li', (l) => l.map((e) => e.textContent));
  assert.match(labels.slice(-3).join(' | '), /Doubles.*\|.*Drops.*\|.*Wins/);
  for (let i = 0; i < frames.length; i++) {
    assert.ok(frames[i], `frame ${i} (${labels[i]}) carries a position`);
    await page.evaluate((k) => window.tabulaShow(k), i);
    assert.equal(await text(page, 'position'), frames[i].split(':')[0], `frame ${i} (${labels[i]})`);
  }
  const lastPlay = frames[frames.length - 4];
  for (const at of frames.slice(-3)) assert.equal(at, lastPlay);
  assert.notEqual(lastPlay.split(':')[0], frames[0].split(':')[0], 'the end is not the start');
  await page.click('#last');
  const here = await text(page, 'position');
  assert.equal(here, lastPlay.split(':')[0]);
  await page.fill('#dice', '31');
  await page.press('#dice', 'Enter');
  assert.deepEqual(await page.$$eval('#legal li', (l) => l.map((e) => e.getAttribute('data-move'))), moves('backgammon', here, '31'));
  const play = moves('backgammon', here, '31')[0];
  await type(page, play, 'backgammon');
  assert.equal(await text(page, 'error'), '');
  assert.equal(await text(page, 'played'), resolveMove({ game: 'backgammon', position: here, dice: '31', move: play }).resolved);
  assert.deepEqual(page.problems, []);
  await page.close();

  // Arimaa: the frame after Gold's set-up opens the board with Silver to set up, as the program reads that position.
  const arimaa = await open(writePage('replay-setup.html', ['replay', join(root, 'testdata/arimaa/random_games.tsv'), '--game', '900001', '--format', 'html']).url);
  await arimaa.evaluate(() => window.tabulaShow(1));
  const silver = await arimaa.$eval('#board .frame:not([hidden])', (f) => f.getAttribute('data-position'));
  assert.match(silver, /^s \[/);
  assert.equal(await text(arimaa, 'position'), silver);
  const setup = '1s 8hdcmecdh';
  await arimaa.selectOption('#view', 's');
  await type(arimaa, setup, 'arimaa');
  assert.equal(await text(arimaa, 'error'), '');
  assert.equal(await text(arimaa, 'played'), resolveMove({ game: 'arimaa', position: silver, view: 's', move: setup }).resolved);
  await arimaa.evaluate(() => window.tabulaShow(2));
  assert.equal(await text(arimaa, 'position'), await arimaa.$eval('#board .frame:not([hidden])', (f) => f.getAttribute('data-position')));
  assert.deepEqual(arimaa.problems, []);
  await arimaa.close();
});

test('refusals list the legal moves nearest to what was typed, as tabula resolve gives them, and a click plays one', async () => {
  const suggested = async (page) => page.$$eval('#error li[data-move]', (l) => l.map((e) => e.getAttribute('data-move')));
  // Backgammon: a point off by one in the second checker move.
  const bg = await open(writePage('suggest-backgammon.html', ['board', '--game', 'backgammon']).url);
  const start = await text(bg, 'position');
  await bg.fill('#dice', '31');
  await bg.press('#dice', 'Enter');
  const refused = resolveMove({ game: 'backgammon', position: start, dice: '31', move: '8/5 6/4' });
  const want = refused.error.suggestions.map((s) => s.move);
  assert.ok(want.includes('8/5 6/5'), JSON.stringify(refused));
  await type(bg, '8/5 6/4', 'backgammon');
  assert.deepEqual(await suggested(bg), want);
  await bg.click('#error li[data-move="8/5 6/5"]');
  assert.equal(await text(bg, 'played'), '8/5 6/5');
  assert.equal(await text(bg, 'error'), '');
  assert.deepEqual(bg.problems, []);
  // Arimaa: the piece letter of the step written otherwise (the camel stands on d2).
  const ar = await open(writePage('suggest-arimaa.html', ['board', '--game', 'arimaa']).url);
  await type(ar, GOLD_SETUP, 'arimaa');
  await type(ar, SILVER_SETUP, 'arimaa');
  const position = await text(ar, 'position');
  const answer = resolveMove({ game: 'arimaa', position, move: 'Ed2n' });
  const near = answer.error.suggestions.map((s) => s.move);
  assert.ok(near.length > 0, JSON.stringify(answer));
  await type(ar, 'Ed2n', 'arimaa');
  assert.deepEqual(await suggested(ar), near);
  await ar.click(`#error li[data-move="${near[0]}"]`);
  assert.equal(await text(ar, 'error'), '');
  assert.notEqual(await text(ar, 'position'), position);
  assert.deepEqual(ar.problems, []);
});

test('replay pages of a broken record list the suggestions of tabula check --suggest under the break, and a click plays one where the game breaks', async () => {
  // A bundled legal game of each kind with one slip written into it (the first `from` made `to`),
  // and an Arimaa game written in short notation in view s (its page plays short text in that view).
  mkdirSync(join(artefacts, 'short'), { recursive: true });
  const short = join(artefacts, 'short', 'short-900005.txt');
  writeFileSync(short, run(['convert', '--to', 'short', '--view', 's', '--game', '900005', join(root, 'testdata/arimaa/random_games.tsv')]).stdout);
  const slips = [
    ['arimaa', short, 'short-900005', '\n6g dvh4vevr8<\n', '\n6g dvh4vevr8>\n'],
    ['arimaa', 'testdata/arimaa/random_games.tsv', '900005', '\\n6w Dd2n He2n Eb3n Ra2e\\n', '\\n6w Dd2n He2n Eb3n Ra2w\\n'],
    ['backgammon', 'testdata/backgammon/matches/galaxy_5pt.mat', '2', '  3) 63: 24/18 7/4 ', '  3) 63: 24/18 7/3 '],
    ['backgammon', 'testdata/backgammon/sgf/galaxy_1pt.sgf', '1', ';B[43yclp]', ';B[43yclq]'],
    ['stones-and-rivers', 'testdata/snr/games.txt', 'cr-win-1', 'Cr - I9, PS, I8, I7\n', 'Cr - I9, PS, I8, I6\n'],
  ];
  for (const [kind, file, game, from, to] of slips) {
    const original = readFileSync(resolve(root, file), 'utf8');
    assert.ok(original.includes(from), `${kind}: ${JSON.stringify(from)} is not in ${file}`);
    // The game of a short-notation file is named after the file: the slipped copy keeps its name.
    const slipped = join(artefacts, file === short ? basename(file) : `slip-${basename(file)}`);
    writeFileSync(slipped, original.replace(from, to));
    const reports = run(['check', '--suggest', '--jsonl', slipped]).stdout.trim().split('\n').map((l) => JSON.parse(l));
    const report = reports.find((r) => r.game === game || r.game.endsWith('#' + game));
    assert.equal(report.verdict, 'illegal', JSON.stringify(report));
    const suggestions = report.error.suggestions;
    const repair = suggestions.find((s) => s.then === 'ok');
    assert.ok(repair, `${kind}: a suggestion repairs the record: ${JSON.stringify(report)}`);

    const replayed = run(['replay', slipped, '--game', game, '--format', 'html']);
    assert.equal(replayed.status, 1, `${kind}: the page's verdict is check's`);
    const pageFile = join(artefacts, `replay-slip-${basename(file)}.html`);
    writeFileSync(pageFile, replayed.stdout);
    assert.ok(replayed.stdout.length < 2_000_000, `${kind}: a replay page of ${replayed.stdout.length} bytes (at most 2 MB)`);
    const page = await open('file://' + pageFile);
    const listed = await page.$$eval('#repairs li', (l) => l.map((e) => [e.getAttribute('data-move'), e.getAttribute('data-then')]));
    assert.deepEqual(listed, suggestions.map((s) => [s.move, s.then]), kind);

    // The page opens at the position the breaking move is played on, and the board there.
    const positionOf = (at) => (kind === 'backgammon' ? at.split(':')[0] : at);
    const frame = Number(await page.$eval('#repairs', (e) => e.getAttribute('data-frame')));
    assert.equal(await page.evaluate(() => window.tabulaCurrent()), frame, kind);
    const at = await page.$eval(`#board .frame[data-i="${frame}"]`, (f) => f.getAttribute('data-position'));
    assert.equal(await text(page, 'position'), positionOf(at), kind);

    // From elsewhere (a move tried at the break, then the start shown), a click brings the board
    // back to the break, the move tried dropped, and plays the repair.
    if (kind === 'backgammon') {
      await page.fill('#dice', '31');
      await page.press('#dice', 'Enter');
    }
    await type(page, moves(kind, positionOf(at), kind === 'backgammon' ? '31' : undefined)[0], kind);
    assert.equal(await text(page, 'error'), '', kind);
    assert.notEqual(await text(page, 'position'), positionOf(at), kind);
    await page.click('#first');
    assert.notEqual(await text(page, 'position'), positionOf(at), kind);
    // The roll of the play written (`63: 24/18 7/3` in a .mat, `B[43yclq]` in an .sgf).
    const dice = kind === 'backgammon' ? report.error.token.match(/\d\d/)[0] : null;
    assert.equal(await page.$eval('#repairs', (e) => e.getAttribute('data-dice')), dice, kind);
    await page.click('#repairs li[data-then="ok"] >> nth=0');
    assert.equal(await text(page, 'error'), '', kind);
    assert.equal(await page.evaluate(() => window.tabulaCurrent()), frame, kind);
    // Arimaa's suggestions are long notation, which tabula resolve does not read: the text itself;
    // a short-notation record's are short notation in its view, resolved as tabula resolve does.
    let want = repair.move;
    if (file === short) {
      assert.equal(await page.$eval('#repairs', (e) => e.getAttribute('data-view')), 's');
      want = resolveMove({ game: kind, position: at, view: 's', move: repair.move }).resolved;
      assert.ok(want, `${repair.move} resolves in view s`);
    } else if (kind !== 'arimaa') {
      const request = { game: kind, position: positionOf(at), move: repair.move };
      if (dice) request.dice = dice;
      want = resolveMove(request).resolved;
    }
    assert.equal(await text(page, 'played'), want, kind);
    // The repair is the move of the bundled game: the board is at that game's next position.
    const legalPage = run(['replay', resolve(root, file), '--game', game, '--format', 'html']);
    assert.equal(legalPage.status, 0, kind);
    assert.ok(!legalPage.stdout.includes('id="repairs"'), `${kind}: a legal game's page lists no repairs`);
    const next = legalPage.stdout.split(`<div class="frame" data-i="${frame + 1}" data-position="`)[1].split('"')[0];
    assert.equal(await text(page, 'position'), positionOf(next), kind);
    assert.deepEqual(page.problems, [], kind);
    await page.close();
  }
});
