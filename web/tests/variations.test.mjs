// The analysis board's tree of moves, keys, link, flip, paste and backgammon's .sgf with its
// variations (../../../shared/board.md, "A line with variations, keys, links, paste, flip"), in
// headless Chromium, for each game on a page of `tabula board`: three moves played, two
// stepped back, another played (two branches, both listed); every key; the link opened in a
// fresh page; a hash edited by hand; the board flipped and a move clicked; a real record of
// ../shared/data pasted (its moves the main line, the board at its end) and garbage refused.
// Replay pages (`tabula replay --format html`) of a record of testdata: a record pasted opens in
// place of the record, garbage changes nothing, and backgammon's .sgf holds the record's plays
// as its main line with a line tried from one of its positions.
//
// TABULA_BIN: the program (default: the release build of the workspace's target folder).
// CHROMIUM: the browser (default /usr/bin/chromium). GNUBG: GNU Backgammon (default: gnubg on
// the PATH or /usr/games/gnubg), which loads the exported .sgf.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { artefacts, check, launch, openPage, root, run, tabula, text, writePage as write } from './common.mjs';

const shared = resolve(root, '../shared/data');
const writePage = (name, args) => write(name, args).url;

// A file of ../shared/data, or a failure naming what is missing.
function sharedFile(...parts) {
  const file = join(shared, ...parts);
  if (!existsSync(file)) assert.fail(`missing ${file}: the shared data set (../shared/data beside the clone) is needed`);
  return file;
}

