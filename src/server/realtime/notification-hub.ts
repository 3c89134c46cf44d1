import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { Notification } from '../../shared/api/notifications.js';

const CHANNEL = 'agentatlas:notifications';

interface Envelope {
  from: string;
  userId: number;
  notifications: Notification[];
}

/**
 * The open sockets of each user on this instance. publish() sends to them and, with Redis, to every
 * other instance, which sends to the sockets it holds (DESIGN section 5).
 */
export class NotificationHub {
  private sockets = new Map<number, Set<WebSocket>>();
  private readonly instanceId = randomUUID();

  constructor(
    private readonly redis?: { publisher: Redis; subscriber: Redis },
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async start(): Promise<void> {
    if (!this.redis) return;
    await this.redis.subscriber.subscribe(CHANNEL);
    this.redis.subscriber.on('message', (channel, raw) => {
      if (channel !== CHANNEL) return;
      try {
        const envelope = JSON.parse(raw) as Envelope;
        if (envelope.from !== this.instanceId) this.deliver(envelope.userId, envelope.notifications);
      } catch (error) {
        this.onError(error);
      }
    });
  }

  add(userId: number, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    socket.once('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
  }

  publish(userId: number, notifications: Notification[]): void {
    this.deliver(userId, notifications);
    if (this.redis) {
      const envelope: Envelope = { from: this.instanceId, userId, notifications };
      this.redis.publisher.publish(CHANNEL, JSON.stringify(envelope)).catch(this.onError);
    }
  }

  /** Ends every socket of a user (sign-out everywhere, account deletion). */
  disconnectUser(userId: number): void {
    for (const socket of this.sockets.get(userId) ?? []) socket.close(4001, 'signed out');
  }

  get connectionCount(): number {
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  private deliver(userId: number, notifications: Notification[]): void {
    const sockets = this.sockets.get(userId);
    if (!sockets?.size) return;
    const message = JSON.stringify({ type: 'notifications', data: { notifications } });
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(message);
  }
}
