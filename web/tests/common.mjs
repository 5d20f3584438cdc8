// What the browser tests share: the program, the files they write, Chromium and a page opened
// on a file with every error, console error and network request it makes kept.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '../..');
const target = process.env.CARGO_TARGET_DIR || join(root, 'target');
export const tabula = process.env.TABULA_BIN || join(target, 'release', 'tabula');
export const artefacts = join(here, 'artefacts');
mkdirSync(artefacts, { recursive: true });

// The program run with `args`, `input` on its standard input.
export function run(args, input) {
  const r = spawnSync(tabula, args, { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r;
}

// `tabula check --jsonl` of `record`, written to artefacts/`name`: its reports.
export function check(record, name) {
  const file = join(artefacts, name);
  writeFileSync(file, record);
  return run(['check', '--jsonl', file]).stdout.trim().split('\n').map((l) => JSON.parse(l));
}

// The page the program writes for `args`, kept as artefacts/`name`: its address and size.
export function writePage(name, args) {
  const page = execFileSync(tabula, args, { maxBuffer: 64 * 1024 * 1024 });
  const file = join(artefacts, name);
  writeFileSync(file, page);
  return { url: 'file://' + file, bytes: page.length };
}

// Debian's Chromium, headless, with nothing fetched from the network.
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run'],
  });
}

// A page of `browser` at `url`, once `ready` is on it (its board ready by default);
// `page.problems` collects its errors, console errors and any request that leaves the file, or
// with `origin` (a server's `http://host:port/`) that server.
export async function openPage(browser, url, { origin, ready = 'body[data-board="ready"]' } = {}) {
  const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  const problems = [];
  const allowed = (u) => u.startsWith('file:') || u.startsWith('data:') || (origin !== undefined && u.startsWith(origin));
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('request', (r) => { if (!allowed(r.url())) problems.push('network: ' + r.url()); });
  await page.goto(url);
  await page.waitForSelector(ready, { timeout: 20000 });
  page.problems = problems;
  return page;
}

// The value of a field, or the text of any other element, of id `id`.
export const text = (page, id) => page.$eval('#' + id, (e) => (e.value !== undefined && e.tagName !== 'LI' ? e.value : e.textContent));
