import type { Db } from "../db/client";
import type { AccountRow } from "../db/schema";
import { countUnread } from "../notifications/service";
import { currentWaiver, findSignature } from "../waivers/service";
import { missingToBook, requireUserRow, toUserInfo } from "./service";
import type { SessionCreated } from "~contract/identity/auth";

/**
 * Who a new session is for and what they still owe (profile fields, then "waiver").
 * `secondStepGiven`: a brand-new session has not (a user with a second factor is then pending); a
 * renewed one carries the step of the session it replaces.
 */
export async function sessionUser(
  db: Db,
  uid: string,
  account: AccountRow | null,
  secondStepGiven = false,
): Promise<Pick<SessionCreated, "user" | "missingData">> {
  const [row, signature, unread] = await Promise.all([
    requireUserRow(db, uid),
    findSignature(db, uid, currentWaiver(account)),
    countUnread(db, uid),
  ]);
  const missingData: string[] = missingToBook(row);
  if (!signature) missingData.push("waiver");
  return { user: toUserInfo(row, unread, secondStepGiven), missingData };
}
