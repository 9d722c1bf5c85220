// Shared helpers of the browser tests: Chromium from Debian driven by playwright-core, the
// server's address from GAMES_URL (run.sh starts `games serve`), screenshots in SCREENSHOT_DIR.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE = process.env.GAMES_URL || 'http://127.0.0.1:8080';
/** The static site of `games site`, served by a plain static file server (run.sh). */
export const SITE = process.env.SITE_URL || 'http://127.0.0.1:8081';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SHOTS = process.env.SCREENSHOT_DIR || path.join(ROOT, 'target/browser-screenshots');
mkdirSync(SHOTS, { recursive: true });

const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ARGS,
  });
}

/** A fresh context (its own localStorage) and page; page errors fail the test at the end.
 *  `base`: the server (default) or the static site. */
export async function openPage(browser, { width = 1200, height = 900, url = '/', base = BASE } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(base).origin });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/WebSocket|Failed to load resource/.test(msg.text())) errors.push(msg.text());
  });
  page.errors = errors;
  await page.goto(new URL(url, base).href);
  await page.waitForSelector('body[data-ready="true"]');
  return { context, page };
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Fills the setup form and starts. */
export async function startGame(page, {
  game = 'kamisado', opponent = 'same_device', level, side, format = 'casual', deal, cards, timeControl,
} = {}) {
  await page.check(`[data-testid="setup-game-${game}"]`);
  await page.check(`[data-testid="setup-opponent-${opponent}"]`);
  if (level) await page.selectOption('[data-testid="setup-level"]', level);
  if (side) await page.selectOption('[data-testid="setup-side"]', side);
  if (deal) await page.check(`[data-testid="setup-deal-${deal}"]`);
  if (cards) {
    for (const [i, card] of cards.entries()) await page.selectOption(`[data-testid="setup-card-${i}"]`, card);
  }
  await page.check(`[data-testid="setup-format-${format}"]`);
  if (timeControl) await page.fill('[data-testid="setup-time-control"]', timeControl);
  await page.click('[data-testid="setup-start"]');
  await page.waitForSelector('#game:not([hidden])[data-version]');
  return gameId(page);
}

export async function gameId(page) {
  return new URL(page.url()).searchParams.get('game');
}

export async function moveCount(page) {
  return Number(await page.getAttribute('#game', 'data-moves'));
}

export async function waitMoves(page, n) {
  await page.waitForFunction((count) => document.querySelector('#game')?.dataset.moves === String(count), n);
}

export async function position(page) {
  return page.getAttribute('#game', 'data-position');
}

export async function sources(page) {
  return page.$$eval('#board .sq.source', (cells) => cells.map((c) => c.dataset.square));
}

/** Plays a Kamisado move by clicking its two squares; waits for the move list to grow. */
export async function clickKamisado(page, move) {
  const before = await moveCount(page);
  await page.click(`[data-testid="square-${move.slice(0, 2)}"]`);
  await page.waitForSelector(`[data-testid="square-${move.slice(2, 4)}"].dest`);
  await page.click(`[data-testid="square-${move.slice(2, 4)}"]`);
  await page.waitForFunction((n) => Number(document.querySelector('#game').dataset.moves) > n, before);
}

/** Plays an Onitama move (`card:a1a2`) by clicking the card, the piece and the destination. */
export async function clickOnitama(page, move) {
  const before = await moveCount(page);
  const [card, squares] = move.split(':');
  await page.click(`[data-testid="card-${card}"]`);
  if (squares === 'pass') throw new Error('use the pass buttons');
  await page.click(`[data-testid="square-${squares.slice(0, 2)}"]`);
  await page.waitForSelector(`[data-testid="square-${squares.slice(2, 4)}"].dest`);
  await page.click(`[data-testid="square-${squares.slice(2, 4)}"]`);
  await page.waitForFunction((n) => Number(document.querySelector('#game').dataset.moves) > n, before);
}

/** The server's state of a game, read directly (to check what the page shows). */
export async function serverState(id) {
  const response = await fetch(`${BASE}/api/games/${id}`);
  if (!response.ok) throw new Error(`GET state: ${response.status}`);
  return response.json();
}

export async function api(method, route, body) {
  const response = await fetch(BASE + route, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${data.error}`);
  return data;
}

export function noPageErrors(page) {
  if (page.errors.length) throw new Error(`errors in the page: ${page.errors.join(' | ')}`);
}
