import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nConfig } from "~/platform/i18n";
import { resources } from "~/platform/locale-resources.server";
import { createTranslator, textDirection, type Strings } from "~/platform/translate";

/** Every key of a locale, plural forms folded into their base key. */
function keysOf(strings: Strings, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([name, value]) =>
    typeof value === "string"
      ? [`${prefix}${name}`.replace(/_(zero|one|two|few|many|other)$/, "")]
      : keysOf(value, `${prefix}${name}.`),
  );
}

/** Every interpolated name the locale uses. */
function placeholdersOf(strings: Strings): string[] {
  const texts = JSON.stringify(strings).match(/\{\{\s*[\w.-]+\s*\}\}/g) ?? [];
  return [...new Set(texts.map((text) => text.replace(/[{}\s]/g, "")))];
}

describe("the translation function pages render with", () => {
  const reference = i18next.createInstance();
  beforeAll(async () => {
    await reference.init({
      ...i18nConfig,
      ns: [...i18nConfig.ns],
      supportedLngs: [...i18nConfig.supportedLngs],
      lng: "en",
      resources,
    });
  });

  for (const [lng, { common }] of Object.entries(resources)) {
    it(`gives every ${lng} key as i18next does: values, counts, missing values, defaults`, () => {
      const t = createTranslator(lng, common);
      const names = placeholdersOf(common);
      const keys = [...new Set(keysOf(common))];
      expect(keys.length).toBeGreaterThan(300);
      let compared = 0;
      for (const key of keys) {
        const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? `V${i}` : i]));
        const variants: Array<Record<string, unknown> | undefined> = [
          undefined,
          values,
          { ...values, count: 0 },
          { ...values, count: 1 },
          { ...values, count: 2 },
          { ...values, count: 21 },
          { defaultValue: "fallback {{x}}", x: "y" },
        ];
        for (const options of variants) {
          expect(t(key, options), `${key} ${JSON.stringify(options)}`).toBe(
            reference.getFixedT(lng)(key, options ?? {}),
          );
          compared++;
        }
      }
      expect(compared).toBe(keys.length * 7);
    });
  }

  it("answers the key itself, or the default, for a key it does not know", () => {
    const t = createTranslator("en", { a: { b: "B {{n}}" }, plain: "P" });
    expect(t("a.missing")).toBe("a.missing");
    expect(t("a")).toBe("a");
    expect(t("nope", { defaultValue: "D {{n}}", n: 3 })).toBe("D 3");
    expect(t("a.b", { n: null })).toBe("B ");
    expect(t("a.b")).toBe("B {{n}}");
  });

  it("names the writing direction", () => {
    expect(textDirection("en")).toBe("ltr");
    expect(textDirection("ar-EG")).toBe("rtl");
  });
});
