import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { waivers, type AccountRow, type WaiverRow } from "../db/schema";
import { getApiEnv } from "../env";
import { conflict, validationError } from "../http/errors";
import { requireUserRow } from "../users/service";
import { PLATFORM_WAIVER_VERSION, platformWaiverText } from "./platform-waiver";
import type { CurrentWaiver, SignWaiverBody, WaiverView } from "~contract/bookings/waivers";

/** The operator's waiver in a storefront (when it has a text), otherwise the platform's. */
export function currentWaiver(account: AccountRow | null): CurrentWaiver {
  if (account && account.waiverText.trim() !== "") {
    return {
      accountId: account.id,
      accountName: account.name,
      textVersion: account.waiverVersion,
      text: account.waiverText,
    };
  }
  const platformName = getApiEnv().PUBLIC_APP_NAME;
  return {
    accountId: null,
    accountName: platformName,
    textVersion: PLATFORM_WAIVER_VERSION,
    text: platformWaiverText(platformName),
  };
}

/** The caller's signature of exactly this waiver and version, if any. */
export async function findSignature(db: Db, uid: string, waiver: CurrentWaiver): Promise<WaiverRow | null> {
  const [row] = await db
    .select()
    .from(waivers)
    .where(
      and(
        eq(waivers.userId, uid),
        waiver.accountId === null ? isNull(waivers.accountId) : eq(waivers.accountId, waiver.accountId),
        eq(waivers.textVersion, waiver.textVersion),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function waiverView(db: Db, uid: string, account: AccountRow | null): Promise<WaiverView> {
  const waiver = currentWaiver(account);
  const signature = await findSignature(db, uid, waiver);
  return {
    accountName: waiver.accountName,
    textVersion: waiver.textVersion,
    text: waiver.text,
    isSigned: signature !== null,
    signedAt: signature ? signature.signedAt.toISOString() : null,
    signedName: signature ? signature.signedName : null,
  };
}

/**
 * POST /v1/user/waiver/sign. 409 `waiver_version_changed` when the text read is not the
 * current one. Signing the same version again changes nothing (the first signature stays).
 */
/** A name as people write it: case, accents' composition and spacing do not count. */
function comparableName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}

export async function signWaiver(
  db: Db,
  uid: string,
  account: AccountRow | null,
  input: SignWaiverBody,
  client: { ip: string; userAgent: string },
): Promise<void> {
  const waiver = currentWaiver(account);
  if (input.textVersion !== waiver.textVersion) {
    throw conflict(
      `The waiver text has changed (version ${waiver.textVersion}); read it again before signing.`,
      "waiver_version_changed",
    );
  }
  const user = await requireUserRow(db, uid);
  // A signature is the signer's own name: the profile's full name, however it is spaced or cased.
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  if (user.firstName && user.lastName && comparableName(input.signedName) !== comparableName(fullName)) {
    throw validationError({ signedName: [`Sign with your full name as in your profile: ${fullName}.`] });
  }
  await db
    .insert(waivers)
    .values({
      userId: uid,
      accountId: waiver.accountId,
      textVersion: waiver.textVersion,
      signedName: input.signedName,
      ip: client.ip,
      userAgent: client.userAgent,
    })
    .onConflictDoNothing();
}
