import type { WebSocket } from 'ws';
import type { PushEnvelope } from './bus.ts';

interface Binding {
  sessionId: string;
  userId: string;
  spaceId: string | null;
}

/** The sockets this process holds, indexed by user and by space so a push touches only its targets. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly bindings = new Map<WebSocket, Binding>();

  bind(socket: WebSocket, binding: Binding): void {
    this.unbind(socket);
    this.bindings.set(socket, binding);
    let set = this.byUser.get(binding.userId);
    if (!set) this.byUser.set(binding.userId, (set = new Set()));
    set.add(socket);
  }

  unbind(socket: WebSocket): void {
    const binding = this.bindings.get(socket);
    if (!binding) return;
    this.bindings.delete(socket);
    const set = this.byUser.get(binding.userId);
    set?.delete(socket);
    if (set?.size === 0) this.byUser.delete(binding.userId);
  }

  /** Closes the sockets of revoked sessions: a signed-out browser must not keep receiving pushes. */
  closeSessions(sessionIds: readonly string[], code: number, reason: string): void {
    const revoked = new Set(sessionIds);
    for (const [socket, binding] of this.bindings) if (revoked.has(binding.sessionId)) socket.close(code, reason);
  }

  /** The users and spaces the bound sockets stand for (to re-check them against the memberships). */
  boundTo(): Array<{ userId: string; spaceId: string | null }> {
    return [...this.bindings.values()].map(({ userId, spaceId }) => ({ userId, spaceId }));
  }

  /** Closes the bound sockets `shouldClose` picks. */
  closeWhere(shouldClose: (binding: Readonly<Binding>) => boolean, code: number, reason: string): number {
    let closed = 0;
    for (const [socket, binding] of this.bindings) {
      if (!shouldClose(binding)) continue;
      this.unbind(socket);
      socket.close(code, reason);
      closed += 1;
    }
    return closed;
  }

  deliver({ target, json }: PushEnvelope): number {
    let sent = 0;
    const send = (socket: WebSocket) => {
      if (socket.readyState === socket.OPEN) {
        socket.send(json);
        sent += 1;
      }
    };
    if ('userId' in target) for (const socket of this.byUser.get(target.userId) ?? []) send(socket);
    else
      for (const [socket, binding] of this.bindings)
        if ('all' in target || binding.spaceId === target.spaceId) send(socket);
    return sent;
  }

  get size(): number {
    return this.bindings.size;
  }
}
