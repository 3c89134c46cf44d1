import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/** Uploads a real 64×64 PNG as the person with this cookie, the way the form does, and answers the file. */
export async function uploadPng(t: TestApp, cookie: string): Promise<{ id: number; url: string }> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const uploaded = await t.request('/api/uploads', { method: 'POST', body: form, headers: { cookie } });
  expect(uploaded.status).toBe(201);
  return (await uploaded.json()) as { id: number; url: string };
}
