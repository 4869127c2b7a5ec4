import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web build of the renderer (the browser fallback), served by the server from dist/web. Each micro-app's
 * pages are a lazy chunk of their own (renderer/apps/index.ts), so the login route loads only the shell.
 */
export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // bench:bundle reads which chunks a route needs from here.
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8012',
      '/napi': { target: 'http://localhost:8012', ws: true },
      '/sapi': 'http://localhost:8012',
    },
  },
});
