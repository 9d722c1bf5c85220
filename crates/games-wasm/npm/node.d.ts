// Node: the module is ready at import (no `init()` to call).
export * from './games.js';
