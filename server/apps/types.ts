import type { MicroAppId } from '../../shared/apps.ts';
import type { App } from '../kernel/http/server.ts';
import type { Kernel } from '../kernel/kernel.ts';

/** A server micro-app: its id (names its folders everywhere) and the routes it adds to the kernel. */
export interface ServerApp {
  id: MicroAppId;
  register(app: App, kernel: Kernel): void;
}
