import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { AuthIdentity } from "../http/types";
import type { SecondStepAnswer } from "./answer";
import { noSecondFactor, refuseWrongAnswer } from "./answers";
import { verifyPasskeyAssertion, type RelyingParty } from "./passkey-authentication";
import { recoveryCodesLeft, spendRecoveryCode } from "./recovery-codes";
import { recordSecurityEvent } from "./security-events";
import { recordSecondStep } from "./session-step";
import { spendTotpCode } from "./totp-enrolment";
import { clearWrongAnswers, refuseWhileLocked } from "./wrong-answers";

/**
 * POST /v1/auth/second-step: the session's second step, by an authenticator code, a recovery code
 * or a passkey. While the user's lock lasts every answer is 429; a wrong one counts towards it; a
 * right one clears the count and records the step for this token (until it expires).
 */
export async function verifySecondFactor(
  db: Db,
  input: {
    identity: AuthIdentity;
    token: string;
    answer: SecondStepAnswer;
    clientAddress: string;
    relyingParty: () => RelyingParty;
  },
): Promise<{ secondStepAt: string; recoveryCodesLeft: number }> {
  const { identity, answer, clientAddress } = input;
  const uid = identity.uid;
  const [user] = await db.select({ enabled: users.secondFactorEnabled }).from(users).where(eq(users.id, uid)).limit(1);
  if (!user?.enabled) throw noSecondFactor();
  await refuseWhileLocked(db, uid);
  let right: boolean;
  if (answer.method === "totp") right = await spendTotpCode(db, uid, answer.code);
  else if (answer.method === "recovery") right = await spendRecoveryCode(db, uid, answer.code);
  else right = await verifyPasskeyAssertion(db, uid, answer.response, input.relyingParty());
  if (!right) return refuseWrongAnswer(db, uid, clientAddress);
  await clearWrongAnswers(db, uid);
  const left = await recoveryCodesLeft(db, uid);
  if (answer.method === "recovery") {
    await recordSecurityEvent(db, {
      userId: uid,
      action: "recovery_code_used",
      detail: { left: String(left) },
      clientAddress,
    });
  }
  const at = await recordSecondStep(db, identity, input.token);
  return { secondStepAt: at.toISOString(), recoveryCodesLeft: left };
}
