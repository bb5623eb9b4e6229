import Koa from 'koa';
import request from 'supertest';
import { ConflictError, NotFoundError, RateLimitedError, TooLargeError, UnprocessableError, UnsupportedTypeError, ValidationError } from '../errors';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import { errorHandler } from './error-handler';

/** An app whose only route throws the given error, behind the real error handler. */
function appThrowing(error: unknown): Koa {
  const app = new Koa();
  app.use(errorHandler(({ status, message }) => `<h1>${status}</h1><p>${message}</p>`));
  app.use(() => {
    throw error;
  });
  return app;
}

const answer = (error: unknown, path = '/api/thing') => request(appThrowing(error).callback()).get(path);

describe('error handler: the one place errors become statuses', () => {
  it.each([
    [new ValidationError('Fix it.'), 400],
    [new NotFoundError('No such thing'), 404],
    [new ConflictError('Taken'), 409],
    [new TooLargeError('Too big'), 413],
    [new UnsupportedTypeError('Not an image'), 415],
    [new UnprocessableError('Too many pixels'), 422],
    [new RateLimitedError('Slow down', 42), 429],
  ])('answers %p with %i and its message', async (error, status) => {
    const response = await answer(error);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: error.message });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends per-field messages with a validation error, and Retry-After with a rate limit', async () => {
    expect((await answer(new ValidationError('Fix it.', { name: 'Please enter your name.' }))).body).toEqual({ error: 'Fix it.', fields: { name: 'Please enter your name.' } });
    expect((await answer(new RateLimitedError('Slow down', 42))).headers['retry-after']).toBe('42');
  });

  it("keeps the HTTP layer's own status", async () => {
    const response = await answer(new HttpError(415, 'Send JSON.'));
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Send JSON.' });
  });

  it('answers anything else with a generic 500 and no detail', async () => {
    const response = await answer(new Error('secret internals'));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: messages.http.internal });
  });

  it('renders the error page for a page request', async () => {
    const response = await answer(new NotFoundError('No such page'), '/somewhere').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.text).toBe('<h1>404</h1><p>No such page</p>');
  });
});
