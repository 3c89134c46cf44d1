import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.js';
import { registerErrorHandler } from '../../src/server/http/error-handler.js';

/** An app with the one error handler, logging JSON lines into an array. */
async function appLoggingTo(lines: Array<Record<string, unknown>>) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandler(app);
  app.get('/unconfigured', async () => {
    throw new AppError('unavailable', 'GitHub sign-in is not configured');
  });
  app.get('/broken', async () => {
    throw new Error('a defect');
  });
  await app.ready();
  return app;
}

describe('the error handler’s logs', () => {
  it('logs a deliberate 503 as a warning without a stack, and a 500 as an error with one', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const app = await appLoggingTo(lines);
    try {
      const unavailable = await app.inject({ url: '/unconfigured' });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json()).toEqual({ message: 'GitHub sign-in is not configured' });
      const broken = await app.inject({ url: '/broken' });
      expect(broken.statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const warning = lines.find((line) => line.msg === 'request unavailable');
    expect(warning).toMatchObject({ level: 40, status: 503, message: 'GitHub sign-in is not configured' });
    expect(JSON.stringify(warning)).not.toContain('stack');
    expect(lines.filter((line) => (line.level as number) >= 50)).toHaveLength(1);
    const failure = lines.find((line) => line.msg === 'request failed');
    expect(JSON.stringify(failure)).toContain('stack');
  });
});
