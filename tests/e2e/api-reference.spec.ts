import type { Endpoint } from "../../contract/endpoint";
import { endpoints } from "../../contract/endpoints";
import { expect, test } from "./guarded-test";
import { origin } from "./helpers";

const declared = Object.entries(endpoints as Record<string, Endpoint & { tag: string }>);

test("the API reference at /v1/docs renders the declared endpoints from this origin alone", async ({ page }) => {
  // Some hundred operations checked one by one: over a minute when the machine is shared.
  test.setTimeout(180_000);
  const elsewhere: string[] = [];
  const failed: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin()) && !url.startsWith("data:")) elsewhere.push(url);
  });
  page.on("requestfailed", (request) => failed.push(request.url()));
  page.on("pageerror", (error) => failed.push(error.message));
  const assets = [endpoints.apiReferenceScript, endpoints.apiReferenceStylesheet, endpoints.openapi].map((entry) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === entry.path && response.ok()),
  );
  await page.goto(endpoints.apiReference.path);
  await Promise.all(assets);
  await expect(page).toHaveTitle("Wayfarer v1 API reference");

  // Every section is listed, folded.
  // And the OCTO supplier API's own section (its declarations are listed under the tag OCTO).
  const tags = new Set([...declared.map(([, entry]) => entry.tag), "OCTO"]);
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(tags.size);
  await expect(page.locator(".opblock")).toHaveCount(0);

  // Every operation of these two sections, by its operationId (its name in the contract).
  for (const tag of ["Catalog", "Bookings"]) {
    const section = page.getByRole("heading", { level: 3 }).getByRole("link", { name: tag, exact: true });
    await expect(section).toBeVisible();
    // Sections start folded (some 125 operations): a click opens one.
    await section.click();
    const operations = declared.filter(([, entry]) => entry.tag === tag);
    expect(operations.length).toBeGreaterThan(0);
    for (const [name, entry] of operations) {
      const operation = page.locator(`[id="operations-${tag}-${name}"]`);
      await expect(operation.locator(".opblock-summary-method")).toHaveText(entry.method);
      await expect(operation.locator(".opblock-summary-path")).toHaveText(entry.path.replace(/:(\w+)/g, "{$1}"));
      await expect(operation.locator(".opblock-summary-description")).toHaveText(entry.summary);
    }
  }

  // One opened: its parameters and answers, and no "Try it out" (the page sends nothing).
  const cancel = page.locator(`[id="operations-Bookings-cancelBooking"]`);
  await cancel.getByRole("button", { name: new RegExp(`^${endpoints.cancelBooking.method} `) }).click();
  await expect(cancel.getByRole("heading", { name: "Parameters" })).toBeVisible();
  await expect(cancel.getByRole("heading", { name: "Responses" })).toBeVisible();
  await expect(cancel.getByRole("button", { name: "Try it out" })).toHaveCount(0);

  expect(failed).toEqual([]);
  expect(elsewhere).toEqual([]);
});
