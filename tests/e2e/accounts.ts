import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../src/server/db/database.js';
import { waitForMailLink } from '../support/mail.js';

/** What tests/e2e/serve.ts wrote about the server it started: its data folder and fake GitHub. */
export function e2eServer(): { dataDir: string; github: string; registry: string; databaseUrl: string } {
  const port = process.env.E2E_PORT ?? '3100';
  return JSON.parse(fs.readFileSync(path.join(os.tmpdir(), `agentatlas-e2e-${port}.json`), 'utf8')) as {
    dataDir: string;
    github: string;
    registry: string;
    databaseUrl: string;
  };
}

function openE2eDb() {
  const { databaseUrl } = e2eServer();
  return createDb(
    databaseUrl.startsWith('file:')
      ? { kind: 'sqlite', file: databaseUrl.slice('file:'.length) }
      : { kind: 'postgres', url: databaseUrl },
  );
}

/** Gives an account the admin role straight in the test server's database (as `npm run admin -- grant` does). */
export async function makeAdmin(email: string) {
  const db = openE2eDb();
  try {
    await db.kysely.updateTable('users').set({ role: 'admin' }).where('email', '=', email).execute();
  } finally {
    await db.close();
  }
}

/**
 * Makes an account the owner of a demo agent, straight in the test server's database: owning an
 * agent otherwise takes the submission flow, which these tests are not about.
 */
export async function makeOwner(email: string, slug: string) {
  const db = openE2eDb();
  try {
    const user = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await db.kysely.updateTable('agents').set({ owner_id: user.id }).where('slug', '=', slug).execute();
  } finally {
    await db.close();
  }
}

/**
 * Points a demo agent's MCP endpoint or A2A card at a test's fake server, straight in the test
 * server's database: an owner's edit would go through review, which these tests are not about.
 */
export async function pointAgentAt(slug: string, endpoint: { mcpUrl: string } | { agentCardUrl: string }) {
  const db = openE2eDb();
  try {
    await db.kysely
      .updateTable('agents')
      .set('mcpUrl' in endpoint ? { mcp_url: endpoint.mcpUrl } : { agent_card_url: endpoint.agentCardUrl })
      .where('slug', '=', slug)
      .execute();
  } finally {
    await db.close();
  }
}

/** The path and query of the newest link of that kind mailed to the address. */
export async function mailedLink(to: string, kind: 'verify-email' | 'reset-password') {
  const { dataDir } = e2eServer();
  const link = await waitForMailLink(
    dataDir,
    to,
    `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}/${kind}?token=`,
  );
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs an account in at the fake GitHub, as a person would be before clicking "Authorize". */
export async function signInAtGithub(account: {
  id: number;
  login: string;
  name: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}) {
  const response = await fetch(`${e2eServer().github}/_fake/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error('the fake GitHub refused the sign-in');
}
