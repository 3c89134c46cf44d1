#!/usr/bin/env node
// Verifies AgentAtlas's transparency log from the outside, with nothing but the public key set:
//   node docs/verify-transparency-log.mjs --url https://agentatlas.example \
//     [--index N [--leaf-hash HEX]] [--saved old-head.json] [--save head.json]
// 1. fetches the latest signed tree head and /.well-known/jwks.json, and checks the signature;
// 2. with --index: fetches that entry, hashes its leaf again, and checks its inclusion proof against
//    the head (with --leaf-hash: and that the leaf is the one you expected, e.g. a tool record's);
// 3. with --saved: checks the head you saved earlier (its signature, while its key is in the JWKS)
//    and the consistency proof that the log only appended since;
// 4. with --save: writes the head to a file, to check consistency against next time.
// Plain Node.js 20+ (fetch, node:crypto); RFC 9162 section 2.1 and RFC 7515. Exits 1 on any failure.
import { createHash, webcrypto } from 'node:crypto';
import fs from 'node:fs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce(
      (pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs),
      [],
    ),
);
if (!args.url) {
  console.error(
    'usage: node verify-transparency-log.mjs --url <site> [--index N [--leaf-hash HEX]] [--saved file] [--save file]',
  );
  process.exit(2);
}
const base = args.url.replace(/\/+$/, '');

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const leafHash = (leaf) => sha256(Buffer.from([0]), Buffer.from(leaf, 'utf8'));
const nodeHash = (left, right) => sha256(Buffer.from([1]), left, right);
const hex = (text) => Buffer.from(text, 'hex');

async function get(pathname) {
  const response = await fetch(base + pathname);
  if (!response.ok) throw new Error(`${pathname}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

let failed = false;
const report = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failed = true;
};

/** RFC 7515 compact JWS with a key of the JWKS (ES256 or EdDSA), and its payload equal to the head. */
async function verifyHead(head, jwks) {
  const [protectedB64, payloadB64, signatureB64] = head.signature.split('.');
  const header = JSON.parse(Buffer.from(protectedB64, 'base64url').toString('utf8'));
  const jwk = jwks.keys.find((key) => key.kid === header.kid);
  if (!jwk) return { ok: false, why: `key ${header.kid} is not in the JWKS` };
  if (jwk.alg !== header.alg) return { ok: false, why: `the header says ${header.alg}, the key ${jwk.alg}` };
  const algorithm =
    header.alg === 'ES256' ? { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } : { name: 'Ed25519' };
  const key = await webcrypto.subtle.importKey('jwk', jwk, algorithm, false, ['verify']);
  const signed = Buffer.from(`${protectedB64}.${payloadB64}`, 'ascii');
  const valid = await webcrypto.subtle.verify(algorithm, key, Buffer.from(signatureB64, 'base64url'), signed);
  if (!valid) return { ok: false, why: 'the signature does not verify' };
  const payload = JSON.parse(Buffer.from(payloadB64, 'base64url').toString('utf8'));
  const same =
    payload.treeSize === head.treeSize &&
    payload.rootHash === head.rootHash &&
    payload.timestamp === head.timestamp;
  return same
    ? { ok: true, kid: header.kid }
    : { ok: false, why: 'the signed payload differs from the head' };
}

/** RFC 9162 section 2.1.3.2. */
function verifyInclusion(index, treeSize, leaf, auditPath, rootHash) {
  if (index >= treeSize) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of auditPath.map(hex)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) while (fn % 2 === 0 && fn !== 0) [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
    } else r = nodeHash(r, p);
    [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
  }
  return sn === 0 && r.equals(hex(rootHash));
}

/** RFC 9162 section 2.1.4.2. */
function verifyConsistency(first, second, firstHash, secondHash, consistencyPath) {
  if (first === second) return consistencyPath.length === 0 && firstHash === secondHash;
  if (first < 1 || first > second) return false;
  let path = consistencyPath.map(hex);
  if ((first & (first - 1)) === 0) path = [hex(firstHash), ...path];
  if (path.length === 0) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) while (fn % 2 === 0 && fn !== 0) [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
    } else sr = nodeHash(sr, c);
    [fn, sn] = [Math.floor(fn / 2), Math.floor(sn / 2)];
  }
  return fr.equals(hex(firstHash)) && sr.equals(hex(secondHash)) && sn === 0;
}

try {
  const [head, jwks] = await Promise.all([get('/api/transparency/tree-head'), get('/.well-known/jwks.json')]);
  const signature = await verifyHead(head, jwks);
  report(
    signature.ok,
    `tree head of ${head.treeSize} entries, root ${head.rootHash}, ${head.timestamp}: ${signature.ok ? `signed by ${signature.kid}` : signature.why}`,
  );

  if (args.index !== undefined) {
    const index = Number(args.index);
    const { entries } = await get(`/api/transparency/entries?start=${index}&end=${index}`);
    if (entries.length !== 1) report(false, `entry ${index} is not in the log`);
    else {
      const computed = leafHash(entries[0].leaf).toString('hex');
      report(computed === entries[0].leafHash, `entry ${index}: its leaf hashes to ${computed}`);
      if (args['leaf-hash'])
        report(
          computed === args['leaf-hash'].toLowerCase(),
          `entry ${index} is the leaf ${args['leaf-hash']}`,
        );
      const { auditPath } = await get(
        `/api/transparency/proof/inclusion?index=${index}&treeSize=${head.treeSize}`,
      );
      report(
        verifyInclusion(index, head.treeSize, hex(computed), auditPath, head.rootHash),
        `entry ${index} is included in the tree head (${auditPath.length} hashes)`,
      );
    }
  }

  if (args.saved) {
    const old = JSON.parse(fs.readFileSync(args.saved, 'utf8'));
    const oldSignature = await verifyHead(old, jwks);
    // A key retired long ago leaves the JWKS; the head was checked when it was saved.
    console.log(
      `${oldSignature.ok ? 'ok  ' : 'note'} saved head of ${old.treeSize} entries: ${oldSignature.ok ? `signed by ${oldSignature.kid}` : oldSignature.why}`,
    );
    if (old.treeSize > head.treeSize)
      report(
        false,
        `the saved head has ${old.treeSize} entries, the log now ${head.treeSize}: the log shrank`,
      );
    else if (old.treeSize === 0) report(true, 'the saved head is the empty tree: every log extends it');
    else {
      const { consistencyPath } = await get(
        `/api/transparency/proof/consistency?first=${old.treeSize}&second=${head.treeSize}`,
      );
      report(
        verifyConsistency(old.treeSize, head.treeSize, old.rootHash, head.rootHash, consistencyPath),
        `the log of ${head.treeSize} entries extends the saved one of ${old.treeSize}: consistent`,
      );
    }
  }

  if (args.save) {
    fs.writeFileSync(args.save, `${JSON.stringify(head, null, 2)}\n`);
    console.log(`saved the head to ${args.save}`);
  }
} catch (error) {
  report(false, error.message);
}
process.exit(failed ? 1 : 0);
