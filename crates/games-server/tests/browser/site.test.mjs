// The static site of `games site`, served by a plain static file server with no `games serve`
// behind it: both games against the in-browser engine by clicks, a forced move, a pass and undo,
// save/reload/load, a reload with the network cut, the page answering while the engine thinks,
// and screenshots of both games on a desktop and a 360-pixel phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, shot, startGame, clickKamisado, clickOnitama, sources, waitMoves, moveCount,
  position, noPageErrors, SITE,
} from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const open = (options = {}) => openPage(browser, { base: SITE, ...options });

/** Waits until the viewer may move: the engine is not thinking and a source is shown (or the
 *  game is over). */
async function myTurn(page) {
  await page.waitForFunction(() => {
    const game = document.querySelector('#game');
    if (game.dataset.over === 'true') return true;
    return game.dataset.thinking === 'false' && (document.querySelector('#board .sq.source')
      || !document.querySelector('[data-testid="pass"]').hidden);
  }, null, { timeout: 30000 });
  return (await page.getAttribute('#game', 'data-over')) === 'true';
}

/** Plays the first source's first destination by clicking (Onitama: the first usable card
 *  first, or the first pass button). */
async function clickSomeMove(page, game) {
  const before = await moveCount(page);
  if (game === 'onitama') {
    if (await page.isVisible('[data-testid="pass"]')) {
      await page.click('#pass-choices button');
      await page.waitForFunction((n) => Number(document.querySelector('#game').dataset.moves) > n, before);
      return;
    }
    await page.click('[data-testid="cards-bottom"] .card.selectable');
  }
  const [from] = await sources(page);
  await page.click(`[data-testid="square-${from}"]`);
  const to = await page.$eval('#board .sq.dest', (c) => c.dataset.square);
  await page.click(`[data-testid="square-${to}"]`);
  await page.waitForFunction((n) => Number(document.querySelector('#game').dataset.moves) > n, before);
}

async function playToTheEnd(page, game, limit) {
  for (let i = 0; i < limit; i += 1) {
    if (await myTurn(page)) return;
    await clickSomeMove(page, game);
  }
  assert.fail(`the game did not end within ${limit} moves of ours`);
}

