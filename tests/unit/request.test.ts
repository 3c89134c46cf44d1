import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, request, toApiError } from '../../src/client/lib/request.js';
import { authStartFailureMessage } from '../../src/client/features/github/lib/auth-messages.js';

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

function text(status: number, body: string, statusText = ''): Response {
  return new Response(body, { status, statusText, headers: { 'content-type': 'text/plain' } });
}

describe('the error of a failed answer', () => {
  it('takes its message and details from a JSON body', async () => {
    const error = await toApiError(
      json(400, { message: 'Check the form', details: { name: ['Name is required'] } }, 'Bad Request'),
    );
    expect(error).toMatchObject({
      message: 'Check the form',
      type: 'validation',
      status: 400,
      details: { name: ['Name is required'] },
      isJson: true,
      serverMessage: 'Check the form',
    });
  });

  it('falls back to the status text when a JSON body has no message', async () => {
    const error = await toApiError(json(503, { error: 'Service Unavailable' }, 'Service Unavailable'));
    expect(error.message).toBe('Service Unavailable');
    expect(error.serverMessage).toBeUndefined();
    expect(error.serverError).toBe('Service Unavailable');
  });

  it('gives the plain text of a body that is not JSON as its message, not the status text', async () => {
    const error = await toApiError(text(429, 'Too many requests, slow down\n', 'Too Many Requests'));
    expect(error).toMatchObject({
      message: 'Too many requests, slow down',
      type: 'validation',
      isJson: false,
    });
  });

  it('falls back to the status text, then the status, when that body is empty', async () => {
    expect((await toApiError(text(502, '', 'Bad Gateway'))).message).toBe('Bad Gateway');
    expect((await toApiError(text(502, '  '))).message).toBe('Request failed with status 502');
  });
});

describe('request over HTTP', () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/plain') {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Down for maintenance until 14:00');
      } else {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'No such agent' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('throws the plain text of a failed answer that is not JSON', async () => {
    const failure = await request(`${origin}/plain`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: 'Down for maintenance until 14:00',
      status: 503,
      type: 'server',
    });
  });

  it('throws the JSON message of a failed JSON answer', async () => {
    const failure = await request(`${origin}/agents/9`).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'No such agent', status: 404, type: 'not_found' });
  });
});

describe('the GitHub authentication start failure', () => {
  it('reads the body’s message field', async () => {
    const error = await toApiError(
      json(503, { message: 'GitHub sign-in is not configured' }, 'Service Unavailable'),
    );
    expect(authStartFailureMessage(error)).toBe('GitHub sign-in is not configured');
  });

  it('reads the body’s error field when there is no message', async () => {
    const error = await toApiError(json(500, { error: 'OAuth app suspended' }, 'Internal Server Error'));
    expect(authStartFailureMessage(error)).toBe('OAuth app suspended');
  });

  it('says it failed to start, not the status text, when the body explains nothing', async () => {
    const error = await toApiError(text(502, '<html>Bad gateway</html>', 'Bad Gateway'));
    expect(authStartFailureMessage(error)).toBe('Failed to start GitHub authentication process');
    expect(authStartFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to start GitHub authentication process',
    );
  });
});
