import react from '@vitejs/plugin-react';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';

/**
 * The desktop build: main process and preload from electron/, the renderer from renderer/ (the same code as
 * the web build). The preload is CommonJS because sandboxed preloads cannot be ES modules.
 */
export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: { outDir: 'out/main', lib: { entry: 'electron/main/index.ts', formats: ['es'] } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: {
      outDir: 'out/preload',
      lib: { entry: 'electron/preload/index.ts', formats: ['cjs'] },
      rollupOptions: { output: { entryFileNames: 'index.js' } },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react()],
    build: { outDir: 'out/renderer', rollupOptions: { input: 'renderer/index.html' } },
  },
});
