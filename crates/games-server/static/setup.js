// The setup form, built from the catalog: the games (those with a board), each game's players
// for the side, its levels, Onitama's cards and default deal, and only the opponents and house
// formats the backend offers.
import { $, el, setStatus } from './dom.js';
import { cap } from './format.js';
import { page, gameInfo } from './state.js';

function formValue(name) {
  const checked = document.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : null;
}

/** The start option whose value is made of choices (Onitama's `cards`), if the game has one. */
function dealOption(game) {
  const info = gameInfo(game);
  return info ? info.start_options.find((o) => o.choices.length) || null : null;
}

/** Fills the form from the catalog; called once at start-up. */
export function buildSetup() {
  const catalog = page.catalog;
  const games = catalog.games.filter((g) => g.board);
  $('game-choices').replaceChildren(...games.map((g, i) => el('label', {}, [
    el('input', {
      type: 'radio', name: 'game', value: g.name, 'data-testid': `setup-game-${g.name}`, checked: i === 0,
    }),
    ` ${cap(g.name)}`,
  ])));
  for (const input of document.querySelectorAll('input[name="opponent"]')) {
    const offered = catalog.opponents.includes(input.value);
    input.closest('label').hidden = !offered;
    input.disabled = !offered;
  }
  for (const input of document.querySelectorAll('input[name="format"]')) {
    const offered = catalog.formats.includes(input.value);
    input.closest('label').hidden = !offered;
    input.disabled = !offered;
  }
  const deal = games.map((g) => dealOption(g.name)).find(Boolean);
  if (deal) {
    const defaults = (deal.default || '').split(',');
    const names = ['Red card 1', 'Red card 2', 'Blue card 1', 'Blue card 2', 'Side card'];
    names.forEach((name, i) => {
      const select = $(`setup-card-${i}`);
      select.replaceChildren(...deal.choices.map((c) => el('option', { value: c, text: c })));
      if (defaults[i]) select.value = defaults[i];
      select.setAttribute('aria-label', name);
    });
  }
  updateSetup();
}

/** Shows the rows that apply to the chosen game, opponent and format. */
export function updateSetup() {
  const game = formValue('game');
  const info = gameInfo(game);
  if (!info) return;
  const opponent = formValue('opponent');
  const format = formValue('format');
  const side = $('setup-side');
  const previous = side.value;
  side.replaceChildren(...info.players.map((p) => el('option', { value: p, text: cap(p) })));
  if (info.players.includes(previous)) side.value = previous;
  const level = $('setup-level');
  const chosen = level.value || 'medium';
  level.replaceChildren(...info.levels.map((l) => el('option', { value: l, text: l })));
  level.value = info.levels.includes(chosen) ? chosen : info.levels[Math.min(1, info.levels.length - 1)];
  $('level-row').hidden = opponent !== 'engine';
  $('deal-fieldset').hidden = !dealOption(game);
  $('deal-pick').hidden = formValue('deal') !== 'pick';
  $('time-control-row').hidden = format !== 'clock_duel';
}

/** The options of a new game from the form, or `null` (and a word in the status line). */
export function formOptions() {
  const game = formValue('game');
  const opponent = formValue('opponent');
  const format = formValue('format');
  const options = {
    game,
    opponent,
    side: $('setup-side').value,
    format,
    name: $('setup-name').value.trim(),
  };
  if (opponent === 'engine') options.level = $('setup-level').value;
  if (format === 'clock_duel') options.time_control = $('setup-time-control').value.trim() || '5+3';
  const deal = dealOption(game);
  if (deal) {
    const how = formValue('deal');
    if (how === 'random') options[deal.name] = 'random';
    if (how === 'pick') {
      const cards = [0, 1, 2, 3, 4].map((i) => $(`setup-card-${i}`).value);
      if (new Set(cards).size !== 5) {
        setStatus('Pick five different cards.', 'error');
        return null;
      }
      options[deal.name] = cards.join(',');
    }
  }
  return options;
}
