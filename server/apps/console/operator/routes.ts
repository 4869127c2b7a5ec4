import type { App } from '../../../kernel/http/server.ts';
import type { Kernel } from '../../../kernel/kernel.ts';

export function registerOperatorRoutes(app: App, kernel: Kernel): void {
  void app;
  void kernel;
}
