#!/usr/bin/env node
// Writes .br and .gz beside each built client file once, at build time, so the server sends
// compressed assets without compressing them on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(import.meta.dirname, '../dist/client');
const compressible = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;
let count = 0;
for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const source = fs.readFileSync(file);
  if (source.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`compressed ${count} client files`);
