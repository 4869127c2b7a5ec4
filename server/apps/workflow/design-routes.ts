import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

export function registerDesignRoutes(_app: App, _kernel: Kernel): void {}
