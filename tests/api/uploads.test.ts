import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnUploadList, StorageInfo, UploadedFile } from '../../src/shared/api/storage.js';
import { factories } from '../support/factories.js';
import { registerAndSignIn, signUpPerson } from '../support/sessions.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await createTestApp();
  f = factories(t.app);
});
afterAll(() => t.close());

const person = () => signUpPerson(t);

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

function uploadTo(
  app: TestApp,
  cookie: string | null,
  bytes: Buffer,
  name: string,
  type: string,
  headers = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return app.request('/api/uploads', {
    method: 'POST',
    body: form,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}
const upload = (cookie: string | null, bytes: Buffer, name: string, type: string, headers = {}) =>
  uploadTo(t, cookie, bytes, name, type, headers);

/**
 * A valid PNG of any size that stays small: 1-bit grey rows of zeros, deflated. At 20000×20000 it is
 * about 50 KB of file that decodes to 400 million pixels, a decompression bomb.
 */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13); // bit depth 1, colour type 0 (grey), no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  // Each row: filter byte 0, then width bits of zeros.
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('POST /api/uploads', () => {
  it('accepts a PNG and re-encodes it as WebP within 512 px, served with long caching and nosniff', async () => {
    const { cookie } = await person();
    const png = await image(2000, 1000).png().toBuffer();
    const response = await upload(cookie, png, 'logo.png', 'image/png');
    expect(response.status).toBe(201);
    const file = (await response.json()) as UploadedFile;
    expect(file).toMatchObject({ contentType: 'image/webp', width: 512, height: 256 });
    expect(file.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.webp$/);

    const served = await t.request(file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(file.size);
    const head = await t.request(file.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 256 });
  });

  it('accepts a JPEG, turns it upright and drops its EXIF data', async () => {
    const { cookie } = await person();
    const jpeg = await image(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Jane Secret', Copyright: 'GPS here' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(cookie, jpeg, 'photo.jpg', 'image/jpeg');
    expect(response.status).toBe(201);
    const file = (await response.json()) as UploadedFile;
    // Orientation 6 means "rotate 90°": the stored image is portrait.
    expect(file).toMatchObject({ width: 200, height: 300 });
    const bytes = Buffer.from(await (await t.request(file.url)).arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('Jane Secret'))).toBe(false);
  });

  it('accepts a WebP and does not enlarge a small image', async () => {
    const { cookie } = await person();
    const webp = await image(100, 50).webp().toBuffer();
    const response = await upload(cookie, webp, 'small.webp', 'image/webp');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ contentType: 'image/webp', width: 100, height: 50 });
  });

  it('decides the type by content, not by name or declared type', async () => {
    const { cookie } = await person();
    const png = await image(64, 64).png().toBuffer();
    const response = await upload(cookie, png, 'logo.txt', 'text/plain');
    expect(response.status).toBe(201);
  });

  it('refuses an SVG with its own message', async () => {
    const { cookie } = await person();
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const response = await upload(cookie, svg, 'logo.svg', 'image/svg+xml');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; details: Record<string, string[]> };
    expect(body.message).toBe('SVG images are not accepted. Upload a PNG, JPEG or WebP image.');
    expect(body.details.file).toEqual([body.message]);
    // An SVG renamed to .png is still an SVG.
    const renamed = await upload(cookie, svg, 'logo.png', 'image/png');
    expect(await messageOf(renamed)).toBe('SVG images are not accepted. Upload a PNG, JPEG or WebP image.');
  });

  it('refuses a renamed HTML file and a PDF', async () => {
    const { cookie } = await person();
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const response = await upload(cookie, html, 'logo.png', 'image/png');
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('Only PNG, JPEG or WebP images are accepted.');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const pdfResponse = await upload(cookie, pdf, 'logo.webp', 'image/webp');
    expect(pdfResponse.status).toBe(400);
    expect(await messageOf(pdfResponse)).toBe('Only PNG, JPEG or WebP images are accepted.');
  });

  it('refuses an image that only starts like a PNG', async () => {
    const { cookie } = await person();
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const response = await upload(cookie, fake, 'broken.png', 'image/png');
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('The image could not be read. It may be damaged.');
  });

  it('accepts exactly 1 MB and refuses 1 MB + 1 byte with 413', async () => {
    const { cookie } = await person();
    const header = await image(16, 16).png().toBuffer();
    const tooBig = Buffer.concat([header, Buffer.alloc(1024 * 1024 + 1 - header.length, 0)]);
    expect(tooBig.length).toBe(1024 * 1024 + 1);
    const response = await upload(cookie, tooBig, 'big.png', 'image/png');
    expect(response.status).toBe(413);
    expect(await messageOf(response)).toBe('The file is larger than 1 MB.');
    // A PNG followed by padding up to exactly 1 MB is within the limit (decoders ignore the trailer).
    const exact = Buffer.concat([header, Buffer.alloc(1024 * 1024 - header.length, 0)]);
    expect((await upload(cookie, exact, 'exact.png', 'image/png')).status).toBe(201);
  });

  it('refuses an image wider than 4096 px with 400', async () => {
    const { cookie } = await person();
    const wide = await image(5000, 10).png().toBuffer();
    const response = await upload(cookie, wide, 'wide.png', 'image/png');
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe('The image is larger than 4096×4096 pixels.');
  });

  it('refuses a 20000×20000 PNG of a few KB by its size, before decoding it', async () => {
    const { cookie } = await person();
    const bomb = blankPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    // It is a real image of that size, not a broken file the server would refuse anyway.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 20_000,
      height: 20_000,
    });
    const response = await upload(cookie, bomb, 'bomb.png', 'image/png');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The image is larger than 4096×4096 pixels.',
      details: { file: ['The image is larger than 4096×4096 pixels.'] },
    });
    // Fewer pixels than 4096×4096 in all, but too tall: the same message.
    const tall = await upload(cookie, blankPng(100, 5000), 'tall.png', 'image/png');
    expect(tall.status).toBe(400);
    expect(await messageOf(tall)).toBe('The image is larger than 4096×4096 pixels.');
    // 4096×4096 itself is accepted.
    const largest = await upload(cookie, blankPng(4096, 4096), 'largest.png', 'image/png');
    expect(largest.status).toBe(201);
    expect(await largest.json()).toMatchObject({ width: 512, height: 512 });
  });

  it('answers 400 without a file and for a field with another name', async () => {
    const { cookie } = await person();
    const empty = await t.request('/api/uploads', { method: 'POST', headers: { cookie }, json: {} });
    expect(empty.status).toBe(400);
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(await image(8, 8).png().toBuffer())]), 'a.png');
    const wrongField = await t.request('/api/uploads', { method: 'POST', body: form, headers: { cookie } });
    expect(wrongField.status).toBe(400);
    expect(((await wrongField.json()) as { details: Record<string, string[]> }).details.file).toEqual([
      'Choose an image to upload.',
    ]);
  });

  it('refuses a foreign Origin with 403 and a signed-out request with 401', async () => {
    const { cookie } = await person();
    const png = await image(32, 32).png().toBuffer();
    const foreign = await upload(cookie, png, 'refused.png', 'image/png', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await upload(null, png, 'refused.png', 'image/png')).status).toBe(401);
    const count = await t.app.db.kysely
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('original_name', '=', 'refused.png')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('the upload rate limit', () => {
  it('answers 429 with Retry-After after 30 uploads in 15 minutes, per person', async () => {
    const strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const cookie = await registerAndSignIn(strict, 'limited@example.com');
      const other = await registerAndSignIn(strict, 'unlimited@example.com');
      const send = (who: string) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(Buffer.from('not an image'))]), 'x.png');
        return strict.request('/api/uploads', { method: 'POST', body: form, headers: { cookie: who } });
      };
      for (let i = 0; i < 30; i += 1) expect((await send(cookie)).status).toBe(400);
      const limited = await send(cookie);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await send(other)).status).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

