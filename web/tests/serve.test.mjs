// `tabula serve` in headless Chromium (../../../shared/archive.md, "tabula serve"; the explorer's
// ids in ../../../shared/board.md): testdata indexed into a scratch database by the program, the
// server started on it (port 0, its address read from its first line) and killed at the end
// whatever happens. For each game, the explorer at the start gives what `tabula explore --jsonl`
// gives (total, moves with their rolls and counts, in order, and the games that reach it); moves
// clicked along a line are played by the board (`#played`, `#position` the move's position of the
// program's answer) and the explorer follows each time; a link of the games that reach a position
// opens that game's replay page at that ply (the position `tabula positions` gives for it). A
// player searched on `/`: the games the database lists, and the player's explorer. No page logs a
// script error.
//
// TABULA_BIN: the program (default: the release build of the workspace's target folder).
// CHROMIUM: the browser (default /usr/bin/chromium). TABULA_SCREENSHOT=FILE: also writes the
// picture of the explorer of docs/page.md (backgammon, one move clicked, 1200x800) to FILE.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { artefacts, launch, openPage, root, tabula, text } from './common.mjs';

const db = join(artefacts, 'serve.db');

// The program run from the workspace's root (the database names testdata's files from there).
function program(args) {
  const r = spawnSync(tabula, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}

// `tabula explore --jsonl` of the scratch database: the oracle of every explorer shown.
function explore(kind, position, player) {
  const args = ['explore', '--db', db, '--game', kind, '--position', position, '--jsonl'];
  if (player) args.push('--player', player);
  const r = program(args);
  assert.equal(r.status, 0, `explore ${kind} ${position}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// The position `tabula positions` gives for game `id` of `file` at `ply`, in the text of the
// board's `#position` (Arimaa's with the side to move in front).
function positionAt(file, id, ply) {
  const r = program(['positions', '--jsonl', file]);
  assert.equal(r.status, 0, `positions ${file}: ${r.stderr}`);
  const row = r.stdout.trim().split('\n').map((l) => JSON.parse(l)).find((p) => p.game === id && p.ply === ply);
  assert.ok(row, `${file}: no ply ${ply} of ${id}`);
  return row.kind === 'arimaa' ? `${row.side} [${row.position}]` : row.position;
}

// The address a server prints as its first line.
function address(child) {
  return new Promise((ok, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`tabula serve printed no address in 20 s: ${err}`)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) { clearTimeout(timer); ok(out.slice(0, nl).trim()); }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => { clearTimeout(timer); fail(new Error(`tabula serve ended (${code}) before its address: ${err}`)); });
  });
}

let server;
let base;
let browser;
const stop = () => { if (server && server.exitCode === null) server.kill(); };
process.on('exit', stop);