test('the static site offers the engine and this device only, and says why', async () => {
  const { context, page } = await open();
  try {
    assert.equal(await page.getAttribute('html', 'data-backend'), 'local');
    assert.ok(await page.isVisible('[data-testid="offline-note"]'));
    assert.match(await page.textContent('[data-testid="offline-note"]'), /need the server/);
    assert.ok(await page.isVisible('[data-testid="setup-opponent-engine"]'));
    assert.ok(await page.isVisible('[data-testid="setup-opponent-same_device"]'));
    assert.equal(await page.isVisible('[data-testid="setup-opponent-link"]'), false);
    assert.equal(await page.isVisible('[data-testid="setup-format-clock_duel"]'), false);
    // The levels and cards come from the library's catalog.
    const levels = await page.$$eval('[data-testid="setup-level"] option', (o) => o.map((x) => x.value));
    assert.deepEqual(levels, ['easy', 'medium', 'hard', 'max', 'perfect']);
    await page.check('[data-testid="setup-game-onitama"]');
    assert.equal(await page.locator('[data-testid="setup-card-0"] option').count(), 16);
    assert.equal(await page.inputValue('[data-testid="setup-card-4"]'), 'crab');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a complete Kamisado game against the in-browser engine, by clicks', async () => {
  const { context, page } = await open();
  try {
    await startGame(page, { game: 'kamisado', opponent: 'engine', level: 'easy', side: 'black' });
    assert.equal(await page.$eval('#board .sq', (c) => c.dataset.square), 'a8');
    await playToTheEnd(page, 'kamisado', 80);
    const reason = await page.getAttribute('[data-testid="outcome"]', 'data-reason');
    assert.ok(['home_row', 'deadlock'].includes(reason), reason);
    assert.ok((await page.textContent('[data-testid="outcome"]')).trim().length > 0);
    await shot(page, 'site-1-kamisado-against-the-engine');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a complete Onitama game against the in-browser engine, by clicks', async () => {
  const { context, page } = await open();
  try {
    await startGame(page, { game: 'onitama', opponent: 'engine', level: 'medium', side: 'red', deal: 'standard' });
    // Blue (the engine) starts with set A: its move arrives from the worker.
    await waitMoves(page, 1);
    await playToTheEnd(page, 'onitama', 150);
    const reason = await page.getAttribute('[data-testid="outcome"]', 'data-reason');
    assert.ok(['stone', 'stream'].includes(reason), reason);
    await shot(page, 'site-2-onitama-against-the-engine');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a forced zero-length move, a pass with the chosen card, and undo', async () => {
  const { context, page } = await open();
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    await clickKamisado(page, 'd1d7');
    await clickKamisado(page, 'g8b3');
    await waitMoves(page, 3);
    const third = page.locator('[data-testid="move-3"]');
    assert.equal(await third.getAttribute('data-move'), 'd7d7');
    assert.equal(await third.getAttribute('data-forced'), 'true');
    assert.match(await page.textContent('[data-testid="status"]'), /automatic turn: black's yellow tower on d7 cannot move/i);
    assert.deepEqual(await sources(page), ['b3']);
    // Undo takes back the forced turn with the move before it.
    await page.click('[data-testid="undo"]');
    await waitMoves(page, 1);
    assert.deepEqual(await sources(page), ['g8']);

    await page.evaluate(() => {
      localStorage.setItem('games.saved', JSON.stringify([{
        key: 'pass', game: 'onitama', start: { position: 'MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r' },
        moves: [], opponent: 'same_device', side: 'red', saved_at: new Date().toISOString(),
      }]));
    });
    await page.click('[data-testid="new-game"]');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.click('[data-testid="load-saved-0"]');
    await page.waitForSelector('[data-testid="pass"]:not([hidden])');
    assert.equal(await page.locator('#pass-choices button').count(), 2);
    await page.click('[data-testid="pass-elephant"]');
    await waitMoves(page, 1);
    assert.equal(await page.getAttribute('[data-testid="move-1"]', 'data-move'), 'elephant:pass');
    assert.equal(await page.getAttribute('[data-testid="card-elephant"]', 'data-holder'), 'side');
    await page.click('[data-testid="undo"]');
    await waitMoves(page, 0);
    assert.ok(await page.isVisible('[data-testid="pass"]'));
    await shot(page, 'site-3-pass-after-undo');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('save, reload, load: the game comes back from this device', async () => {
  const { context, page } = await open();
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    for (const move of ['a1a2', 'c8b7', 'h1g2']) await clickKamisado(page, move);
    const saved = await position(page);
    await page.click('[data-testid="save"]');
    await page.waitForSelector('[data-testid="saved-0"]');
    assert.match(await page.textContent('[data-testid="saved-note"]'), /this device only/);

    // A reload finds the game being played again (kept in this browser).
    await page.reload();
    await page.waitForSelector('#game:not([hidden])[data-version]');
    assert.equal(await position(page), saved);

    await page.click('[data-testid="new-game"]');
    await page.click('[data-testid="load-saved-0"]');
    await waitMoves(page, 3);
    assert.equal(await position(page), saved);
    assert.deepEqual(await page.$$eval('#move-list li[data-move]', (l) => l.map((x) => x.dataset.move)), ['a1a2', 'c8b7', 'h1g2']);
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('offline: with the network cut after the first visit, a reload still opens and plays', async () => {
  const { context, page } = await open();
  try {
    // The service worker has cached every file of the site.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the page is controlled by the service worker');

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    await startGame(page, { game: 'kamisado', opponent: 'engine', level: 'easy', side: 'black' });
    await clickKamisado(page, 'a1a2');
    // The engine (in its worker, from the cached .wasm) answers.
    await waitMoves(page, 2);
    await shot(page, 'site-4-offline-reload-plays');
    noPageErrors(page);
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

test('while the engine thinks for a second, the page keeps answering (no main-thread task over 100 ms)', async () => {
  const { context, page } = await open();
  try {
    // Onitama at max thinks for its full second; Blue starts with set A.
    await startGame(page, { game: 'onitama', opponent: 'engine', level: 'max', side: 'red', deal: 'standard' });
    await page.waitForSelector('#game[data-thinking="true"]', { timeout: 5000 });
    // Every main-thread task of 50 ms or more from now on, while the engine thinks.
    await page.evaluate(() => {
      window.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longestTask = Math.max(window.longestTask, entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const flips = [];
    while ((await page.getAttribute('#game', 'data-thinking')) === 'true') {
      const before = await page.getAttribute('#board', 'data-bottom');
      const started = Date.now();
      await page.click('[data-testid="flip"]');
      await page.waitForFunction((b) => document.querySelector('#board').dataset.bottom !== b, before);
      flips.push(Date.now() - started);
    }
    await waitMoves(page, 1);
    assert.ok(flips.length >= 2, `the board was turned ${flips.length} times while the engine thought`);
    const longest = await page.evaluate(() => window.longestTask);
    console.log(`longest main-thread task while the engine thought: ${longest.toFixed(0)} ms; turns of the board answered in ${flips.join(', ')} ms`);
    assert.ok(longest < 100, `longest task ${longest} ms`);
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

for (const [width, height, label] of [[1200, 900, 'desktop'], [360, 740, 'phone']]) {
  test(`screenshots of both games, ${label} (${width} px)`, async () => {
    const { context, page } = await open({ width, height });
    try {
      await startGame(page, { game: 'kamisado', opponent: 'same_device' });
      await clickKamisado(page, 'c1a3');
      await shot(page, `site-5-kamisado-${label}`);
      const kamisadoWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(kamisadoWidth <= width, `no horizontal scrolling: ${kamisadoWidth} px`);
      await page.click('[data-testid="new-game"]');
      await startGame(page, { game: 'onitama', opponent: 'same_device', deal: 'standard' });
      await clickOnitama(page, 'ox:c5c4');
      await shot(page, `site-6-onitama-${label}`);
      const onitamaWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(onitamaWidth <= width, `no horizontal scrolling: ${onitamaWidth} px`);
      noPageErrors(page);
    } finally {
      await context.close();
    }
  });
}