describe('the image queue', () => {
  const BUSY = 'Many images are being processed right now. Please try again in a few seconds.';
  let busy: TestApp;
  let cookie: string;
  let png: Buffer;
  beforeAll(async () => {
    // One image at a time and one upload waiting: the test fills both places itself.
    busy = await createTestApp({ IMAGE_WORKERS: '1', IMAGE_QUEUE: '1' });
    cookie = await registerAndSignIn(busy, 'queue@example.com');
    png = await image(64, 64).png().toBuffer();
  });
  afterAll(() => busy.close());

  /** Takes the one worker with a job that runs until the returned function is called. */
  function holdTheWorker() {
    let release = () => {};
    const held = busy.app.services.storage.images.run(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    return async () => {
      release();
      await held;
    };
  }

  async function until(condition: () => boolean) {
    const deadline = Date.now() + 5000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('answers 503 with Retry-After and the error body when every worker and waiting place is taken', async () => {
    const queue = busy.app.services.storage.images;
    const release = holdTheWorker();
    const waiter = queue.run(async () => 'ran');
    try {
      expect(queue.size()).toEqual({ active: 1, waiting: 1 });
      const refused = await uploadTo(busy, cookie, png, 'refused.png', 'image/png');
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({ message: BUSY });
      expect(queue.size()).toEqual({ active: 1, waiting: 1 });
      // A bomb is still refused by its header: it never needs a place in the queue.
      const bomb = await uploadTo(busy, cookie, blankPng(20_000, 20_000), 'bomb.png', 'image/png');
      expect(bomb.status).toBe(400);
      expect(await messageOf(bomb)).toBe('The image is larger than 4096×4096 pixels.');
    } finally {
      await release();
    }
    expect(await waiter).toBe('ran');
    expect(queue.size()).toEqual({ active: 0, waiting: 0 });
    const accepted = await uploadTo(busy, cookie, png, 'accepted.png', 'image/png');
    expect(accepted.status).toBe(201);
    const names = await busy.app.db.kysely.selectFrom('files').select('original_name').execute();
    expect(names.map((row) => row.original_name)).toEqual(['accepted.png']);
  });

  it('keeps an upload waiting while the worker is busy and answers it when its turn comes', async () => {
    const queue = busy.app.services.storage.images;
    const release = holdTheWorker();
    const pending = uploadTo(busy, cookie, png, 'waited.png', 'image/png');
    try {
      await until(() => queue.size().waiting === 1);
    } finally {
      await release();
    }
    const response = await pending;
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ contentType: 'image/webp', width: 64, height: 64 });
    expect(queue.size()).toEqual({ active: 0, waiting: 0 });
  });
});

