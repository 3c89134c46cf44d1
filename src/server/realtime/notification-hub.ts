import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { closeRedis } from '../lib/redis.js';
import type { Notification, NotificationSocketMessage } from '../../shared/api/notifications.js';
import { socketCloseCodes } from '../../shared/socket-close-codes.js';

/** Sockets one user may hold on one instance; the oldest gives way to a new one (decision 0010). */
export const MAX_SOCKETS_PER_USER = 10;
/** How often the sessions of open sockets are checked: idle expiry, and ends nobody announced. */
export const SESSION_SWEEP_MS = 30_000;
/** A socket whose handshake finishes this soon after its session ended is closed at once. */
const RECENTLY_ENDED_MS = 10_000;
/** Users whose notifications could not be published are remembered up to this many, then "everyone". */
const UNPUBLISHED_USERS_MAX = 10_000;

/** The pub/sub channels, under REDIS_CHANNEL_PREFIX so deployments (and test runs) sharing a Redis stay apart. */
export function realtimeChannels(prefix: string) {
  return { notifications: `${prefix}notifications`, sessions: `${prefix}sessions` };
}

type NotificationsEnvelope =
  | { from: string; userId: number; notifications: Notification[] }
  | { from: string; resync: number[] | 'all' };
type SessionsEnvelope = { from: string; ended: string[] } | { from: string; sweep: true };

interface Member {
  socket: WebSocket;
  userId: number;
  tokenHash: string;
}

export interface HubLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface HubOptions {
  /** Without a subscriber the hub only publishes (the admin CLI tells the running instances). */
  redis?: { publisher: Redis; subscriber?: Redis; channelPrefix: string };
  log?: HubLog;
}

const silent: HubLog = { info() {}, warn() {}, error() {} };

/**
 * The open sockets of this instance, each with its user and session.
 *
 * - publish() delivers to the user's sockets here at once, then tells the other instances through
 *   Redis; an instance ignores its own messages, so nothing arrives twice, and a Redis outage never
 *   stops delivery on the instance that raised the notification.
 * - closeSessionSockets() closes the sockets of ended sessions here and on every instance; a periodic
 *   sweep ends sockets whose session expired or was ended without a word (another process).
 * - When the subscription was interrupted, every socket here is told to `resync` once it is back, and
 *   users whose notifications could not be published are told so through the other instances.
 */
