// Kamisado in the browser: sources, a complete game by clicking, the automatic zero-length
// move, a deadlock, undo, the keyboard, and a saved game loaded back after a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, shot, startGame, clickKamisado, sources, waitMoves, moveCount, position,
  serverState, gameId, noPageErrors,
} from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the board: eight colours with eight marks, eight sources, then the one required tower', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    assert.equal(await page.locator('#board .sq').count(), 64);
    // Each colour has its own mark, on squares and towers alike.
    const marks = await page.$$eval('#board .sq', (cells) => {
      const byColour = {};
      for (const c of cells) {
        const mark = c.querySelector('.sq-mark svg').dataset.mark;
        (byColour[c.dataset.colour] ||= new Set()).add(mark);
      }
      return Object.fromEntries(Object.entries(byColour).map(([k, v]) => [k, [...v]]));
    });
    assert.equal(Object.keys(marks).length, 8);
    for (const list of Object.values(marks)) assert.equal(list.length, 1);
    assert.equal(new Set(Object.values(marks).map((l) => l[0])).size, 8, 'a distinct mark per colour');
    assert.equal(await page.locator('#board .tower .tower-mark').count(), 16);
    // a1 at the bottom left for Black.
    const first = await page.$eval('#board .sq', (c) => c.dataset.square);
    assert.equal(first, 'a8');

    const start = await sources(page);
    assert.equal(start.length, 8);
    assert.deepEqual([...start].sort(), ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1']);
    await shot(page, 'kamisado-1-start-eight-sources');

    // The keyboard: focus a1, Enter selects, ArrowUp goes to a2, Space plays a1a2.
    await page.focus('[data-testid="square-a1"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="square-a1"].selected');
    const dests = await page.$$eval('#board .sq.dest', (c) => c.map((x) => x.dataset.square));
    const state = await serverState(await gameId(page));
    assert.deepEqual(dests.sort(), state.legal_moves.filter((m) => m.startsWith('a1')).map((m) => m.slice(2)).sort());
    await shot(page, 'kamisado-2-tower-selected-destinations');
    await page.keyboard.press('ArrowUp');
    const focused = await page.evaluate(() => document.activeElement.dataset.square);
    assert.equal(focused, 'a2');
    await page.keyboard.press(' ');
    await waitMoves(page, 1);

    // a2 is purple: Gold must move its purple tower (c8), the only source.
    assert.deepEqual(await sources(page), ['c8']);
    await shot(page, 'kamisado-3-one-required-source');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a complete game by clicking: Black reaches the home row', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    for (const move of ['a1a2', 'c8b7', 'h1g2', 'a8a7', 'c1c8']) await clickKamisado(page, move);
    await page.waitForSelector('[data-testid="outcome"]:not([hidden])');
    assert.equal(await page.getAttribute('[data-testid="outcome"]', 'data-winner'), 'black');
    assert.equal(await page.getAttribute('[data-testid="outcome"]', 'data-reason'), 'home_row');
    const words = await page.textContent('[data-testid="outcome"]');
    assert.ok(words.trim().length > 0);
    assert.equal(await sources(page).then((s) => s.length), 0, 'no source once the game is over');
    const record = await page.inputValue('[data-testid="record"]');
    assert.match(record, /a1a2 c8b7 h1g2 a8a7 c1c8$/);
    await page.click('[data-testid="copy-record"]');
    await page.waitForFunction(() => /copied/.test(document.querySelector('[data-testid="status"]').textContent));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), record);
    await shot(page, 'kamisado-4-home-row-win');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a tower that cannot move: the zero-length move is played automatically, no Pass button', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    await clickKamisado(page, 'd1d7');
    await clickKamisado(page, 'g8b3');
    // Black's yellow tower on d7 is stuck: the server plays d7d7 by itself.
    await waitMoves(page, 3);
    const third = page.locator('[data-testid="move-3"]');
    assert.equal(await third.getAttribute('data-move'), 'd7d7');
    assert.equal(await third.getAttribute('data-forced'), 'true');
    assert.match(await third.textContent(), /automatic/i);
    assert.match(await page.textContent('[data-testid="status"]'), /automatic/i);
    assert.equal(await page.locator('button', { hasText: /^pass$/i }).count(), 0);
    assert.equal(await page.locator('[data-testid="pass"]:visible').count(), 0);
    // d7 is green: Gold's green tower (now on b3) is the one source.
    assert.deepEqual(await sources(page), ['b3']);
    await shot(page, 'kamisado-5-automatic-zero-length-move');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a deadlock is explained in words', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    for (const move of ['c1a3', 'b8h2', 'a3e7']) await clickKamisado(page, move);
    // h2h2 and e7e7 follow by themselves; the second repeats a state: deadlock, Gold wins.
    await page.waitForSelector('[data-testid="outcome"]:not([hidden])');
    assert.equal(await page.getAttribute('[data-testid="outcome"]', 'data-reason'), 'deadlock');
    assert.equal(await page.getAttribute('[data-testid="outcome"]', 'data-winner'), 'gold');
    const state = await serverState(await gameId(page));
    assert.equal((await page.textContent('[data-testid="outcome"]')).includes(state.outcome.words), true);
    assert.equal(await page.locator('#move-list li.forced').count(), 2);
    await shot(page, 'kamisado-6-deadlock-in-words');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('undo takes back a turn; the game is saved on this device and loaded back after a reload', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    await clickKamisado(page, 'a1a2');
    const afterFirst = await position(page);
    await clickKamisado(page, 'c8b7');
    assert.equal(await page.isDisabled('[data-testid="undo"]'), false);
    await page.click('[data-testid="undo"]');
    await waitMoves(page, 1);
    assert.equal(await position(page), afterFirst);
    assert.deepEqual(await sources(page), ['c8']);
    await shot(page, 'kamisado-7-after-undo');

    await clickKamisado(page, 'c8b7');
    await clickKamisado(page, 'h1g2');
    const saved = await position(page);
    await page.click('[data-testid="save"]');
    await page.waitForSelector('[data-testid="saved-0"]');
    assert.match(await page.textContent('[data-testid="saved-note"]'), /this device only/);
    assert.ok(await page.isVisible('[data-testid="saved-note"]'));

    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('[data-testid="saved-0"]');
    const oldId = await gameId(page);
    await page.click('[data-testid="load-saved-0"]');
    await page.waitForFunction((id) => new URL(location.href).searchParams.get('game') !== id, oldId);
    await waitMoves(page, 3);
    assert.equal(await position(page), saved);
    assert.notEqual(await gameId(page), oldId, 'loading creates a new server game');
    assert.deepEqual(await page.$$eval('#move-list li[data-move]', (l) => l.map((x) => x.dataset.move)), ['a1a2', 'c8b7', 'h1g2']);
    await shot(page, 'kamisado-8-loaded-from-this-device');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a server error is shown in the status line', async () => {
  const { context, page } = await openPage(browser, { url: '/?game=no-such-game' });
  try {
    await page.waitForSelector('[data-testid="status"].error');
    assert.match(await page.textContent('[data-testid="status"]'), /error/i);
  } finally {
    await context.close();
  }
});

test('the hint button asks the engine for a legal move', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device' });
    await clickKamisado(page, 'a1a2');
    await page.click('[data-testid="hint"]');
    await page.waitForSelector('[data-testid="hint-result"]:not([hidden])', { timeout: 60000 });
    const text = await page.textContent('[data-testid="hint-result"]');
    const state = await serverState(await gameId(page));
    assert.ok(state.legal_moves.some((m) => text.includes(m)), text);
    assert.ok(await page.locator('#board .sq.hint').count() >= 1);
    assert.equal(await moveCount(page), 1, 'a hint plays nothing');
    await shot(page, 'kamisado-9-hint');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});
