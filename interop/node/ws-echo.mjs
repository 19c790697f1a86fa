// Echoes messages through WS /ws/echo with Node's ws client and checks every one byte for byte.
//   node ws-echo.mjs URL on|off      prints the server's Sec-WebSocket-Extensions answer as JSON
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

const [url, mode] = process.argv.slice(2);
const texts = Array.from({ length: 50 }, (_, i) => JSON.stringify({
  type: 'updated', sequence: i, entries: [{ id: i, login: `user${i}`, boolean: i % 2 === 0, tags: ['alpha', 'kilo'] }],
}));
const binaries = [1, 125, 126, 65535, 65536, 200000].map((n) => randomBytes(n));
const messages = [...texts.map((t) => ({ data: t, binary: false })), ...binaries.map((b) => ({ data: b, binary: true }))];

const ws = new WebSocket(url, { perMessageDeflate: mode === 'on' ? { clientMaxWindowBits: true } : false });
let answer = null;
ws.on('upgrade', (response) => { answer = response.headers['sec-websocket-extensions'] ?? null; });
ws.on('error', (error) => { console.error(error); process.exit(2); });
ws.on('open', () => send(0));
ws.on('message', (data, isBinary) => {
  const expected = messages[received];
  const actual = isBinary ? data : data.toString('utf8');
  const same = expected.binary ? isBinary && Buffer.compare(actual, expected.data) === 0 : !isBinary && actual === expected.data;
  if (!same) {
    console.error(`message ${received} differs`);
    process.exit(1);
  }
  received += 1;
  if (received === messages.length) {
    console.log(JSON.stringify({ extensions: answer, messages: received }));
    ws.close(1000);
  } else {
    send(received);
  }
});
let received = 0;

function send(index) {
  ws.send(messages[index].data, { binary: messages[index].binary });
}
