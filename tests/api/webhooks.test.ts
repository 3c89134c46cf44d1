import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse } from '../../src/shared/api/notifications.js';
import {
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOKS_PER_USER,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
} from '../../src/shared/api/webhooks.js';
import { startFakeDns } from '../support/fake-dns.js';
import { factories } from '../support/factories.js';
import { callApi, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  f = factories(t.app);
});
afterAll(async () => {
  for (const close of closers) await close();
  await t.close();
});

async function receiver() {
  const started = await startWebhookReceiver();
  closers.push(started.close);
  return started;
}

async function addWebhook(
  cookie: string,
  body: { url: string; events: string[]; agentId?: number | null },
  app: TestApp = t,
) {
  return callApi<CreatedWebhook>(app, 'POST', '/api/user/webhooks', cookie, body);
}

async function deliveries(cookie: string, webhookId: number): Promise<WebhookDelivery[]> {
  const { status, body } = await callApi<WebhookDeliveryList>(
    t,
    'GET',
    `/api/user/webhooks/${webhookId}/deliveries`,
    cookie,
  );
  expect(status).toBe(200);
  return body.deliveries;
}

/** Polls the delivery log until `done` holds (the dispatcher runs every second). */
async function deliveriesUntil(
  cookie: string,
  webhookId: number,
  done: (list: WebhookDelivery[]) => boolean,
): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await deliveries(cookie, webhookId);
    if (done(list)) return list;
    if (Date.now() > deadline) throw new Error(`delivery log never settled: ${JSON.stringify(list)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('managing webhooks', () => {
  it('answers the secret once; lists, refuses bad input, other people’s agents, and past the limit', async () => {
    const owner = await signUpPerson(t);
    const agent = await f.createAgent({ owner_id: owner.user.id });
    const created = await addWebhook(owner.cookie, {
      url: 'https://hooks.example.com/agentatlas',
      events: ['review.created', 'review.created', 'claim.lapsed'],
      agentId: agent.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: 'https://hooks.example.com/agentatlas',
      events: ['review.created', 'claim.lapsed'],
      agent: { id: agent.id, slug: agent.slug, name: agent.name },
      status: 'active',
      failingSince: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const listed = await callApi<WebhookList>(t, 'GET', '/api/user/webhooks', owner.cookie);
    expect(listed.body.webhooks).toHaveLength(1);
    expect(listed.body.webhooks[0]).not.toHaveProperty('secret');
    // Stored sealed, never as given.
    const stored = await t.app.db.kysely.selectFrom('webhooks').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(created.body.secret.slice(6));

    for (const [body, field] of [
      [{ url: 'not a url', events: ['review.created'] }, 'url'],
      [{ url: 'ftp://hooks.example.com', events: ['review.created'] }, 'url'],
      [{ url: 'https://hooks.example.com', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com', events: ['agent.deleted'] }, 'events.0'],
      [{ url: 'https://hooks.example.com', events: ['review.created'], secret: 'mine' }, 'secret'],
    ] as const) {
      const refused = await callApi<{ details: Record<string, string[]> }>(
        t,
        'POST',
        '/api/user/webhooks',
        owner.cookie,
        body,
      );
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.body.details)).toContain(field);
    }
    const stranger = await signUpPerson(t);
    expect(
      (
        await addWebhook(stranger.cookie, {
          url: 'https://x.example',
          events: ['review.created'],
          agentId: agent.id,
        })
      ).status,
    ).toBe(404);
    expect((await callApi(t, 'GET', '/api/user/webhooks', null)).status).toBe(401);
    expect(
      (await callApi(t, 'DELETE', `/api/user/webhooks/${created.body.id}`, stranger.cookie)).status,
    ).toBe(404);
    expect((await deliveriesOf(stranger.cookie, created.body.id)).status).toBe(404);

    for (let index = 1; index < WEBHOOKS_PER_USER; index += 1)
      expect(
        (await addWebhook(owner.cookie, { url: `https://h${index}.example`, events: ['review.created'] }))
          .status,
      ).toBe(201);
    const over = await addWebhook(owner.cookie, {
      url: 'https://one-more.example',
      events: ['review.created'],
    });
    expect(over.status).toBe(409);

    expect((await callApi(t, 'DELETE', `/api/user/webhooks/${created.body.id}`, owner.cookie)).status).toBe(
      204,
    );
    expect((await callApi(t, 'DELETE', `/api/user/webhooks/${created.body.id}`, owner.cookie)).status).toBe(
      404,
    );
  });

  it('refuses private and plain-http receivers unless private addresses are allowed, and checks again on delivery', async () => {
    const dns = await startFakeDns({ a: { 'hooks.rebind.test': ['127.0.0.1'] } });
    closers.push(dns.close);
    const strict = await createTestApp({ DNS_SERVERS: dns.server });
    closers.push(strict.close);
    const owner = await signUpPerson(strict);
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://localhost/x',
    ]) {
      const refused = await addWebhook(owner.cookie, { url, events: ['review.created'] }, strict);
      expect(refused.status, url).toBe(400);
    }
    // A name that resolves to a private address passes the form and is refused when sent.
    const sneaky = await addWebhook(
      owner.cookie,
      { url: 'https://hooks.rebind.test/x', events: ['review.created'] },
      strict,
    );
    expect(sneaky.status).toBe(201);
    const test = await callApi<WebhookDelivery>(
      strict,
      'POST',
      `/api/user/webhooks/${sneaky.body.id}/test`,
      owner.cookie,
    );
    expect(test.status).toBe(202);
    await strict.app.webhookDispatcher.runOnce();
    const log = await callApi<WebhookDeliveryList>(
      strict,
      'GET',
      `/api/user/webhooks/${sneaky.body.id}/deliveries`,
      owner.cookie,
    );
    expect(log.body.deliveries[0]!.attempts[0]).toMatchObject({
      statusCode: null,
      error: 'hooks.rebind.test resolves to a private or reserved address',
    });
    expect(log.body.deliveries[0]!.status).toBe('pending');
  });
});

