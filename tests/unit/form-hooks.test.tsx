import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { useFormResult } from "~/ui/use-form-result";
import { useIsPending } from "~/ui/use-is-pending";

/**
 * The two hooks every form of the app uses (app/ui): whether this form is being sent, and the
 * result of its action, in a real router (the one Remix runs on), without mocks.
 */
type Seen = { pending: boolean; result: unknown };

function pageWith(read: () => Seen, action: () => Promise<never> | object) {
  const seen: Seen[] = [];
  function Probe() {
    seen.push(read());
    return null;
  }
  const router = createMemoryRouter([{ path: "/page", element: <Probe />, action }], {
    initialEntries: ["/page?redirectUrl=%2Faccount"],
    // As Remix runs it: form methods in capitals.
    future: { v7_normalizeFormMethod: true },
  });
  const render = () => {
    seen.length = 0;
    renderToString(<RouterProvider router={router} />);
    return seen.at(-1)!;
  };
  return { router, render };
}

const post = (intent: string) => {
  const formData = new FormData();
  formData.set("intent", intent);
  return { formMethod: "post" as const, formData };
};

describe("useIsPending", () => {
  it("is true while this page's form (of this intent) is being sent, not for another form or a GET", async () => {
    const pending = (options?: Parameters<typeof useIsPending>[0]) => {
      const page = pageWith(
        () => ({ pending: useIsPending(options), result: null }),
        () => new Promise(() => {}),
      );
      return page;
    };
    const idle = pending();
    expect(idle.render().pending).toBe(false);

    const own = pending({ intent: "save" });
    void own.router.navigate("/page?redirectUrl=%2Faccount", post("save"));
    expect(own.router.state.navigation.state).toBe("submitting");
    expect(own.render().pending).toBe(true);

    const other = pending({ intent: "remove" });
    void other.router.navigate("/page?redirectUrl=%2Faccount", post("save"));
    expect(other.render().pending).toBe(false);

    const anyForm = pending();
    void anyForm.router.navigate("/page?redirectUrl=%2Faccount", post("save"));
    expect(anyForm.render().pending).toBe(true);

    const aGet = pending({ formMethod: "GET" });
    void aGet.router.navigate("/page?redirectUrl=%2Faccount", post("save"));
    expect(aGet.render().pending).toBe(false);
  });
});

describe("useFormResult", () => {
  it("gives the action's result to the form it answers (by intent), nothing to the others", async () => {
    const answer = { intent: "link", result: { status: "error", error: { email: ["validation.emailInvalid"] } } };
    const read = (intent?: string) =>
      pageWith(
        () => ({ pending: false, result: useFormResult(intent) }),
        () => answer,
      );
    for (const [intent, expected] of [
      ["link", answer.result],
      ["password", undefined],
      [undefined, answer.result],
    ] as const) {
      const page = read(intent);
      expect(page.render().result).toBeUndefined();
      await page.router.navigate("/page?redirectUrl=%2Faccount", post("link"));
      expect(page.router.state.navigation.state).toBe("idle");
      expect(page.render().result, String(intent)).toEqual(expected);
    }
  });
});
