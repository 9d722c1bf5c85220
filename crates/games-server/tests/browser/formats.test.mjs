// The house formats besides the clock duel: the coaching round and the mirror match.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot, startGame, clickKamisado, waitMoves, moveCount, noPageErrors } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a coaching round: the coach answers a candidate before it is played', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device', format: 'coaching' });
    await page.click('[data-testid="square-a1"]');
    await page.waitForSelector('[data-testid="square-a2"].dest');
    await page.click('[data-testid="square-a2"]');
    await page.waitForSelector('[data-testid="coach"]:not([hidden])');
    assert.match(await page.textContent('[data-testid="coach-answer"]'), /a1a2/);
    assert.equal(await moveCount(page), 0, 'the candidate is not played yet');
    await shot(page, 'coaching-answer');
    await page.click('[data-testid="coach-play"]');
    await waitMoves(page, 1);
    assert.ok(await page.isHidden('[data-testid="coach"]'));
    noPageErrors(page);
  } finally {
    await context.close();
  }
});

test('a mirror match: after the first game, the second with the sides swapped', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device', format: 'mirror_match' });
    assert.match(await page.textContent('[data-testid="mirror-info"]'), /game 1 of 2/);
    for (const move of ['a1a2', 'c8b7', 'h1g2', 'a8a7', 'c1c8']) await clickKamisado(page, move);
    await page.waitForSelector('[data-testid="next-game"]:not([hidden])');
    await page.click('[data-testid="next-game"]');
    await page.waitForFunction(() => /game 2 of 2/.test(document.querySelector('[data-testid="mirror-info"]').textContent));
    await waitMoves(page, 0);
    // The creator's seat plays Gold now: the board is turned (h1 top left).
    assert.equal(await page.getAttribute('#game', 'data-side'), 'gold');
    assert.equal(await page.$eval('#board .sq', (c) => c.dataset.square), 'h1');
    await shot(page, 'mirror-match-second-game');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});