async function deliveriesOf(cookie: string, webhookId: number) {
  return callApi(t, 'GET', `/api/user/webhooks/${webhookId}/deliveries`, cookie);
}

describe('deliveries', () => {
  it('a test event arrives within seconds, signed the Standard Webhooks way, and is logged', async () => {
    const hooks = await receiver();
    const owner = await signUpPerson(t);
    const created = await addWebhook(owner.cookie, { url: hooks.url, events: ['review.created'] });
    hooks.state.secret = created.body.secret;

    const queued = await callApi<WebhookDelivery>(
      t,
      'POST',
      `/api/user/webhooks/${created.body.id}/test`,
      owner.cookie,
    );
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: [] });
    const [received] = await hooks.waitFor(1);
    expect(received!.verifyError).toBeNull();
    expect(received!.id).toBe(queued.body.messageId);
    expect(received!.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(received!.body)).toMatchObject({
      type: 'webhook.test',
      data: { webhook: { id: created.body.id, url: hooks.url } },
    });

    const [logged] = await deliveriesUntil(
      owner.cookie,
      created.body.id,
      (list) => list[0]?.status === 'delivered',
    );
    expect(logged!.attempts).toEqual([
      expect.objectContaining({ statusCode: 200, error: null, durationMs: expect.any(Number) }),
    ]);
    expect(logged!.deliveredAt).not.toBeNull();

    // Sent again: the same message id and body, a delivery of its own.
    const again = await callApi<WebhookDelivery>(
      t,
      'POST',
      `/api/user/webhooks/${created.body.id}/deliveries/${logged!.id}/resend`,
      owner.cookie,
    );
    expect(again.status).toBe(202);
    expect(again.body.id).not.toBe(logged!.id);
    const [, second] = await hooks.waitFor(2);
    expect(second!.id).toBe(received!.id);
    expect(second!.body).toBe(received!.body);
    expect(second!.verified).toBe(true);
  });

  it('a review of an owner’s agent raises review.created and review.updated for the webhooks that follow it', async () => {
    const hooks = await receiver();
    const other = await receiver();
    const owner = await signUpPerson(t);
    const followed = await f.createAgent({ owner_id: owner.user.id });
    const notFollowed = await f.createAgent({ owner_id: owner.user.id });
    const created = await addWebhook(owner.cookie, {
      url: hooks.url,
      events: ['review.created', 'review.updated'],
      agentId: followed.id,
    });
    hooks.state.secret = created.body.secret;
    const statusOnly = await addWebhook(owner.cookie, { url: other.url, events: ['agent.status_changed'] });
    other.state.secret = statusOnly.body.secret;

    const reviewer = await signUpPerson(t);
    await callApi(t, 'POST', `/api/agents/${notFollowed.id}/reviews`, reviewer.cookie, {
      rating: 3,
      body: 'Not followed by that webhook at all.',
    });
    const review = await callApi<{ id: number }>(
      t,
      'POST',
      `/api/agents/${followed.id}/reviews`,
      reviewer.cookie,
      {
        rating: 5,
        title: 'Great',
        body: 'Does exactly what it says on the tin.',
      },
    );
    expect(review.status).toBe(201);
    await callApi(t, 'PUT', `/api/reviews/${review.body.id}`, reviewer.cookie, { rating: 4 });

    const received = await hooks.waitFor(2);
    const bodies = received.map((delivery) => JSON.parse(delivery.body));
    expect(bodies.map((body) => body.type).sort()).toEqual(['review.created', 'review.updated']);
    const createdEvent = bodies.find((body) => body.type === 'review.created');
    expect(createdEvent.data).toMatchObject({
      agent: { id: followed.id, slug: followed.slug, url: `http://localhost:3000/agents/${followed.slug}` },
      review: { id: review.body.id, rating: 5, title: 'Great' },
    });
    expect(bodies.find((body) => body.type === 'review.updated').data.review.rating).toBe(4);
    expect(received.every((delivery) => delivery.verified)).toBe(true);
    // Nothing for the other agent, nothing for a webhook that did not subscribe.
    await t.app.webhookDispatcher.runOnce();
    expect(hooks.state.received).toHaveLength(2);
    expect(other.state.received).toHaveLength(0);
  });

  it('a failing receiver is retried with growing gaps for a day, then the webhook is turned off and its owner told', async () => {
    const hooks = await receiver();
    hooks.state.status = 500;
    hooks.state.checkTimestamp = false;
    const owner = await signUpPerson(t);
    const created = await addWebhook(owner.cookie, { url: hooks.url, events: ['claim.lapsed'] });
    hooks.state.secret = created.body.secret;
    await callApi(t, 'POST', `/api/user/webhooks/${created.body.id}/test`, owner.cookie);

    // The first attempt at once; then the clock is moved to each next attempt.
    let [delivery] = await deliveriesUntil(
      owner.cookie,
      created.body.id,
      (list) => list[0]?.attempts.length === 1,
    );
    const start = Date.parse(delivery!.createdAt);
    for (let step = 0; step < 40 && delivery!.status === 'pending'; step += 1) {
      expect(delivery!.nextAttemptAt).not.toBeNull();
      await t.app.webhookDispatcher.runOnce(Date.parse(delivery!.nextAttemptAt!));
      [delivery] = await deliveries(owner.cookie, created.body.id);
    }
    expect(delivery!.status).toBe('failed');
    const times = delivery!.attempts.map((attempt) => Date.parse(attempt.at));
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    expect(gaps.length).toBeGreaterThanOrEqual(6);
    // Each gap longer than the one before, until the last ones, which the day's end cuts short.
    for (let index = 1; index < 5; index += 1) expect(gaps[index]!).toBeGreaterThan(gaps[index - 1]!);
    expect(gaps[0]!).toBeLessThan(60_000);
    expect(times.at(-1)! - start).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(times.at(-1)! - start).toBeLessThan(WEBHOOK_RETRY_WINDOW_MS + 60_000);
    expect(delivery!.attempts.every((attempt) => attempt.statusCode === 500)).toBe(true);
    expect(hooks.state.received.length).toBe(delivery!.attempts.length);
    expect(hooks.state.received.every((received) => received.verified)).toBe(true);
    expect(new Set(hooks.state.received.map((received) => received.id)).size).toBe(1);

    const listed = await callApi<WebhookList>(t, 'GET', '/api/user/webhooks', owner.cookie);
    const webhook = listed.body.webhooks[0]!;
    expect(webhook.status).toBe('disabled');
    expect(webhook.disabledReason).toMatch(/HTTP 500/);
    const notices = await callApi<NotificationListResponse>(t, 'GET', '/api/notifications', owner.cookie);
    expect(notices.body.notifications[0]).toMatchObject({
      title: 'Your webhook to 127.0.0.1:' + new URL(hooks.url).port + ' was turned off',
      link: '/settings#webhooks',
    });
    // Turned off, it takes no test event; turned on again, it does.
    expect((await callApi(t, 'POST', `/api/user/webhooks/${webhook.id}/test`, owner.cookie)).status).toBe(
      409,
    );
    const enabled = await callApi<Webhook>(
      t,
      'POST',
      `/api/user/webhooks/${webhook.id}/enable`,
      owner.cookie,
    );
    expect(enabled.body).toMatchObject({ status: 'active', disabledReason: null, failingSince: null });
    hooks.state.status = 204;
    await callApi(t, 'POST', `/api/user/webhooks/${webhook.id}/test`, owner.cookie);
    await deliveriesUntil(owner.cookie, webhook.id, (list) => list[0]?.status === 'delivered');
  });
});
