// The Onitama board: the pieces, the five cards drawn as grids from the viewer's seat (the top
// player's hand above, the bottom player's below, the side card beside the board), a selected
// card and pawn's destinations, a choice of card when two reach the same square, and the
// buttons of a pass, where the player chooses the card to give away.
import { $, el, setStatus } from './dom.js';
import { boardOrder, cap } from './format.js';
import { replaceBoard, focusSquare, notYourTurn } from './board.js';
import { page, update, canAct, legal, gameInfo, bottomPlayer, partsOf } from './state.js';

const MASTER = '<svg viewBox="0 0 20 20" aria-hidden="true"><polygon points="3,16 3,7 7,11 10,4 13,11 17,7 17,16"/></svg>';
const STUDENT = '<svg viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="6"/></svg>';

/** Draws the board and the cards; `play(move)` plays a move. */
export function renderOnitama(play) {
  const st = page.state;
  const info = gameInfo('onitama');
  const geometry = info.board;
  const board = $('board');
  board.className = 'board onitama';
  const bottom = bottomPlayer();
  const top = info.players.find((p) => p !== bottom);
  board.dataset.bottom = bottom;

  const moves = legal();
  const real = moves.filter((m) => !m.pass);
  const usable = real.filter((m) => !page.selectedCard || m.card === page.selectedCard);
  const sources = new Set(usable.map((m) => m.from));
  const dests = new Set(page.selected ? usable.filter((m) => m.from === page.selected).map((m) => m.to) : []);
  const pieces = new Map((st.board.pieces || []).map((p) => [p.square, p]));
  const last = (st.moves || [])[st.moves.length - 1];
  const hint = page.hint && partsOf(page.hint.move);
  const candidate = page.pending && partsOf(page.pending.move);
  const touches = (m, square) => m && !m.pass && (m.from === square || m.to === square);
  // The temples: the middle of each home row, the first player's on rank 1.
  const middle = geometry.files[(geometry.files.length - 1) / 2];
  const temples = { [`${middle}1`]: info.players[0], [`${middle}${geometry.ranks}`]: geometry.top };

  const { files, ranks } = boardOrder(geometry, bottom);
  const cells = [];
  for (const rank of ranks) {
    for (const file of files) {
      const square = `${file}${rank}`;
      const piece = pieces.get(square);
      const classes = ['sq'];
      if (temples[square]) classes.push(`temple temple-${temples[square]}`);
      if (sources.has(square)) classes.push('source');
      if (page.selected === square) classes.push('selected');
      if (dests.has(square)) classes.push('dest');
      if (last && !last.pass && last.from === square) classes.push('last-from');
      if (last && !last.pass && last.to === square) classes.push('last-to');
      if (touches(hint, square)) classes.push('hint');
      if (touches(candidate, square)) classes.push('candidate');
      let label = square;
      if (temples[square]) label += `, ${cap(temples[square])}'s temple`;
      if (piece) label += `, ${cap(piece.player)} ${piece.kind}`;
      if (sources.has(square)) label += ', can move';
      if (dests.has(square)) label += ', a destination';
      if (page.selected === square) label += ', selected';
      const inner = [];
      if (piece) {
        inner.push(el('span', {
          class: `piece ${piece.player} ${piece.kind}`,
          'data-testid': `piece-${square}`,
          'data-player': piece.player,
          'data-kind': piece.kind,
          html: piece.kind === 'master' ? MASTER : STUDENT,
        }));
      }
      if (dests.has(square)) inner.push(el('span', { class: 'dot', 'aria-hidden': 'true' }));
      cells.push(el('button', {
        type: 'button',
        class: classes.join(' '),
        'data-testid': `square-${square}`,
        'data-square': square,
        'aria-label': label,
        'aria-pressed': page.selected === square ? 'true' : 'false',
        onclick: () => clickOnitama(square, play),
      }, inner));
    }
  }
  replaceBoard(board, cells, geometry.files.length);

  const cards = st.board.cards || {};
  const selectable = new Set(real.map((m) => m.card));
  const drawHand = (player, container) => {
    container.hidden = false;
    container.dataset.player = player;
    container.replaceChildren(
      el('span', { class: 'hand-label', text: `${cap(player)}'s cards` }),
      ...(cards[player] || []).map((card) => cardButton(card, player, bottom, selectable.has(card), false, play)),
    );
  };
  drawHand(top, $('cards-top'));
  drawHand(bottom, $('cards-bottom'));
  const side = $('side-card');
  side.hidden = false;
  side.replaceChildren(
    el('span', { class: 'hand-label', text: 'Side card' }),
    cards.side ? cardButton(cards.side, st.to_move, bottom, false, true, play) : '',
  );

  // A pass: the player chooses the card to give away.
  const passes = moves.filter((m) => m.pass);
  const pass = $('pass');
  if (passes.length && passes.length === moves.length) {
    pass.hidden = false;
    $('pass-choices').replaceChildren(...passes.map((m) => el('button', {
      type: 'button',
      class: 'primary',
      'data-testid': `pass-${m.card}`,
      'data-move': m.move,
      text: `Give away the ${m.card}`,
      onclick: () => play(m.move),
    })));
  } else {
    pass.hidden = true;
    $('pass-choices').replaceChildren();
  }
}

