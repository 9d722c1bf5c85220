// Phone width (360x740): the boards fit without horizontal scrolling.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot, startGame, noPageErrors } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function fits(page) {
  return page.evaluate(() => {
    const board = document.querySelector('#board').getBoundingClientRect();
    const cells = [...document.querySelectorAll('#board .sq')].map((c) => c.getBoundingClientRect());
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      boardLeft: board.left,
      boardRight: board.right,
      smallestCell: Math.min(...cells.map((c) => c.width)),
      cardsRight: Math.max(0, ...[...document.querySelectorAll('.card')].map((c) => c.getBoundingClientRect().right)),
    };
  });
}

for (const game of ['kamisado', 'onitama']) {
  test(`${game} at 360x740 fits without horizontal scrolling`, async () => {
    const { context, page } = await openPage(browser, { width: 360, height: 740 });
    try {
      assert.ok((await fits(page)).scrollWidth <= 360, 'the setup form fits');
      await shot(page, `phone-setup`);
      await startGame(page, { game, opponent: 'same_device' });
      const m = await fits(page);
      assert.ok(m.scrollWidth <= m.innerWidth, `no horizontal scroll: ${JSON.stringify(m)}`);
      assert.ok(m.boardLeft >= 0 && m.boardRight <= 360, `the board is inside: ${JSON.stringify(m)}`);
      assert.ok(m.cardsRight <= 360, `the cards are inside: ${JSON.stringify(m)}`);
      assert.ok(m.smallestCell >= 30, `squares big enough to tap: ${m.smallestCell}`);
      await shot(page, `phone-${game}-360`);
      noPageErrors(page);
    } finally {
      await context.close();
    }
  });
}
