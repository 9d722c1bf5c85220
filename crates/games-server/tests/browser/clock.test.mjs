// The clock duel: both clocks shown, the running one counting down live from state.clock.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, shot, startGame, clickKamisado, serverState, gameId, noPageErrors } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const clockMs = (page, player) => page.getAttribute(`[data-testid="clock-${player}"]`, 'data-ms').then(Number);

test('a clock duel: both clocks visible, the running one counts down', async () => {
  const { context, page } = await openPage(browser);
  try {
    await startGame(page, { game: 'kamisado', opponent: 'same_device', format: 'clock_duel', timeControl: '3+2' });
    await page.waitForSelector('[data-testid="clock-black"]');
    assert.ok(await page.isVisible('[data-testid="clock-black"]'));
    assert.ok(await page.isVisible('[data-testid="clock-gold"]'));
    let state = await serverState(await gameId(page));
    assert.ok(state.clock, 'the state has a clock');
    if (!state.clock.running) {
      // The clock starts with the first move: play one, Gold's clock runs.
      await clickKamisado(page, 'a1a2');
      state = await serverState(await gameId(page));
    }
    const running = state.clock.running;
    const idle = running === 'black' ? 'gold' : 'black';
    assert.ok(running, 'a clock runs');
    const a = await clockMs(page, running);
    const idleA = await clockMs(page, idle);
    await page.waitForTimeout(1600);
    const b = await clockMs(page, running);
    const idleB = await clockMs(page, idle);
    assert.ok(a - b >= 1000, `the running clock counts down: ${a} then ${b}`);
    assert.equal(idleA, idleB, 'the other clock stands still');
    assert.ok(a <= 3 * 60 * 1000 + 2000);
    assert.match(await page.textContent(`[data-testid="clock-${running}"]`), /^\d+:\d\d/);
    assert.ok(await page.locator(`.clock.running [data-testid="clock-${running}"]`).count() === 1);
    await shot(page, 'clock-duel-both-clocks');
    noPageErrors(page);
  } finally {
    await context.close();
  }
});
