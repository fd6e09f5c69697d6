import { expect } from "vitest";
import type { Db } from "~api/db/client";
import type { OperatorRole } from "~contract/operator/team";
import { findService } from "./booking";
import { addTeamMember } from "./operator";
import { args, outcome, pageRequest, signedInUser, type Outcome } from "./routes";

/** acme's storefront, where its console is. */
export const ACME = "acme.app.localhost:3000";

type Loader = { loader: (args: never) => unknown };
type Action = { action: (args: never) => unknown };

/** A console route's loader for `path` as `cookie`'s holder on `host` (acme's storefront by default). */
export const consoleLoad = (
  route: Loader,
  path: string,
  cookie: string | null,
  params: Record<string, string> = {},
  host = ACME,
): Promise<Outcome> => outcome(() => route.loader(args(pageRequest(path, { cookie, host }), params) as never));

/** A console route's action: `form` posted as a browser would (URL-encoded), from the same origin. */
export const consolePost = (
  route: Action,
  path: string,
  cookie: string,
  form: Record<string, string> | URLSearchParams,
  params: Record<string, string> = {},
  host = ACME,
): Promise<Outcome> => {
  const request =
    form instanceof URLSearchParams
      ? new Request(pageRequest(path, { cookie, host, method: "POST" }), { body: form })
      : pageRequest(path, { cookie, form, host });
  return outcome(() => route.action(args(request, params) as never));
};

/** A new signed-in user (with their session cookie) who is a member of `slug`'s team with `role`. */
export async function memberOf(db: Db, role: OperatorRole, slug = "acme") {
  const signedIn = await signedInUser();
  await addTeamMember(db, slug, signedIn.user.uid, role);
  return signedIn;
}

/**
 * The console's guard for those outside the team, on the page at `path` (`load` opens it as a
 * cookie's holder): signed out, sent to sign in and back; a signed-in user of no team, 404.
 * Answers that user (with their cookie) for the file's further checks.
 */
export async function expectTeamOnly(path: string, load: (cookie: string | null) => Promise<Outcome>) {
  const out = await load(null);
  expect(out.status).toBe(302);
  expect(out.location).toBe(`/login?redirectUrl=${encodeURIComponent(path)}`);
  const stranger = await signedInUser();
  expect((await load(stranger.cookie)).status).toBe(404);
  return stranger;
}

/**
 * THE guard of a console page only owners and managers open, at `path` (`load` opens it as a
 * cookie's holder, on acme's storefront unless given a host; `post` posts a form of the page as
 * that holder): expectTeamOnly; a guide refused reading it (403, naming the `ability` a guide
 * lacks) and posting; an owner on the marketplace's host, 404.
 */
export async function expectManagersOnly(
  db: Db,
  path: string,
  ability: string,
  load: (cookie: string | null, host?: string) => Promise<Outcome>,
  post: (cookie: string) => Promise<Outcome>,
) {
  await expectTeamOnly(path, (cookie) => load(cookie));
  const guide = await memberOf(db, "guide");
  const refused = await load(guide.cookie);
  expect(refused.status).toBe(403);
  expect(refused.data).toEqual({ refused: "role", ability, role: "guide" });
  expect((await post(guide.cookie)).status).toBe(403);
  const owner = await memberOf(db, "owner");
  expect((await load(owner.cookie, "localhost:3000")).status).toBe(404);
}

/**
 * One experience's page of the console (`/console/experiences/:experienceId/<page>`): its loader and
 * action as a cookie's holder calls them, and THE guard of a catalog page (expectGuarded): the team
 * only, another operator's experience (harbor's) 404, a guide 403 reading it and posting `form`.
 */
export function experiencePage(route: Loader & Action, page: string, experienceId: string) {
  const path = (id = experienceId) => `/console/experiences/${id}/${page}`;
  const load = (cookie: string | null, id = experienceId, host = ACME) =>
    consoleLoad(route, path(id), cookie, { experienceId: id }, host);
  const post = (cookie: string, form: Record<string, string>, id = experienceId) =>
    consolePost(route, path(id), cookie, form, { experienceId: id });
  async function expectGuarded(db: Db, form: Record<string, string>) {
    const harbor = await findService(db, "harbor");
    await expectTeamOnly(path(), (cookie) => load(cookie));
    const manager = await memberOf(db, "manager");
    expect((await load(manager.cookie, harbor.experienceId)).status).toBe(404);
    const guide = await memberOf(db, "guide");
    expect((await load(guide.cookie)).status).toBe(403);
    expect((await post(guide.cookie, form)).status).toBe(403);
  }
  return { path, load, post, expectGuarded };
}
