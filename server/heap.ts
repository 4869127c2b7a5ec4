/**
 * The server's JavaScript heap budget in MB (decision 0107). `npm start` runs the server with
 * `--max-old-space-size` of this value (package.json, kept equal by tests/heap-budget.test.ts), and the
 * benchmarks run their server with it, so they measure what ships. Without a budget V8 grows its heap towards
 * the machine's memory before it collects: an import of 100,000 rows peaked near 500 MB of RSS on garbage alone.
 */
export const SERVER_HEAP_MB = 320;
