import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

export function registerAgentRoutes(_app: App, _kernel: Kernel): void {}
