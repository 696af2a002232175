// A picture uploaded through one process is served by another: the demo
// borrower sends a receipt photo (book keeping) to process 1 and reads it
// back from process 2, whose own uploads folder stays empty, so the bytes
// came from the object store both share.
//
//   node scripts/fleet/picture.mjs WORK PORT_1 PORT_2
//   (env: HIRAM, APP_DATABASE__URL and the fleet's settings; WORK/uploads-2
//   is process 2's local uploads folder)
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const [work, first, second] = process.argv.slice(2);

/** A 64×64 RGB PNG of a gradient, made here so that no file is needed. */
function png() {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, check]);
  };
  const size = 64;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) row.set([x * 4, y * 4, 128], 1 + x * 3);
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const session = JSON.parse(execFileSync(process.env.HIRAM, ['demo-session'], { encoding: 'utf8' }).trim().split('\n').pop());
const form = new FormData();
form.append('image', new Blob([png()], { type: 'image/png' }), 'receipt.png');
const uploaded = await fetch(`http://127.0.0.1:${first}/pany/book-keeping/upload-image?sessionId=${session.sessionId}`, {
  method: 'POST',
  body: form,
});
const upload = await uploaded.json();
if (uploaded.status !== 200 || typeof upload.data?.url !== 'string') {
  console.error(`picture: the upload through process 1 answered ${uploaded.status} ${JSON.stringify(upload)}`);
  process.exit(1);
}
const read = async (port) => {
  const response = await fetch(`http://127.0.0.1:${port}${upload.data.url}?sessionId=${session.sessionId}`);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
};
const [one, two] = [await read(first), await read(second)];
const kept = readdirSync(`${work}/uploads-2`, { recursive: true }).length;
console.log(
  `picture: uploaded through ${first} as ${upload.data.url}; process 1 serves ${one.status} ${one.type} ` +
    `(${one.bytes.length} B), process 2 serves ${two.status} ${two.type} (${two.bytes.length} B); ` +
    `process 2's own uploads folder holds ${kept} entries`,
);
if (two.status !== 200 || one.status !== 200 || !two.bytes.equals(one.bytes) || kept !== 0) {
  console.error('picture: expected process 2 to serve the bytes process 1 serves, with nothing in its own folder');
  process.exit(1);
}
