/**
 * A command's arguments, checked with the contract's own zod rules before anything is opened. A
 * bad or missing one is an ArgumentProblem: the script prints it with the command's usage and
 * exits 2 (scripts/cli.mjs's convention for a bad command line).
 */
import type { z } from "zod";
import { fieldMessage } from "../http/field-messages";

export class ArgumentProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArgumentProblem";
  }
}

/**
 * `input` held to `schema`; each failing field named as the command line names it (`names`: a
 * field's option or argument, e.g. ownerEmail → --owner-email, in the usage's order: the problems
 * are said in that order), its message in English.
 */
export function checkArguments<Schema extends z.ZodTypeAny>(
  schema: Schema,
  input: unknown,
  names: Record<string, string>,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const order = Object.keys(names);
  const rank = (issue: z.ZodIssue) => order.indexOf(String(issue.path[0] ?? "")) >>> 0;
  const lines = [...result.error.issues]
    .sort((a, b) => rank(a) - rank(b))
    .map((issue) => {
      const field = String(issue.path[0] ?? "");
      return `${names[field] ?? field}: ${fieldMessage(issue)}`;
    });
  throw new ArgumentProblem([...new Set(lines)].join("\n"));
}
