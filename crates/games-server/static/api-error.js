// The error of every function of ./api.js: the message to show, and an HTTP-like status (400
// bad input, 403 not yours, 404 no such game, 409 not now; 0 the server cannot be reached).
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}