function cardButton(card, holder, bottom, selectable, isSide, play) {
  const st = page.state;
  const offsets = (st.board.card_moves || {})[card] || [];
  const upright = holder === bottom;
  const targets = new Set(offsets.map(([dx, dy]) => (upright ? `${2 + dx},${2 - dy}` : `${2 - dx},${2 + dy}`)));
  const grid = [];
  for (let row = 0; row < 5; row += 1) {
    for (let col = 0; col < 5; col += 1) {
      const key = `${col},${row}`;
      let cls = 'cell';
      if (col === 2 && row === 2) cls += ' centre';
      else if (targets.has(key)) cls += ' target';
      grid.push(el('span', { class: cls }));
    }
  }
  const classes = ['card'];
  if (isSide) classes.push('side');
  if (st.board.last_card === card) classes.push('last-used');
  if (page.selectedCard === card) classes.push('selected');
  if (selectable) classes.push('selectable');
  if (page.ambiguous && selectable && cardReaches(card, page.selected, page.ambiguous)) classes.push('choose');
  const labelParts = [`${card} card`, isSide ? 'the side card' : `${cap(holder)}'s`];
  if (st.board.last_card === card) labelParts.push('used last');
  if (page.selectedCard === card) labelParts.push('selected');
  return el('button', {
    type: 'button',
    class: classes.join(' '),
    'data-testid': `card-${card}`,
    'data-card': card,
    'data-holder': isSide ? 'side' : holder,
    'aria-label': labelParts.join(', '),
    'aria-pressed': page.selectedCard === card ? 'true' : 'false',
    onclick: () => clickCard(card, selectable, play),
  }, [
    el('span', { class: 'card-grid', 'aria-hidden': 'true' }, grid),
    el('span', { class: 'card-name', text: card }),
    st.board.last_card === card ? el('span', { class: 'card-tag', 'data-testid': 'last-card', text: 'used last' }) : null,
  ]);
}

function moveWith(card, from, to) {
  return legal().find((m) => !m.pass && m.card === card && m.from === from && m.to === to);
}

function cardReaches(card, from, to) {
  return !!moveWith(card, from, to);
}

function clickCard(card, selectable, play) {
  if (!selectable) {
    if (canAct()) setStatus(`The ${card} is not a card you can use now.`);
    return;
  }
  const chosen = page.ambiguous && moveWith(card, page.selected, page.ambiguous);
  if (chosen) {
    play(chosen.move);
    return;
  }
  const selectedCard = page.selectedCard === card ? null : card;
  const keep = page.selected && selectedCard
    && legal().some((m) => m.card === card && m.from === page.selected);
  update({ selectedCard, ambiguous: null, selected: keep || !selectedCard ? page.selected : null });
  const again = document.querySelector(`[data-testid="card-${card}"]`);
  if (again) again.focus();
}

function clickOnitama(square, play) {
  if (!canAct()) {
    notYourTurn();
    return;
  }
  const usable = legal().filter((m) => !m.pass && (!page.selectedCard || m.card === page.selectedCard));
  if (page.selected) {
    const hits = usable.filter((m) => m.from === page.selected && m.to === square);
    if (hits.length === 1) {
      play(hits[0].move);
      return;
    }
    if (hits.length > 1) {
      update({ ambiguous: square });
      setStatus(`Both ${hits.map((m) => `the ${m.card}`).join(' and ')} reach ${square}: choose the card to use.`);
      return;
    }
  }
  const select = usable.some((m) => m.from === square) && page.selected !== square;
  update({ ambiguous: null, selected: select ? square : null });
  focusSquare(square);
}
