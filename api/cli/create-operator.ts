/**
 * `npm run admin -- create-operator`: an operator, its storefront and its owner, through the one
 * createOperator (api/platform/create-operator.ts) an approved application goes through too, in one
 * transaction with its audit row: a taken slug, or any other failure, writes nothing.
 */
import { createOperatorInput } from "~contract/platform/applications";
import { operatorSlug } from "~contract/platform/operator-slug";
import { storefrontOrigin } from "../accounts/storefront-origin";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { createOperator, type CreatedOperator } from "../platform/create-operator";
import { checkArguments } from "./arguments";
import { CommandFailure } from "./database";

/** The command's arguments: the contract's rules, the slug's whole rule (format and not reserved). */
export const createOperatorArguments = createOperatorInput
  .pick({ name: true, currency: true, timezone: true, ownerEmail: true })
  .extend({ slug: operatorSlug });

/** Each field as the command line names it. */
const OPTION_NAMES = {
  slug: "--slug",
  name: "--name",
  ownerEmail: "--owner-email",
  currency: "--currency",
  timezone: "--timezone",
};

/** create-operator's options, held to the contract's rules (an ArgumentProblem when one fails). */
export function readOperatorOptions(values: Record<string, string | boolean | undefined>) {
  return checkArguments(
    createOperatorArguments,
    {
      slug: values.slug,
      name: values.name,
      ownerEmail: values["owner-email"],
      currency: values.currency,
      timezone: values.timezone,
    },
    OPTION_NAMES,
  );
}

/**
 * Creates the operator in `tx`; `audit` writes its audit row there. A refusal of createOperator's
 * (the slug taken) is a CommandFailure, in words.
 */
export async function createOperatorByCommand(
  tx: Db,
  operator: ReturnType<typeof readOperatorOptions>,
  audit: (created: CreatedOperator) => Promise<void>,
): Promise<CreatedOperator> {
  let created: CreatedOperator;
  try {
    created = await createOperator(tx, operator);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      const fields = error.code === "validation_error" ? Object.entries(error.fields ?? {}) : [];
      const details = fields.map(([field, messages]) => `\n  ${field}: ${messages.join(" ")}`).join("");
      throw new CommandFailure(`${operator.slug}: ${error.message} Nothing was written.${details}`);
    }
    throw error;
  }
  await audit(created);
  return created;
}

/** What the command prints once the operator exists. */
export function createdOperatorReport(
  operator: { slug: string; name: string; ownerEmail: string },
  created: CreatedOperator,
) {
  const storefront = storefrontOrigin(created.slug);
  const owner = created.ownerUserId
    ? `${operator.ownerEmail} is its owner (user ${created.ownerUserId}): they sign in to ${storefront}/console`
    : `${operator.ownerEmail} has no account yet: an owner invitation is on its way to them by email (invitation ` +
      `${created.invitationId}); once they sign up through its link they own ${storefront}/console`;
  return `Created ${operator.name} (${created.slug}, ${created.accountId}), storefront ${storefront}\n${owner}`;
}