describe('serving /uploads', () => {
  it('answers 404 for unknown keys and for anything that is not a plain file name', async () => {
    for (const path of [
      '/uploads/AAAAAAAAAAAAAAAAAAAAAAAA.webp',
      '/uploads/..%2Fsecret.key',
      '/uploads/nested/AAAAAAAAAAAAAAAA.webp',
      '/uploads/',
    ]) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
    }
  });
});

describe('own uploads', () => {
  it('lists your files with their use, deletes unused ones, keeps agent logos (409), hides others’ (404)', async () => {
    const owner = await person();
    const other = await person();
    const png = await image(40, 40).png().toBuffer();
    const free = (await (await upload(owner.cookie, png, 'a.png', 'image/png')).json()) as UploadedFile;
    const used = (await (await upload(owner.cookie, png, 'b.png', 'image/png')).json()) as UploadedFile;
    await f.createAgent({ owner_id: owner.user.id, logo_file_id: used.id, logo_url: used.url });

    const { files } = (await (
      await t.request('/api/user/uploads', { headers: { cookie: owner.cookie } })
    ).json()) as OwnUploadList;
    expect(files.map((file) => [file.id, file.inUse])).toEqual([
      [used.id, true],
      [free.id, false],
    ]);
    const othersList = (await (
      await t.request('/api/user/uploads', { headers: { cookie: other.cookie } })
    ).json()) as OwnUploadList;
    expect(othersList.files).toEqual([]);

    const notYours = await t.request(`/api/uploads/${free.id}`, {
      method: 'DELETE',
      headers: { cookie: other.cookie },
    });
    expect(notYours.status).toBe(404);
    const inUse = await t.request(`/api/uploads/${used.id}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    });
    expect(inUse.status).toBe(409);
    const removed = await t.request(`/api/uploads/${free.id}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    });
    expect(removed.status).toBe(204);
    expect((await t.request(free.url)).status).toBe(404);
    expect((await t.request(used.url)).status).toBe(200);
  });
});

describe('GET /api/storage/info', () => {
  it('tells anyone the driver and the limits, and no path', async () => {
    const response = await t.request('/api/storage/info');
    expect(response.status).toBe(200);
    const info = (await response.json()) as StorageInfo;
    expect(info).toEqual({
      driver: 'local',
      driverLabel: 'Local disk',
      limits: {
        maxBytes: 1024 * 1024,
        maxWidth: 4096,
        maxHeight: 4096,
        acceptedTypes: ['image/png', 'image/jpeg', 'image/webp'],
        outputType: 'image/webp',
        outputMaxSizePx: 512,
        orphanMinAgeHours: 24,
      },
    });
    expect(JSON.stringify(info)).not.toContain(t.config.dataDir);
  });
});
