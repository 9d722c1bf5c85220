// What every board shares: one Tab stop with arrow keys (a roving tabindex), the focus kept
// across renders, and the word for a click that is not the viewer's to make.
import { $, setStatus } from './dom.js';
import { page, over, update } from './state.js';

/** Replaces the board's cells, keeping the focused square focused. */
export function replaceBoard(board, cells, size) {
  const focused = document.activeElement && board.contains(document.activeElement)
    ? document.activeElement.dataset.square : null;
  board.style.setProperty('--size', size);
  board.replaceChildren(...cells);
  const active = focused || page.selected || (page.state.sources || [])[0];
  let any = false;
  for (const cell of cells) {
    const mine = cell.dataset.square === active;
    cell.tabIndex = mine ? 0 : -1;
    any = any || mine;
  }
  if (!any && cells.length) cells[0].tabIndex = 0;
  if (focused) focusSquare(focused);
}

export function focusSquare(square) {
  const cell = document.querySelector(`#board [data-square="${square}"]`);
  if (cell) {
    for (const other of $('board').querySelectorAll('[data-square]')) other.tabIndex = -1;
    cell.tabIndex = 0;
    cell.focus();
  }
}

/** Arrow keys move within the board; Escape clears the selection. */
export function boardKeys(event) {
  const cell = event.target.closest('[data-square]');
  if (!cell) return;
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = steps[event.key];
  if (!step) {
    if (event.key === 'Escape') {
      update({ selected: null, selectedCard: null, ambiguous: null });
      focusSquare(cell.dataset.square);
    }
    return;
  }
  event.preventDefault();
  const cells = [...$('board').querySelectorAll('[data-square]')];
  const size = Number($('board').style.getPropertyValue('--size')) || Math.round(Math.sqrt(cells.length));
  const index = cells.indexOf(cell);
  const col = Math.min(size - 1, Math.max(0, (index % size) + step[0]));
  const row = Math.min(size - 1, Math.max(0, Math.floor(index / size) + step[1]));
  const target = cells[row * size + col];
  if (target) focusSquare(target.dataset.square);
}

/** Says why a click on the board does nothing. */
export function notYourTurn() {
  if (!over() && page.state) setStatus(page.token ? 'It is not your turn.' : 'You are watching this game.');
}
