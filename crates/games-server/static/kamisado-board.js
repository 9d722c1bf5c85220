// The Kamisado board: eight colours, each with its own mark on squares and towers, the legal
// sources and a selected tower's destinations; a click on a source selects it, a click on a
// destination plays.
import { $, el, setStatus } from './dom.js';
import { boardOrder, cap } from './format.js';
import { replaceBoard, focusSquare, notYourTurn } from './board.js';
import { page, update, canAct, legal, gameInfo, bottomPlayer, partsOf } from './state.js';

export const COLOURS = {
  n: { name: 'brown', hex: '#7b4a23' },
  g: { name: 'green', hex: '#2f8f3a' },
  r: { name: 'red', hex: '#cf2e2e' },
  y: { name: 'yellow', hex: '#f0c419' },
  k: { name: 'pink', hex: '#f28cbc' },
  p: { name: 'purple', hex: '#7d3c98' },
  b: { name: 'blue', hex: '#2c6fd1' },
  o: { name: 'orange', hex: '#f07f1a' },
};

// One geometric mark per colour, drawn in a 0..20 box (inline SVG): the colour never has to
// be told apart by hue alone.
const MARKS = {
  n: { shape: 'square', svg: '<rect x="4" y="4" width="12" height="12"/>' },
  g: { shape: 'triangle', svg: '<polygon points="10,2.5 18,17 2,17"/>' },
  r: { shape: 'circle', svg: '<circle cx="10" cy="10" r="7"/>' },
  y: { shape: 'diamond', svg: '<polygon points="10,1.5 18.5,10 10,18.5 1.5,10"/>' },
  k: { shape: 'plus', svg: '<polygon points="7,2 13,2 13,7 18,7 18,13 13,13 13,18 7,18 7,13 2,13 2,7 7,7"/>' },
  p: { shape: 'star', svg: '<polygon points="10,1.5 12.4,7.2 18.5,7.6 13.8,11.6 15.3,17.6 10,14.3 4.7,17.6 6.2,11.6 1.5,7.6 7.6,7.2"/>' },
  b: { shape: 'hexagon', svg: '<polygon points="10,1.5 17.5,5.7 17.5,14.3 10,18.5 2.5,14.3 2.5,5.7"/>' },
  o: { shape: 'cross', svg: '<polygon points="4.5,2 10,7.5 15.5,2 18,4.5 12.5,10 18,15.5 15.5,18 10,12.5 4.5,18 2,15.5 7.5,10 2,4.5"/>' },
};

function markSvg(letter, extraClass = '') {
  const mark = MARKS[letter];
  if (!mark) return '';
  return `<svg class="mark ${extraClass}" viewBox="0 0 20 20" aria-hidden="true" focusable="false" data-mark="${mark.shape}">${mark.svg}</svg>`;
}

/** Draws the board; `play(move)` plays a move. */
export function renderKamisado(play) {
  const st = page.state;
  const geometry = gameInfo('kamisado').board;
  const board = $('board');
  board.className = 'board kamisado';
  $('cards-top').hidden = true;
  $('cards-bottom').hidden = true;
  $('side-card').hidden = true;
  $('pass').hidden = true;

  const moves = legal();
  const sources = new Set(canAct() ? st.sources || [] : []);
  const dests = new Set(page.selected ? moves.filter((m) => m.from === page.selected).map((m) => m.to) : []);
  const towers = new Map((st.board.towers || []).map((t) => [t.square, t]));
  const last = (st.moves || [])[st.moves.length - 1];
  const hint = page.hint && partsOf(page.hint.move);
  const candidate = page.pending && partsOf(page.pending.move);
  const touches = (m, square) => m && (m.from === square || m.to === square);

  const bottom = bottomPlayer();
  const { files, ranks } = boardOrder(geometry, bottom);
  board.dataset.bottom = bottom;
  const cells = [];
  for (const rank of ranks) {
    for (const file of files) {
      const square = `${file}${rank}`;
      const colour = st.board.squares[geometry.ranks - rank][geometry.files.indexOf(file)];
      const tower = towers.get(square);
      const classes = ['sq', `col-${colour}`];
      if (sources.has(square)) classes.push('source');
      if (page.selected === square) classes.push('selected');
      if (dests.has(square)) classes.push('dest');
      if (last && last.from === square) classes.push('last-from');
      if (last && last.to === square) classes.push('last-to');
      if (touches(hint, square)) classes.push('hint');
      if (touches(candidate, square)) classes.push('candidate');
      let label = `${square}, ${COLOURS[colour].name} square`;
      if (tower) label += `, ${cap(tower.player)}'s ${COLOURS[tower.colour].name} tower`;
      if (sources.has(square)) label += ', can move';
      if (dests.has(square)) label += ', a destination';
      if (page.selected === square) label += ', selected';
      const inner = [el('span', { class: 'sq-mark', html: markSvg(colour) })];
      if (tower) {
        inner.push(el('span', {
          class: `tower ${tower.player}`,
          'data-testid': `tower-${square}`,
          'data-colour': tower.colour,
          'data-player': tower.player,
          style: `--tower-colour: ${COLOURS[tower.colour].hex}`,
          html: markSvg(tower.colour, 'tower-mark'),
        }));
      }
      if (dests.has(square)) inner.push(el('span', { class: 'dot', 'aria-hidden': 'true' }));
      cells.push(el('button', {
        type: 'button',
        class: classes.join(' '),
        'data-testid': `square-${square}`,
        'data-square': square,
        'data-colour': colour,
        'aria-label': label,
        'aria-pressed': page.selected === square ? 'true' : 'false',
        style: `--sq-colour: ${COLOURS[colour].hex}`,
        onclick: () => clickKamisado(square, play),
      }, inner));
    }
  }
  replaceBoard(board, cells, geometry.files.length);
}

function clickKamisado(square, play) {
  if (!canAct()) {
    notYourTurn();
    return;
  }
  const moves = legal();
  if (page.selected) {
    const move = moves.find((m) => m.from === page.selected && m.to === square);
    if (move) {
      play(move.move);
      return;
    }
  }
  if ((page.state.sources || []).includes(square) && page.selected !== square) {
    const count = moves.filter((m) => m.from === square).length;
    update({ selected: square });
    setStatus(`Tower on ${square} selected: ${count} destination${count === 1 ? '' : 's'}.`);
  } else {
    update({ selected: null });
  }
  focusSquare(square);
}
