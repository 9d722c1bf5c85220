// The page and the server over time: a takeback between two browsers (asked, declined, asked
// again, accepted), and a page that keeps following its game through a restart of the server
// (killed with SIGKILL and started again on the same database and port).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  launch, openPage, shot, startGame, clickKamisado, waitMoves, serverState, noPageErrors,
} from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a takeback between two browsers: the opponent declines, then accepts', async () => {
  const first = await openPage(browser);
  const second = await openPage(browser);
  try {
    const { page } = first;
    const id = await startGame(page, { game: 'kamisado', opponent: 'link' });
    const link = await page.getAttribute('[data-testid="share-link"]', 'href');
    const other = second.page;
    await other.goto(link);
    await other.waitForSelector('#game:not([hidden])[data-version]');
    const start = await serverState(id);
    await clickKamisado(page, start.legal_moves[0]);
    await waitMoves(other, 1);

    // Black asks; Gold sees the question and declines: the move stays.
    await page.click('[data-testid="undo"]');
    await page.waitForSelector('[data-testid="takeback"]:not([hidden])');
    assert.equal(await page.isHidden('[data-testid="takeback-accept"]'), true, 'the asker cannot accept');
    await other.waitForSelector('[data-testid="takeback-accept"]:not([hidden])');
    assert.match(await other.textContent('[data-testid="takeback-text"]'), /Black asks/);
    await shot(other, 'takeback-1-asked');
    await other.click('[data-testid="takeback-decline"]');
    await page.waitForSelector('[data-testid="takeback"]', { state: 'hidden' });
    assert.equal((await serverState(id)).moves.length, 1);

    // Asked again, accepted: both pages are back at the start.
    await page.click('[data-testid="undo"]');
    await other.waitForSelector('[data-testid="takeback-accept"]:not([hidden])');
    await other.click('[data-testid="takeback-accept"]');
    await waitMoves(page, 0);
    await waitMoves(other, 0);
    assert.equal((await serverState(id)).moves.length, 0);
    noPageErrors(page);
    noPageErrors(other);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

/** Starts `games serve` on `addr` with `db`; resolves to the process and its base URL. */
function serve(addr, db) {
  const child = spawn(process.env.GAMES_BIN, ['serve', '--addr', addr, '--db', db], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error('no "listening on" line in 30 s')), 30000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      const url = line.replace(/^listening on /, '');
      resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`games serve exited with ${code}`)));
  });
}

async function call(url, method, route, body) {
  const response = await fetch(url + route, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

test('an open page keeps following its game through a restart of the server', { skip: !process.env.GAMES_BIN }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'games-restart-'));
  const db = path.join(dir, 'games.sqlite3');
  let server = await serve('127.0.0.1:0', db);
  let opened = null;
  try {
    const created = await call(server.url, 'POST', '/api/games', { game: 'kamisado', opponent: 'same_device' });
    const { id, token } = created;
    let state = created.state;
    const play = async (url) => {
      state = await call(url, 'POST', `/api/games/${id}/moves`, { token, move: state.legal_moves[0] });
      assert.ok(state.moves, JSON.stringify(state));
    };
    for (let i = 0; i < 4; i += 1) await play(server.url);
    assert.ok(state.version >= 4, `version ${state.version}`);

    // The page watches the game (both seats are the creator's: it is a spectator).
    opened = await openPage(browser, { base: server.url, url: `/?game=${id}` });
    const { page } = opened;
    page.setDefaultTimeout(20000);
    await page.waitForSelector('#game:not([hidden])[data-version]');
    await waitMoves(page, 4);

    // SIGKILL, then the same database on the same port.
    server.child.kill('SIGKILL');
    await new Promise((resolve) => { server.child.once('exit', resolve); });
    const addr = new URL(server.url).host;
    server = await serve(addr, db);
    const after = await call(server.url, 'GET', `/api/games/${id}`);
    assert.equal(after.version, state.version, 'the version survives the restart');

    // A move after the restart reaches the page (its version is higher than the page's).
    await play(server.url);
    await waitMoves(page, 5);
    await play(server.url);
    await waitMoves(page, 6);
    assert.equal(Number(await page.getAttribute('#game', 'data-version')), state.version);
    await shot(page, 'restart-page-follows');
    noPageErrors(page);
  } finally {
    await opened?.context.close();
    server.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
