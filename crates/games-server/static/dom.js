// DOM helpers shared by the page's modules.

export const $ = (id) => document.getElementById(id);

/** An element with attributes (`class`, `text`, `html`, `on<event>`, others as attributes) and
 *  children. */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'html') node.innerHTML = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of [].concat(children)) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

/** The status line. */
export function setStatus(text, kind = 'info') {
  const status = $('status');
  status.textContent = text || '';
  status.dataset.kind = text ? kind : '';
  status.className = `status ${text ? kind : ''}`;
}

export function showError(err) {
  setStatus(err && err.message ? `Error: ${err.message}` : `Error: ${err}`, 'error');
}

/** JSON from localStorage, or `fallback`. */
export function readJson(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

/** Writes JSON to localStorage; says so in the status line when the browser refuses. */
export function writeJson(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (err) {
    setStatus(`Cannot write to this browser's storage: ${err.message}`, 'error');
    return false;
  }
}