let browser;
before(async () => { browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

const open = (url) => openPage(browser, url);

const current = (page) => page.$eval('#moves .current', (e) => e.getAttribute('data-node'));
const nodes = (page) => page.$$eval('#moves [data-node]', (l) => l.map((e) => [e.getAttribute('data-node'), e.textContent]));

async function type(page, move) {
  await page.fill('#move', move);
  await page.press('#move', 'Enter');
  assert.equal(await text(page, 'error'), '', `${move}: ${await text(page, 'error')}`);
}

async function key(page, name) {
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press(name);
}

// Each game: how a move is played (`play(page, k)`, the k-th of the line, k = 3 the other
// move played where the line goes on), a move by click on the board flipped, and the real record.
const games = {
  arimaa: {
    moves: [
      'Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2',
      'ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7',
      'Ee2n Ee3n',
      'ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 md7 ee7 cf7 dg7 hh7',
    ],
    play: async (page, m) => type(page, m),
    click: async (page) => {
      await page.click('#aboard [data-square="d2"]');
      await page.click('#aboard [data-square="d3"]');
      await page.click('#finish');
      assert.equal(await text(page, 'played'), 'Md2n');
    },
    record: () => {
      const lines = readFileSync(sharedFile('arimaa', 'allgames202602_sample.tsv'), 'utf8').split('\n');
      return lines[0] + '\n' + lines[1] + '\n';
    },
  },
  backgammon: {
    moves: [['31', '8/5 6/5'], ['42', '8/4 6/4'], ['61', '13/7 8/7'], ['42', '13/9 13/11']],
    play: async (page, [dice, m]) => {
      await page.fill('#dice', dice);
      await page.press('#dice', 'Enter');
      await type(page, m);
    },
    click: async (page) => {
      await page.fill('#dice', '31');
      await page.press('#dice', 'Enter');
      await page.click('#aboard [data-point="8"]');
      await page.click('#dice-buttons [data-die="3"]');
      await page.click('#aboard [data-point="6"]');
      await page.click('#aboard [data-point="5"]');
      assert.equal(await text(page, 'played'), '8/5 6/5');
    },
    record: () => {
      const dir = join(shared, 'backgammon', 'matches');
      if (!existsSync(dir)) assert.fail(`missing ${dir}: the shared data set (../shared/data beside the clone) is needed`);
      const mat = readdirSync(dir).filter((f) => f.endsWith('.mat')).sort()[0];
      return readFileSync(join(dir, mat), 'utf8');
    },
  },
  'stones-and-rivers': {
    // Stones and Rivers: the first legal turn of the list each time, the second for the other.
    moves: [0, 0, 0, 1],
    play: async (page, k) => {
      await page.click(`#legal li >> nth=${k}`);
      assert.equal(await text(page, 'error'), '');
    },
    click: async (page) => {
      // A turn of one intersection, clicked; from the list when more than one turn goes from there.
      const turns = await page.$$eval('#legal li', (l) => l.map((e) => e.getAttribute('data-move')));
      const turn = turns.find((t) => (t.match(/[A-M]\d+/g) || []).length === 1);
      await page.click(`#aboard [data-square="${turn.match(/[A-M]\d+/)[0]}"]`);
      if ((await text(page, 'played')) !== turn) await page.click(`#legal li[data-move="${turn}"]`);
      assert.equal(await text(page, 'played'), turn);
    },
    record: () => {
      const all = readFileSync(sharedFile('snr', 'games_legal.txt'), 'utf8');
      return all.split(/\n\s*\n/).find((r) => r.trim().length > 0) + '\n';
    },
  },
};

for (const [game, g] of Object.entries(games)) {
  test(`${game}: variations, keys, the link, flip, paste`, async () => {
    const url = writePage(`variations-${game}.html`, ['board', '--game', game]);
    const page = await open(url);
    const start = await text(page, 'position');
    assert.equal(await current(page), '0');
    // Three moves, two back, another: two branches from the first move, both listed.
    const after = [];
    for (let k = 0; k < 3; k++) {
      await g.play(page, g.moves[k]);
      after.push(await text(page, 'position'));
    }
    assert.equal(await current(page), '3');
    await key(page, 'ArrowLeft');
    await key(page, 'ArrowLeft');
    assert.equal(await current(page), '1');
    assert.equal(await text(page, 'position'), after[0]);
    await g.play(page, g.moves[3]);
    const branch = await text(page, 'position');
    assert.notEqual(branch, after[1]);
    assert.equal(await current(page), '1.1.1');
    const listed = await nodes(page);
    assert.deepEqual(listed.map((n) => n[0]), ['0', '1', '2', '1.1.1', '3'], JSON.stringify(listed));
    assert.equal(await page.$$eval('#moves .variation', (l) => l.length), 1);
    // Every key; none while a text input has the focus.
    const steps = [['ArrowLeft', '1', after[0]], ['ArrowRight', '2', after[1]], ['ArrowDown', '1.1.1', branch],
      ['ArrowUp', '2', after[1]], ['End', '3', after[2]], ['Home', '0', start], ['End', '3', after[2]]];
    for (const [name, node, position] of steps) {
      await key(page, name);
      assert.equal(await current(page), node, name);
      assert.equal(await text(page, 'position'), position, name);
    }
    await page.focus('#move');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await current(page), '3', 'no key acts while typing');
    await key(page, '?');
    assert.equal(await page.$eval('#keys', (e) => e.hidden), false, 'the keys listed by ?');
    assert.match(await text(page, 'keys'), /Home/);
    await page.click('#moves [data-node="1.1.1"]');
    assert.equal(await current(page), '1.1.1');
    assert.equal(await text(page, 'position'), branch);
    // The record out is the current line.
    const [line] = check(await text(page, 'record'), `variations-${game}-line.txt`);
    assert.equal(line.verdict, 'ok', JSON.stringify(line));
    assert.equal(line.turns, 2);
    await page.screenshot({ path: join(artefacts, `variations-${game}.png`) });

    // The link, in a fresh page: the same position, tree and current move.
    await page.click('#link');
    const link = await page.$eval('#link', (e) => e.getAttribute('data-link'));
    assert.match(link, /#tabula1:/);
    assert.equal(await page.evaluate(() => location.hash), '#' + link.split('#')[1], 'the address carries the board');
    const again = await open(link);
    assert.equal(await current(again), '1.1.1');
    assert.equal(await text(again, 'position'), branch);
    assert.deepEqual(await nodes(again), listed);
    assert.equal(await text(again, 'error'), '');
    assert.deepEqual(again.problems, []);
    await again.close();
    // Edited by hand: a move made illegal cuts its line there, and says why; another version
    // says so; neither leaves a dead page.
    const hash = decodeURIComponent(link.split('#tabula1:')[1].split(':')[0]);
    const data = JSON.parse(hash);
    data.t[0].k[0].m = game === 'backgammon' ? '24/1' : 'zz';
    const edited = link.split('#')[0] + '#tabula1:' + encodeURIComponent(JSON.stringify(data)) + ':00000000';
    const cut = await open(edited);
    assert.match(await text(cut, 'error'), /edited/);
    assert.match(await text(cut, 'error'), /move 2 of the link .* is refused/);
    assert.deepEqual((await nodes(cut)).map((n) => n[0]), ['0', '1', '2'], 'the legal line kept, the other one cut');
    assert.equal(await current(cut), '0', 'the move shown is no longer in the tree: the start');
    await cut.close();
    const other = await open(link.split('#')[0] + '#tabula7:xyz:0');
    assert.match(await text(other, 'error'), /version 7/);
    assert.equal(await text(other, 'position'), start);
    await other.close();

    // Flip, then a move by click.
    await page.click('#moves [data-node="1.1.1"]');
    await page.click('#flip');
    assert.equal(await page.$eval('#board', (e) => e.getAttribute('data-flipped')), 'true');
    await g.click(page);
    assert.equal(await text(page, 'error'), '');
    assert.equal(await current(page), '1.1.2');
    await page.screenshot({ path: join(artefacts, `variations-${game}-flipped.png`) });

    // Garbage pasted: the message, nothing changed.
    const before = [await text(page, 'position'), await nodes(page), await current(page)];
    await page.fill('#paste', 'this is no record at all');
    await page.click('#load');
    assert.notEqual(await text(page, 'error'), '');
    assert.deepEqual([await text(page, 'position'), await nodes(page), await current(page)], before);
    // A real record: its moves the main line, the board at its end.
    const record = g.record();
    const [report] = check(record, `variations-${game}-pasted.txt`);
    await page.fill('#paste', record);
    await page.click('#load');
    assert.equal(await text(page, 'error'), '', await text(page, 'error'));
    const main = (await nodes(page)).map((n) => n[0]);
    const plays = game === 'backgammon' ? main.length - 1 : report.turns;
    assert.equal(main.length, plays + 1);
    assert.deepEqual(main, Array.from({ length: plays + 1 }, (_, k) => String(k)), 'one line, the main one');
    assert.equal(await current(page), String(plays), 'the board at its end');
    if (game === 'stones-and-rivers') assert.equal(await text(page, 'position'), report.final_position);
    if (game === 'arimaa') {
      const board = (await text(page, 'position')).replace(/^[gs] \[(.*)\]$/, '$1').replace(/ /g, '.');
      assert.equal(board.length, 64);
      assert.equal([...board].sort().join(''), [...report.final_position].sort().join(''), 'the pieces at the end');
    }
    if (game === 'backgammon') {
      assert.ok(plays > 4, `${plays} plays of the first game`);
      const [out] = check(await text(page, 'record'), 'variations-pasted-out.mat');
      assert.equal(out.verdict, 'ok', JSON.stringify(out));
      assert.equal(out.turns, plays);
      // The .sgf of a whole game pasted: its plays, however many.
      const [tree] = check(await text(page, 'sgf'), 'variations-pasted-tree.sgf');
      assert.equal(tree.verdict, 'ok', JSON.stringify(tree));
      assert.equal(tree.turns, plays);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}

test('backgammon: the .sgf holds the whole tree with its variations; tabula check reads its main line, gnubg loads it', async () => {
  const page = await open(writePage('variations-sgf.html', ['board', '--game', 'backgammon']));
  const m = games.backgammon.moves;
  for (const k of [0, 1, 2]) await games.backgammon.play(page, m[k]);
  await key(page, 'ArrowLeft');
  await key(page, 'ArrowLeft');
  await games.backgammon.play(page, m[3]);
  const sgf = await text(page, 'sgf');
  assert.match(sgf, /^\(;FF\[4\]GM\[6\]/);
  assert.equal((sgf.match(/\(;[BW]\[/g) || []).length, 2, sgf);
  writeFileSync(join(artefacts, 'variations.sgf'), sgf);
  const [report] = check(sgf, 'variations-tree.sgf');
  assert.equal(report.verdict, 'ok', JSON.stringify(report));
  assert.equal(report.turns, 3, 'the main line');
  const gnubg = process.env.GNUBG || ['/usr/games/gnubg', '/usr/bin/gnubg'].find((p) => existsSync(p));
  if (!gnubg) assert.fail('missing gnubg (GNU Backgammon: apt-get install gnubg), which loads the .sgf');
  const file = join(artefacts, 'variations.sgf');
  const r = spawnSync(gnubg, ['-t', '-q'], { input: `load match ${file}\nshow board\n`, encoding: 'utf8', timeout: 60000 });
  assert.ok(!/error|cannot|failed/i.test(r.stdout + r.stderr), r.stdout + r.stderr);
  assert.match(r.stdout, /Position ID/, r.stdout + r.stderr);
  await page.close();
});

// Replay pages (`tabula replay FILE --format html`) offer paste and backgammon's .sgf too: a
// text pasted opens in place of the record (the page a board of the pasted game), garbage
// changes nothing, and the .sgf holds the record's plays as its main line with the lines tried.
const replays = {
  backgammon: ['testdata/backgammon/matches/galaxy_5pt.mat', '2'],
  arimaa: ['testdata/arimaa/random_games.tsv', '900005'],
  'stones-and-rivers': ['testdata/snr/games.txt', 'cr-win-1'],
};

function replayPage(name, game) {
  const [file, id] = replays[game];
  const page = execFileSync(tabula, ['replay', join(root, file), '--game', id, '--format', 'html', '--turn', '4'], { maxBuffer: 64 * 1024 * 1024 });
  writeFileSync(join(artefacts, name), page);
  return { url: 'file://' + join(artefacts, name), bytes: page.length };
}

for (const [game, g] of Object.entries(games)) {
  test(`${game}: a replay page takes a record pasted in place of its own, and refuses garbage`, async () => {
    const { url, bytes } = replayPage(`replay-paste-${game}.html`, game);
    assert.ok(bytes < 2_000_000, `${game}: a replay page of ${bytes} bytes (at most 2 MB)`);
    const page = await open(url);
    // Garbage: the message, the page unchanged (the record's position, its tree, its move shown).
    const state = async () => [await text(page, 'position'), await nodes(page), await current(page),
      await page.$$eval('#board .frame:not([hidden])', (l) => l.map((f) => f.getAttribute('data-i')))];
    const before = await state();
    assert.equal(before[2], '4');
    await page.fill('#paste', 'this is no record at all');
    await page.click('#load');
    assert.notEqual(await text(page, 'error'), '');
    assert.deepEqual(await state(), before);
    // A real record: the page becomes its board, its moves the main line, the board at its end.
    const record = g.record();
    const [report] = check(record, `replay-paste-${game}.txt`);
    await page.fill('#paste', record);
    await page.click('#load');
    assert.equal(await text(page, 'error'), '', await text(page, 'error'));
    assert.equal(await page.$$eval('#board .frame:not([hidden])', (l) => l.length), 0, 'the record put away');
    assert.equal(await page.$eval('body', (b) => b.getAttribute('data-record')), 'left');
    assert.equal(await page.$eval('main nav', (n) => n.offsetParent), null, 'the record\'s buttons put away');
    const main = (await nodes(page)).map((n) => n[0]);
    const plays = game === 'backgammon' ? main.length - 1 : report.turns;
    assert.ok(plays > 4, `${plays} plays`);
    assert.deepEqual(main, Array.from({ length: plays + 1 }, (_, k) => String(k)), 'one line, the main one');
    assert.equal(await current(page), String(plays), 'the board at its end');
    if (game === 'stones-and-rivers') assert.equal(await text(page, 'position'), report.final_position);
    if (game === 'arimaa') {
      const board = (await text(page, 'position')).replace(/^[gs] \[(.*)\]$/, '$1').replace(/ /g, '.');
      assert.equal([...board].sort().join(''), [...report.final_position].sort().join(''), 'the pieces at the end');
    }
    const [out] = check(await text(page, 'record'), `replay-paste-${game}-out.txt`);
    assert.equal(out.verdict, 'ok', JSON.stringify(out));
    assert.equal(out.turns, plays);
    if (game === 'backgammon') {
      const [tree] = check(await text(page, 'sgf'), 'replay-paste-tree.sgf');
      assert.equal(tree.verdict, 'ok', JSON.stringify(tree));
      assert.equal(tree.turns, plays, 'the .sgf: the pasted game');
    }
    // Keys walk the pasted line; the link opens the pasted board, not the record.
    await key(page, 'Home');
    assert.equal(await current(page), '0');
    await key(page, 'End');
    const end = await text(page, 'position');
    await page.click('#link');
    const again = await open(await page.$eval('#link', (e) => e.getAttribute('data-link')));
    assert.equal(await text(again, 'error'), '');
    assert.equal(await current(again), String(plays));
    assert.equal(await text(again, 'position'), end);
    assert.equal(await again.$$eval('#board .frame:not([hidden])', (l) => l.length), 0);
    assert.deepEqual(again.problems, []);
    await again.close();
    if (game === 'backgammon') await page.screenshot({ path: join(artefacts, 'replay-pasted.png'), fullPage: true });
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}

test('backgammon: a replay page\'s .sgf holds the record\'s plays with the lines tried; tabula check reads its main line, gnubg loads it', async () => {
  const { url } = replayPage('replay-sgf.html', 'backgammon');
  const page = await open(url);
  const plays = await page.$$eval('#board .frame[data-play]', (l) => l.length);
  const [file, id] = replays.backgammon;
  const record = run(['check', '--jsonl', join(root, file)]).stdout.trim().split('\n').map((l) => JSON.parse(l))
    .find((r) => r.game.endsWith('#' + id));
  assert.ok(record, `game ${id} of ${file}`);
  assert.equal(plays, record.turns, 'a frame of the page for each play of the record');
  const untried = await text(page, 'sgf');
  assert.match(untried, /^\(;FF\[4\]GM\[6\]/);
  assert.equal((untried.match(/\(;[BW]\[/g) || []).length, 0, 'no variation yet');
  // A variation from the record's position 4: a roll and its first play.
  await page.fill('#dice', '31');
  await page.press('#dice', 'Enter');
  await page.click('#legal li >> nth=0');
  assert.equal(await text(page, 'error'), '');
  assert.equal(await current(page), '4.1.1');
  const sgf = await text(page, 'sgf');
  assert.equal((sgf.match(/\(;[BW]\[/g) || []).length, 2, sgf);
  const file2 = join(artefacts, 'replay-variation.sgf');
  writeFileSync(file2, sgf);
  const [report] = check(sgf, 'replay-variation-check.sgf');
  assert.equal(report.verdict, 'ok', JSON.stringify(report));
  assert.equal(report.turns, plays, 'the main line: the record\'s plays');
  assert.equal(report.final_position, record.final_position, 'the record\'s end');
  const gnubg = process.env.GNUBG || ['/usr/games/gnubg', '/usr/bin/gnubg'].find((p) => existsSync(p));
  if (!gnubg) assert.fail('missing gnubg (GNU Backgammon: apt-get install gnubg), which loads the .sgf');
  const r = spawnSync(gnubg, ['-t', '-q'], { input: `load match ${file2}\nshow board\n`, encoding: 'utf8', timeout: 60000 });
  assert.ok(!/error|cannot|failed/i.test(r.stdout + r.stderr), r.stdout + r.stderr);
  assert.match(r.stdout, /Position ID/, r.stdout + r.stderr);
  assert.deepEqual(page.problems, []);
  await page.close();
});
