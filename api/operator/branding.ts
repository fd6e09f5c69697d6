import { eq } from "drizzle-orm";
import {
  buttonContrast,
  contrastRefusal,
  MIN_BUTTON_CONTRAST,
  passesButtonContrast,
  shownRatio,
  type BrandingView,
  type OperatorBranding,
} from "~contract/operator/branding";
import { writeAudit, type Actor } from "../audit/log";
import type { Db } from "../db/client";
import { accounts, type AccountRow } from "../db/schema";
import { ApiError } from "../http/errors";
import { randomId } from "../ids";
import { processLogo } from "../photos/logo-pipeline";
import type { PhotoStorage } from "../photos/storage-port";
import type { KeepAnswer } from "./idempotency";
import { lockedAccount } from "./locked-account";

/**
 * The storefront's branding (issue 29 item 4): the console edits a draft (accounts.branding_draft)
 * and publishes it onto the account's columns, which are all travellers see (the storefront's
 * account context, its emails). No draft: the published branding is the draft.
 */

type DraftChange = Partial<Omit<BrandingView, "logoUrl">>;

export const publishedOf = (account: AccountRow): BrandingView => ({
  name: account.name,
  tagline: account.tagline,
  logoUrl: account.logoUrl,
  primaryColor: account.primaryColor.toLowerCase(),
  supportEmail: account.contactEmail,
  supportPhone: account.contactPhone,
});

const draftOf = (account: AccountRow): BrandingView => account.brandingDraft ?? publishedOf(account);

const same = (a: BrandingView, b: BrandingView) =>
  (Object.keys(a) as (keyof BrandingView)[]).every((key) => a[key] === b[key]);

function answer(account: AccountRow): OperatorBranding {
  const published = publishedOf(account);
  const draft = draftOf(account);
  return { published, draft, unpublished: !same(published, draft), draftContrast: buttonContrast(draft.primaryColor) };
}

/** 422 contrast_too_low, with the measured ratio in words and in `details.ratio`. */
function refuseContrast(color: string): never {
  const error = new ApiError(422, "contrast_too_low", contrastRefusal(color));
  error.details = { ratio: shownRatio(buttonContrast(color)), required: MIN_BUTTON_CONTRAST, color };
  throw error;
}

async function writeDraft(db: Db, accountId: string, draft: BrandingView): Promise<AccountRow> {
  const [row] = await db.update(accounts).set({ brandingDraft: draft }).where(eq(accounts.id, accountId)).returning();
  return row;
}

/** The storage keys of one of our logos, from its URL (`…/logos/{accountId}/{logoId}/192.png`). */
function logoKeys(logoUrl: string | null): string[] {
  const match = logoUrl && /(?:^|\/)(logos\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)\/192\.png$/.exec(logoUrl);
  if (!match) return [];
  return ["96.webp", "96.png", "192.webp", "192.png"].map((file) => `${match[1]}/${file}`);
}

export async function getBranding(db: Db, accountId: string): Promise<OperatorBranding> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return answer(row);
}

/** PATCH: the draft's fields; a primary colour the buttons' text cannot be read on: 422. */
export async function updateBranding(db: Db, actor: Actor, change: DraftChange): Promise<OperatorBranding> {
  if (change.primaryColor !== undefined && !passesButtonContrast(change.primaryColor))
    refuseContrast(change.primaryColor);
  const row = await db.transaction(async (tx) => {
    const account = await lockedAccount(tx, actor.accountId);
    const draft = { ...draftOf(account), ...change };
    await writeAudit(tx, actor, "branding.draft_updated", {
      fields: Object.keys(change).sort().join(","),
      ...(change.primaryColor ? { primaryColor: change.primaryColor } : {}),
    });
    return writeDraft(tx, actor.accountId, draft);
  });
  return answer(row);
}

/** The draft's new logo: processed, written through the storage port, then the draft names it. */
export async function uploadLogo(
  db: Db,
  storage: PhotoStorage,
  actor: Actor,
  file: Blob,
  keep: KeepAnswer<OperatorBranding> = async () => {},
): Promise<OperatorBranding> {
  const variants = await processLogo(new Uint8Array(await file.arrayBuffer()));
  const prefix = `logos/${actor.accountId}/${randomId("lg_", 20)}`;
  const written: string[] = [];
  try {
    for (const variant of variants) {
      const key = `${prefix}/${variant.file}`;
      written.push(key);
      await storage.put(key, variant.bytes, variant.contentType);
    }
  } catch (error) {
    await storage.delete(written).catch(() => undefined);
    throw error;
  }
  const logoUrl = storage.url(`${prefix}/192.png`);
  let replaced: string | null = null;
  try {
    const branding = await db.transaction(async (tx) => {
      const account = await lockedAccount(tx, actor.accountId);
      const draft = draftOf(account);
      // The draft's earlier logo goes, unless travellers see it (published: emails sent keep it).
      if (draft.logoUrl && draft.logoUrl !== account.logoUrl) replaced = draft.logoUrl;
      await writeAudit(tx, actor, "branding.logo_uploaded", { logoUrl });
      const branding = answer(await writeDraft(tx, actor.accountId, { ...draft, logoUrl }));
      await keep(tx, branding);
      return branding;
    });
    await storage.delete(logoKeys(replaced)).catch(() => undefined);
    return branding;
  } catch (error) {
    await storage.delete(written).catch(() => undefined);
    throw error;
  }
}

/** DELETE: the draft has no logo (the storefront then shows the name). */
export async function removeLogo(db: Db, storage: PhotoStorage, actor: Actor): Promise<OperatorBranding> {
  let replaced: string | null = null;
  const row = await db.transaction(async (tx) => {
    const account = await lockedAccount(tx, actor.accountId);
    const draft = draftOf(account);
    if (draft.logoUrl && draft.logoUrl !== account.logoUrl) replaced = draft.logoUrl;
    await writeAudit(tx, actor, "branding.logo_removed", { logoUrl: draft.logoUrl });
    return writeDraft(tx, actor.accountId, { ...draft, logoUrl: null });
  });
  await storage.delete(logoKeys(replaced)).catch(() => undefined);
  return answer(row);
}

/** POST …/publish: the draft becomes the account's branding (checked again: it is what travellers get). */
export async function publishBranding(db: Db, actor: Actor): Promise<OperatorBranding> {
  const row = await db.transaction(async (tx) => {
    const account = await lockedAccount(tx, actor.accountId);
    const draft = draftOf(account);
    if (!passesButtonContrast(draft.primaryColor)) refuseContrast(draft.primaryColor);
    await writeAudit(tx, actor, "branding.published", {
      name: draft.name,
      primaryColor: draft.primaryColor,
      logoUrl: draft.logoUrl,
    });
    const [updated] = await tx
      .update(accounts)
      .set({
        name: draft.name,
        tagline: draft.tagline,
        logoUrl: draft.logoUrl,
        primaryColor: draft.primaryColor,
        contactEmail: draft.supportEmail,
        contactPhone: draft.supportPhone,
        brandingDraft: null,
      })
      .where(eq(accounts.id, actor.accountId))
      .returning();
    return updated;
  });
  return answer(row);
}
