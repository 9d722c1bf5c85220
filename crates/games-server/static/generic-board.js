// Any other game of the catalog (the test game tic-tac-toe): the position text and a button
// per legal move.
import { $, el } from './dom.js';
import { page, legal } from './state.js';

export function renderGeneric(play) {
  const board = $('board');
  board.className = 'board generic';
  $('cards-top').hidden = true;
  $('cards-bottom').hidden = true;
  $('side-card').hidden = true;
  board.replaceChildren(el('div', { class: 'generic-moves' }, [
    el('pre', { text: page.state.position || '' }),
    ...legal().map((m) => el('button', {
      type: 'button', 'data-testid': `move-button-${m.move}`, text: m.move, onclick: () => play(m.move),
    })),
  ]));
}
