/** The benchmark's baseline: a bare node:http server answering one fixed JSON body (BODY_FILE) on PORT 0. */
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE!, 'utf8');
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