export class NotificationHub {
  private readonly byUser = new Map<number, Set<Member>>();
  private readonly bySession = new Map<string, Set<Member>>();
  private readonly recentlyEnded = new Map<string, number>();
  private readonly instanceId = randomUUID();
  private readonly channels;
  private readonly log: HubLog;
  private subscriptionInterrupted = false;
  private unpublished = { users: new Set<number>(), everyone: false, sessionEnds: false };
  private connectionTrouble = false;
  private sessionCheck: ((tokenHashes: string[]) => Promise<void>) | null = null;
  private sweeping: Promise<void> | null = null;
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: HubOptions = {}) {
    this.channels = realtimeChannels(options.redis?.channelPrefix ?? '');
    this.log = options.log ?? silent;
  }

  async start(): Promise<void> {
    const { publisher, subscriber } = this.options.redis ?? {};
    if (!publisher || !subscriber) return;
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error: unknown) => {
        // One line per outage: ioredis reports every failed reconnect attempt.
        if (this.connectionTrouble) return;
        this.connectionTrouble = true;
        this.log.warn({ err: error }, 'realtime: Redis connection failed; delivering on this instance only');
      });
    }
    subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    subscriber.on('close', () => {
      this.subscriptionInterrupted = true;
    });
    subscriber.on('ready', () => {
      this.connectionTrouble = false;
      if (!this.subscriptionInterrupted) return;
      this.subscriptionInterrupted = false;
      // ioredis subscribes again by itself; this one can be awaited, so nothing is published unheard.
      subscriber.subscribe(this.channels.notifications, this.channels.sessions).then(
        () => {
          this.log.info({}, 'realtime: Redis subscription restored; sockets told to resync');
          this.resync('all');
          void this.sweepSessions();
        },
        (error: unknown) => {
          this.subscriptionInterrupted = true;
          this.log.warn({ err: error }, 'realtime: subscribing again failed');
        },
      );
    });
    publisher.on('ready', () => this.publishWhatWasMissed());
    await subscriber.subscribe(this.channels.notifications, this.channels.sessions);
  }

  /** Checks the sessions of open sockets now and every SESSION_SWEEP_MS (realtime.routes.ts installs it). */
  watchSessions(check: (tokenHashes: string[]) => Promise<void>): void {
    this.sessionCheck = check;
    clearInterval(this.sweepTimer);
    this.sweepTimer = setInterval(() => void this.sweepSessions(), SESSION_SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** One pass of the session check over the sockets of this instance. */
  sweepSessions(): Promise<void> {
    const check = this.sessionCheck;
    if (!check) return Promise.resolve();
    this.sweeping ??= check([...this.bySession.keys()])
      .catch((error: unknown) => this.log.error({ err: error }, 'realtime: session sweep failed'))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  /**
   * Registers an accepted socket. False when its session has just ended (the socket is closed). A user
   * at the cap loses the oldest socket, closed with 4429.
   */
  add(userId: number, tokenHash: string, socket: WebSocket): boolean {
    this.forgetOldEnds(Date.now());
    if (this.recentlyEnded.has(tokenHash)) {
      socket.close(socketCloseCodes.sessionEnded, 'session ended');
      return false;
    }
    const mine = this.byUser.get(userId) ?? new Set<Member>();
    this.byUser.set(userId, mine);
    for (const oldest of mine) {
      if (mine.size < MAX_SOCKETS_PER_USER) break;
      this.remove(oldest);
      oldest.socket.close(
        socketCloseCodes.replacedByNewer,
        'too many connections; a newer one replaced this',
      );
    }
    const member: Member = { socket, userId, tokenHash };
    mine.add(member);
    const sessionSockets = this.bySession.get(tokenHash) ?? new Set<Member>();
    sessionSockets.add(member);
    this.bySession.set(tokenHash, sessionSockets);
    socket.once('close', () => this.remove(member));
    return true;
  }

  publish(userId: number, notifications: Notification[]): void {
    this.deliver(userId, notifications);
    this.send(this.channels.notifications, { from: this.instanceId, userId, notifications }, () => {
      if (this.unpublished.users.size >= UNPUBLISHED_USERS_MAX) this.unpublished.everyone = true;
      else this.unpublished.users.add(userId);
    });
  }

  /** Closes the sockets of these sessions here and on every other instance (sessions.service.ts). */
  closeSessionSockets = (tokenHashes: readonly string[]): void => {
    if (tokenHashes.length === 0) return;
    this.closeLocal(tokenHashes);
    this.send(this.channels.sessions, { from: this.instanceId, ended: [...tokenHashes] }, () => {
      this.unpublished.sessionEnds = true;
    });
  };

  get connectionCount(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  async stop(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.sweeping;
    const redis = this.options.redis;
    if (redis) for (const client of [redis.subscriber, redis.publisher]) if (client) await closeRedis(client);
  }

  private send(channel: string, envelope: NotificationsEnvelope | SessionsEnvelope, onFailure: () => void) {
    const publisher = this.options.redis?.publisher;
    if (!publisher) return;
    publisher.publish(channel, JSON.stringify(envelope)).catch((error: unknown) => {
      onFailure();
      if (!this.connectionTrouble) this.log.warn({ err: error }, 'realtime: publishing failed');
    });
  }

  /** Once the publisher is back: the users who missed a notification resync, and every instance sweeps. */
  private publishWhatWasMissed() {
    const { users, everyone, sessionEnds } = this.unpublished;
    this.unpublished = { users: new Set(), everyone: false, sessionEnds: false };
    if (everyone || users.size > 0) {
      const resync = everyone ? 'all' : [...users];
      this.send(this.channels.notifications, { from: this.instanceId, resync }, () => {
        if (resync === 'all') this.unpublished.everyone = true;
        else for (const userId of resync) this.unpublished.users.add(userId);
      });
    }
    if (sessionEnds) {
      this.send(this.channels.sessions, { from: this.instanceId, sweep: true }, () => {
        this.unpublished.sessionEnds = true;
      });
    }
  }

  private receive(channel: string, raw: string) {
    let envelope: NotificationsEnvelope | SessionsEnvelope;
    try {
      envelope = JSON.parse(raw) as NotificationsEnvelope | SessionsEnvelope;
    } catch (error) {
      this.log.error({ err: error }, 'realtime: unreadable message');
      return;
    }
    if (envelope.from === this.instanceId) return;
    if (channel === this.channels.notifications) {
      if ('resync' in envelope) this.resync(envelope.resync);
      else if ('userId' in envelope) this.deliver(envelope.userId, envelope.notifications);
    } else if (channel === this.channels.sessions) {
      if ('sweep' in envelope) void this.sweepSessions();
      else if ('ended' in envelope) this.closeLocal(envelope.ended);
    }
  }

  private closeLocal(tokenHashes: readonly string[]) {
    const now = Date.now();
    this.forgetOldEnds(now);
    for (const tokenHash of tokenHashes) {
      this.recentlyEnded.delete(tokenHash);
      this.recentlyEnded.set(tokenHash, now + RECENTLY_ENDED_MS);
      for (const member of this.bySession.get(tokenHash) ?? []) {
        this.remove(member);
        member.socket.close(socketCloseCodes.sessionEnded, 'session ended');
      }
    }
  }

  /** recentlyEnded is kept in order of expiry: the oldest are first. */
  private forgetOldEnds(now: number) {
    for (const [tokenHash, until] of this.recentlyEnded) {
      if (until > now) break;
      this.recentlyEnded.delete(tokenHash);
    }
  }

  private remove(member: Member) {
    const mine = this.byUser.get(member.userId);
    if (mine?.delete(member) && mine.size === 0) this.byUser.delete(member.userId);
    const sessionSockets = this.bySession.get(member.tokenHash);
    if (sessionSockets?.delete(member) && sessionSockets.size === 0) this.bySession.delete(member.tokenHash);
  }

  private resync(userIds: number[] | 'all') {
    const message = JSON.stringify({ type: 'resync' } satisfies NotificationSocketMessage);
    const groups = userIds === 'all' ? this.byUser.values() : userIds.map((id) => this.byUser.get(id) ?? []);
    for (const members of groups) for (const member of members) this.sendTo(member.socket, message);
  }

  private deliver(userId: number, notifications: Notification[]) {
    const members = this.byUser.get(userId);
    if (!members?.size) return;
    const message = JSON.stringify({
      type: 'notifications',
      data: { notifications },
    } satisfies NotificationSocketMessage);
    for (const member of members) this.sendTo(member.socket, message);
  }

  private sendTo(socket: WebSocket, message: string) {
    if (socket.readyState === socket.OPEN) socket.send(message);
  }
}