before(async () => {
  for (const f of [db, db + '-wal', db + '-shm']) rmSync(f, { force: true });
  const index = program(['index', '--db', db, '--jsonl', 'testdata/']);
  // Exit 1: some games of testdata are not ok, on purpose; they are indexed all the same.
  assert.ok(index.status === 0 || index.status === 1, `index: ${index.stderr}`);
  assert.ok(JSON.parse(index.stdout.trim().split('\n').pop()).games > 0, index.stdout);
  server = spawn(tabula, ['serve', '--db', db, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  base = await address(server);
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  browser = await launch();
});

after(async () => {
  try {
    if (browser) await browser.close();
  } finally {
    stop();
  }
});

// A page of the server, once `ready` is on it; requests to the server are its own.
const open = (path, ready) => openPage(browser, base + path, { origin: base, ready });

// The explorer settled: its answer drawn for the position the board shows, which it returns.
// Polled from here: `waitForFunction` polls with an `eval` the page's Content-Security-Policy refuses.
async function settled(page) {
  const end = Date.now() + 20000;
  while (!(await page.evaluate(() => {
    const panel = document.getElementById('explorer-panel');
    return panel.getAttribute('data-state') === 'ready' &&
      panel.getAttribute('data-position') === document.getElementById('position').textContent;
  }))) {
    if (Date.now() > end) assert.fail(`the explorer did not answer for ${await text(page, 'position')} in 20 s`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
  return text(page, 'position');
}

// The explorer shown is the program's for the board's position: the total, each move (its text,
// roll and games) in order, the games that reach it (fingerprint, ply). Returns the program's.
async function sameAsProgram(page, kind, player) {
  const position = await settled(page);
  const want = explore(kind, position, player);
  assert.equal(await text(page, 'explorer-error'), '');
  assert.equal(await text(page, 'explorer-total'), String(want.games), `${kind} ${position}: the total`);
  const rows = await page.$$eval('#explorer tbody tr[data-move]', (l) => l.map((r) =>
    [r.getAttribute('data-move'), r.getAttribute('data-dice') || '', r.querySelector('td.games').textContent]));
  assert.deepEqual(rows, want.moves.map((m) => [m.move, m.dice, String(m.games)]), `${kind} ${position}: the moves`);
  const links = await page.$$eval('#explorer-games a', (l) => l.map((a) => {
    const u = new URL(a.href);
    return [u.pathname, u.searchParams.get('game'), u.searchParams.get('fingerprint'), u.searchParams.get('ply')];
  }));
  assert.deepEqual(links, want.top_games.map((g) => ['/game', kind, g.fingerprint, String(g.ply)]), `${kind} ${position}: the games`);
  return want;
}

// Move `k` of the explorer clicked: the board plays it and the explorer follows.
async function click(page, kind, want, k) {
  const m = want.moves[k];
  await page.click(`#explorer tbody tr >> nth=${k}`);
  assert.equal(await text(page, 'error'), '', `${kind}: ${m.move} (${m.dice}) refused`);
  assert.equal(await text(page, 'played'), m.move);
  assert.equal(await text(page, 'position'), m.position, `${kind}: the position after ${m.move}`);
  return sameAsProgram(page, kind);
}

// No script error on the page's document, nor any request but the server's.
async function clean(page) {
  assert.deepEqual(await page.evaluate(() => window.tabulaErrors), []);
  assert.deepEqual(page.problems, []);
}

// The first game of `want` (the explorer's answer at the board's position) opened by its link:
// the replay page, its module loaded, shows that position, the one `tabula positions` gives
// for the game at the link's ply, and its frame is that position.
async function openGame(page, want) {
  const [game] = want.top_games;
  assert.ok(game, `${want.kind} ${want.position}: no game reaches it`);
  assert.equal(positionAt(game.source, game.game, game.ply), want.position, `${game.game} at ply ${game.ply}`);
  await clean(page);
  await Promise.all([page.waitForURL(/\/game\?/), page.click('#explorer-games a >> nth=0')]);
  await page.waitForSelector('body[data-board="ready"]', { timeout: 20000 });
  const opened = new URL(page.url()).searchParams;
  assert.deepEqual([opened.get('fingerprint'), opened.get('ply')], [game.fingerprint, String(game.ply)]);
  assert.equal(await text(page, 'position'), want.position, `${game.game}: the replay page at ply ${game.ply}`);
  const frame = await page.$eval('#board .frame:not([hidden])', (f) => f.getAttribute('data-position'));
  // A backgammon frame carries the match with the position (a gnubg ID).
  assert.equal(want.kind === 'backgammon' ? frame.split(':')[0] : frame, want.position, `${game.game}: the frame shown`);
  await clean(page);
}

// Each game: the explorer at the start, then a line of moves clicked (the move k*7 of the list
// at the k-th position, so that the line leaves the most played one), the explorer checked at
// every position; at its end, a game that reaches the last position opened at its ply.
for (const kind of ['backgammon', 'arimaa', 'stones-and-rivers']) {
  test(`${kind}: the explorer gives explore's moves; a move clicked is played and the explorer follows`, async () => {
    const page = await open(`board?game=${kind}`);
    let want = await sameAsProgram(page, kind);
    assert.ok(want.games > 0 && want.moves.length > 0, `${kind}: no game of testdata reaches the start`);
    if (kind === 'backgammon') {
      assert.equal(want.position, '4HPwATDgc/ABMA');
      want = await click(page, kind, want, 0);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(artefacts, 'serve-backgammon.png') });
      if (process.env.TABULA_SCREENSHOT) {
        await page.setViewportSize({ width: 1200, height: 800 });
        await page.screenshot({ path: resolve(process.env.TABULA_SCREENSHOT) });
        await page.setViewportSize({ width: 1300, height: 900 });
      }
      // The games of the position after the first move: at ply 1.
      assert.ok(want.top_games.every((g) => g.ply === 1));
      await openGame(page, want);
      await page.goBack();
      await page.waitForSelector('body[data-board="ready"]', { timeout: 20000 });
      want = await sameAsProgram(page, kind);
    }
    let plies = 0;
    for (;;) {
      // A move without a position after it is a roll a game ended on (a test of its own below).
      const playable = want.moves.flatMap((m, k) => (m.position ? [k] : []));
      if (playable.length === 0 || plies === 24) break;
      want = await click(page, kind, want, playable[(plies * 7) % playable.length]);
      plies += 1;
    }
    assert.ok(plies >= 10, `${kind}: a line of ${plies} moves only`);
    await openGame(page, want);
    await page.close();
  });
}

test('backgammon: a game that reaches a position after a double taken opens at that ply', async () => {
  // studio_7pt game 3: X doubles at move 11 and O takes; ply 30 comes after.
  const position = positionAt('testdata/backgammon/matches/studio_7pt.mat', 'studio_7pt#3', 30);
  const page = await open(`board?game=backgammon&position=${encodeURIComponent(position)}`);
  const want = await sameAsProgram(page, 'backgammon');
  assert.equal(want.position, position);
  await openGame(page, want);
  await page.close();
});

test('backgammon: a roll that cannot be played is played as such; a roll a game ended on is shown, not played', async () => {
  // Both are an empty play in explore's moves: a roll that cannot be played has the position
  // after it (the other player on roll); a roll the record ends on, nothing played (a player who
  // resigns having rolled), has none, and the board would refuse the empty play.
  const plies = program(['positions', '--jsonl', 'testdata/backgammon/']).stdout.trim().split('\n').map((l) => JSON.parse(l));
  const found = {};
  for (let i = 0; i + 1 < plies.length && !(found.dance && found.ended); i++) {
    const [r, next] = [plies[i], plies[i + 1]];
    if (r.move !== '' || next.source !== r.source || next.game !== r.game) continue;
    const asked = program(['explore', '--db', db, '--game', 'backgammon', '--position', r.position, '--jsonl']);
    if (asked.status === 1) continue; // reached by games that are not ok only
    assert.equal(asked.status, 0, asked.stderr);
    const want = JSON.parse(asked.stdout);
    const k = want.moves.findIndex((m) => m.move === '' && m.dice === r.dice);
    if (k < 0) continue; // a game that is not ok: not in the explorer
    const which = want.moves[k].position ? 'dance' : 'ended';
    if (!found[which]) found[which] = { position: r.position, k };
  }
  assert.ok(found.dance && found.ended, `testdata has both: ${JSON.stringify(found)}`);

  let page = await open(`board?game=backgammon&position=${encodeURIComponent(found.dance.position)}`);
  let want = await sameAsProgram(page, 'backgammon');
  assert.equal(await page.$eval(`#explorer tbody tr:nth-child(${found.dance.k + 1}) td.move`, (e) => e.textContent), 'cannot move');
  await click(page, 'backgammon', want, found.dance.k);
  await clean(page);
  await page.close();

  page = await open(`board?game=backgammon&position=${encodeURIComponent(found.ended.position)}`);
  want = await sameAsProgram(page, 'backgammon');
  const m = want.moves[found.ended.k];
  const tr = `#explorer tbody tr:nth-child(${found.ended.k + 1})`;
  assert.equal(await page.$eval(tr, (e) => e.getAttribute('data-ended')), 'true');
  assert.equal(await page.$eval(`${tr} td.move`, (e) => e.textContent), 'the game ended');
  await page.click(tr);
  assert.equal(await text(page, 'error'), '', 'nothing refused');
  assert.equal(await text(page, 'position'), found.ended.position, 'nothing played');
  assert.equal(await text(page, 'dice'), m.dice, 'the roll shown');
  await sameAsProgram(page, 'backgammon');
  await clean(page);
  await page.close();
});

test('a player searched on /: the games the database lists, and the player\'s explorer', async () => {
  // Spelled otherwise than the records write it: names are matched with case ignored.
  const name = 'Bot_Tabula_Runner';
  const page = await open('', '#player');
  await page.fill('#player', name);
  await Promise.all([page.waitForURL(/\?player=/), page.click('#search')]);
  await page.waitForSelector('#player-total');
  const total = Number(await page.$eval('#player-total', (e) => e.getAttribute('data-total')));
  const rows = await page.$$eval('#player-games tbody tr', (l) => l.map((r) => ({
    fingerprint: r.getAttribute('data-fingerprint'),
    kind: new URL(r.querySelector('a').href).searchParams.get('game'),
    verdict: r.cells[5].textContent,
  })));
  assert.ok(total > 0, 'no game of the player');
  assert.equal(rows.length, total, 'every game of the player listed');
  assert.equal(new Set(rows.map((r) => r.fingerprint)).size, rows.length, 'each game once');
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const explorers = await page.$$eval('#player-explorers a', (l) => l.map((a) => a.getAttribute('href')));
  assert.equal(explorers.length, kinds.length, 'one explorer per kind of the player\'s games');
  // Each explorer: a board at the kind's start whose total is `explore --player`'s there, and
  // (every game of testdata starting at its kind's start) the player's ok games of that kind.
  for (let i = 0; i < explorers.length; i++) {
    await Promise.all([page.waitForURL(/\/board\?/), page.click(`#player-explorers a >> nth=${i}`)]);
    await page.waitForSelector('body[data-board="ready"]', { timeout: 20000 });
    const kind = new URL(page.url()).searchParams.get('game');
    const want = await sameAsProgram(page, kind, name);
    assert.equal(want.games, rows.filter((r) => r.kind === kind && r.verdict === 'ok').length, `${kind}: ok games of ${name}`);
    assert.match(await text(page, 'explorer-wins'), new RegExp(`of ${name}`));
    await clean(page);
    await page.goBack();
    await page.waitForSelector('#player-total');
  }
  // A game of the list opens its replay page.
  await Promise.all([page.waitForURL(/\/game\?/), page.click('#player-games tbody a >> nth=0')]);
  await page.waitForSelector('body[data-board="ready"]', { timeout: 20000 });
  await clean(page);
  await page.close();
});
