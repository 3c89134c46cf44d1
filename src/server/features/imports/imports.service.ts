import type { ImportRequest, Provenance, ProvenanceEntry } from '../../../shared/api/imports.js';
import type { ImportDraftResponse } from '../../../shared/api/submissions.js';
import type { UploadedFile } from '../../../shared/api/storage.js';
import { UPLOAD_MAX_BYTES } from '../../../shared/limits.js';
import { AppError, conflict } from '../../errors.js';
import { OutboundRefusal } from '../../lib/outbound-fetch.js';
import { nowIso } from '../../lib/time.js';
import { deleteStoredFile } from '../storage/storage.admin.service.js';
import { storeUpload, type StorageDeps } from '../storage/uploads.service.js';
import { createDraft, type SubmissionsDeps } from '../submissions/submissions.service.js';
import { readImportSource, type ImportedListing } from './import-sources.js';
import type { ImportsRepo } from './imports.repo.js';
import type { RegistryDeps } from './registry-client.js';

export interface ImportsDeps {
  registry: RegistryDeps;
  imports: ImportsRepo;
  submissions: SubmissionsDeps;
  storage: StorageDeps;
}

/** Fetches the source's icon (through the outbound guard) and stores it as the user's upload. */
async function importIcon(deps: ImportsDeps, userId: number, iconUrl: string): Promise<UploadedFile> {
  let bytes: Buffer;
  try {
    const response = await deps.registry.fetch(iconUrl, {
      headers: { accept: 'image/png, image/jpeg, image/webp' },
      maxBytes: UPLOAD_MAX_BYTES,
    });
    if (!response.ok) throw new OutboundRefusal(`its address answered HTTP ${response.status}`);
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new OutboundRefusal(error instanceof OutboundRefusal ? error.message : 'it could not be fetched');
  }
  const name = decodeURIComponent(new URL(iconUrl).pathname.split('/').pop() ?? '') || 'icon';
  return storeUpload(deps.storage, { ownerId: userId, bytes, originalName: name });
}

/** The listing a source would duplicate answers 409 naming it. */
async function refuseDuplicate(deps: ImportsDeps, listing: ImportedListing): Promise<void> {
  const match = await deps.imports.findMatchingListing({
    registryName: listing.registryName,
    githubRepo: listing.fields.githubRepo ?? null,
    repoUrl: listing.fields.repoUrl ?? null,
    mcpUrl: listing.fields.mcpUrl ?? null,
    agentCardUrl: listing.fields.agentCardUrl ?? null,
  });
  if (match) throw conflict(`“${match.name}” is already listed on AgentAtlas (same ${match.matchedBy}).`);
}

/**
 * Creates a draft filled from a published source: each filled field keeps where it
 * came from and when. The source is read and checked before anything is written; the icon is the
 * only thing stored before the draft, and it is removed again when the draft cannot be created.
 */
export async function importDraft(
  deps: ImportsDeps,
  userId: number,
  request: ImportRequest,
): Promise<ImportDraftResponse> {
  return createImportedDraft(deps, userId, await readImportSource(deps.registry, request));
}

/** A draft of what a source said, unless a listing has it already. */
export async function createImportedDraft(
  deps: ImportsDeps,
  userId: number,
  listing: ImportedListing,
): Promise<ImportDraftResponse> {
  await refuseDuplicate(deps, listing);

  const fetchedAt = nowIso();
  const entry: ProvenanceEntry = { source: listing.source, url: listing.url, fetchedAt };
  const warnings: string[] = [];
  let logo: UploadedFile | null = null;
  if (listing.iconUrl) {
    try {
      logo = await importIcon(deps, userId, listing.iconUrl);
    } catch (error) {
      if (!(error instanceof OutboundRefusal || error instanceof AppError)) throw error;
      warnings.push(`The icon was not imported: ${error.message.replace(/\.$/, '')}.`);
    }
  }
  const provenance: Provenance = Object.fromEntries(
    Object.keys(listing.fields).map((field) => [field, entry]),
  );
  if (logo) provenance.logoFileId = entry;
  if (listing.version) provenance.version = entry;

  try {
    const draft = await createDraft(
      deps.submissions,
      userId,
      { ...listing.fields, logoFileId: logo?.id ?? null },
      {
        version: listing.version,
        provenance,
        importedFrom: {
          source: listing.source,
          url: listing.url,
          registryName: listing.registryName,
          version: listing.version,
          fetchedAt,
        },
      },
    );
    return { ...draft, warnings };
  } catch (error) {
    if (logo) await deleteStoredFile(deps.storage, logo.id).catch(() => undefined);
    throw error;
  }
}
