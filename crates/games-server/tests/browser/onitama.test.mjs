// Onitama in the browser: the cards from the viewer's seat, a complete game by clicking, the
// forced pass, the repetition count, a picked deal, and a second browser joining by link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  launch, openPage, shot, startGame, clickOnitama, sources, waitMoves, serverState, gameId,
  noPageErrors, BASE,
} from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The target cells of a card's grid as [col, row], centre at [2, 2]. */
async function cardTargets(page, card) {
  return page.$$eval(`[data-testid="card-${card}"] .card-grid .cell`, (cells) => cells
    .map((c, i) => (c.classList.contains('target') ? [i % 5, Math.floor(i / 5)] : null))
    .filter(Boolean));
}

test('a complete game by clicking: Red captures the Master (Way of the Stone)', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'onitama', opponent: 'same_device', deal: 'standard' });
    // Red (the viewer) at the bottom: a5 is the first cell, a1 the bottom left.
    assert.equal(await page.$eval('#board .sq', (c) => c.dataset.square), 'a5');
    assert.equal(await page.locator('#board .sq').count(), 25);
    // Five cards: two above (Blue's), two below (Red's), the side card beside the board.
    assert.equal(await page.locator('[data-testid="cards-top"] .card').count(), 2);
    assert.equal(await page.locator('[data-testid="cards-bottom"] .card').count(), 2);
    assert.equal(await page.locator('[data-testid="side-card"] .card').count(), 1);
    assert.equal(await page.getAttribute('[data-testid="card-crab"]', 'data-holder'), 'side');
    // Red's horse (0,1) (-1,0) (0,-1), upright: forward is up.
    assert.deepEqual((await cardTargets(page, 'horse')).sort(), [[1, 2], [2, 1], [2, 3]].sort());
    // Blue's ox (0,1) (1,0) (0,-1) seen from Red's seat: turned, Blue's right is our left.
    assert.deepEqual((await cardTargets(page, 'ox')).sort(), [[1, 2], [2, 1], [2, 3]].sort());
    assert.equal(await page.getAttribute('[data-testid="repetitions"]', 'data-count'), '1');
    await shot(page, 'onitama-1-start-cards');

    // Blue starts (the crab's stamp): choose the ox, the master on c5, then c4.
    await page.click('[data-testid="card-ox"]');
    const withOx = await sources(page);
    assert.ok(withOx.length > 0);
    await page.click('[data-testid="square-c5"]');
    const dests = await page.$$eval('#board .sq.dest', (c) => c.map((x) => x.dataset.square));
    assert.deepEqual(dests, ['c4']);
    await shot(page, 'onitama-2-card-and-pawn-selected');
    await page.click('[data-testid="square-c4"]');
    await waitMoves(page, 1);
    // The ox was just used: it is the side card now, marked.
    assert.equal(await page.getAttribute('[data-testid="card-ox"]', 'data-holder'), 'side');
    assert.ok(await page.locator('[data-testid="card-ox"].last-used').count() === 1);

    await clickOnitama(page, 'horse:b1b2');
    await clickOnitama(page, 'boar:c4c3');
    await clickOnitama(page, 'elephant:b2c3');
    await page.waitForSelector('[data-testid="outcome"]:not([hidden])');
    assert.equal(await page.getAttribute('[data-testid="outcome"]', 'data-reason'), 'stone');
    assert.equal(await page.getAttribute('[data-testid="outcome"]', 'data-winner'), 'red');
    const state = await serverState(await gameId(page));
    assert.ok((await page.textContent('[data-testid="outcome"]')).includes(state.outcome.words));
    await shot(page, 'onitama-3-stone-win');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('the forced pass: the player picks the card to give away', async () => {
  const { context, page } = await openPage(browser);
  try {
    // A saved game (this device) whose start is the forced-pass position of the rules page.
    await page.evaluate(() => {
      localStorage.setItem('games.saved', JSON.stringify([{
        key: 'pass-test',
        game: 'onitama',
        start: { position: 'MSSSS/5/2m2/5/5 boar,elephant monkey,tiger crab r' },
        moves: [],
        opponent: 'same_device',
        side: 'red',
        saved_at: new Date().toISOString(),
      }]));
    });
    await page.reload();
    await page.waitForSelector('[data-testid="load-saved-0"]');
    await page.click('[data-testid="load-saved-0"]');
    await page.waitForSelector('[data-testid="pass"]:not([hidden])');
    assert.equal(await page.locator('#pass-choices button').count(), 2);
    assert.equal(await sources(page).then((s) => s.length), 0);
    await shot(page, 'onitama-4-forced-pass-choice');
    await page.click('[data-testid="pass-elephant"]');
    await waitMoves(page, 1);
    const first = page.locator('[data-testid="move-1"]');
    assert.equal(await first.getAttribute('data-move'), 'elephant:pass');
    assert.match(await first.textContent(), /gives away the elephant/);
    // Red took the crab; the elephant is the side card now.
    assert.equal(await page.getAttribute('[data-testid="card-elephant"]', 'data-holder'), 'side');
    assert.equal(await page.getAttribute('[data-testid="card-crab"]', 'data-holder'), 'red');
    await shot(page, 'onitama-5-after-pass');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('five picked cards; Blue sees the board turned; a second browser joins by the link', async () => {
  const first = await openPage(browser);
  const second = await openPage(browser);
  try {
    const { page } = first;
    await startGame(page, {
      game: 'onitama', opponent: 'link', side: 'blue', deal: 'pick',
      cards: ['tiger', 'dragon', 'ox', 'boar', 'crab'],
    });
    // Blue's seat: the board is turned, e1 is the first cell, Blue's home row at the bottom.
    assert.equal(await page.$eval('#board .sq', (c) => c.dataset.square), 'e1');
    assert.equal(await page.getAttribute('[data-testid="cards-bottom"]', 'data-player'), 'blue');
    const link = await page.getAttribute('[data-testid="share-link"]', 'href');
    assert.match(link, /\?game=/);
    await shot(page, 'onitama-6-blue-seat-turned-with-link');

    // Blue starts (crab): the master c5 to c4 with the ox.
    await clickOnitama(page, 'ox:c5c4');

    const other = second.page;
    await other.goto(link);
    await other.waitForSelector('#game:not([hidden])[data-version]');
    assert.equal(await other.getAttribute('#game', 'data-side'), 'red');
    assert.equal(await other.$eval('#board .sq', (c) => c.dataset.square), 'a5');
    // A third browser finds both seats taken: it watches.
    const third = await openPage(browser, { url: new URL(link).pathname + new URL(link).search });
    try {
      await third.page.waitForSelector('#game:not([hidden])[data-version]');
      await third.page.waitForFunction(() => /watching/.test(document.querySelector('[data-testid="status"]').textContent));
      assert.equal(await sources(third.page).then((l) => l.length), 0);
    } finally {
      await third.context.close();
    }

    // Red moves its master to c3 with the tiger, into the Blue master's reach: Blue wins.
    await clickOnitama(other, 'tiger:c1c3');
    // The first browser sees Red's move through the WebSocket.
    await waitMoves(page, 2);
    await clickOnitama(page, 'boar:c4c3');
    await page.waitForSelector('[data-testid="outcome"]:not([hidden])');
    await other.waitForSelector('[data-testid="outcome"]:not([hidden])');
    assert.equal(await other.getAttribute('[data-testid="outcome"]', 'data-winner'), 'blue');
    await shot(other, 'onitama-7-second-browser-sees-the-end');
    noPageErrors(page);
    noPageErrors(other);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('the engine answers a move (engine opponent, easy)', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'onitama', opponent: 'engine', level: 'easy', side: 'red', deal: 'standard' });
    // Blue (the engine) starts: its move arrives through the WebSocket.
    await waitMoves(page, 1);
    assert.ok((await sources(page)).length > 0);
    assert.match(BASE, /^http/);
    noPageErrors(page);
  } finally {
    await context.close();
  }
});
