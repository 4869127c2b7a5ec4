// `npm start`: builds only what changed since the last build (a start after none spends no time building), then
// runs the compiled server in this same process, so SIGTERM reaches the server's own drain directly.
import { pathToFileURL } from 'node:url';
import { buildAll, SERVER_ENTRY } from './build.mjs';

await buildAll();
await import(pathToFileURL(SERVER_ENTRY).href);
