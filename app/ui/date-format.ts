/**
 * One Intl.DateTimeFormat per locale and options, built once and reused: building one costs
 * about 50 times more than formatting with it, and pages format every day and slot they show.
 * The cache is bounded (locales come from our own list, time zones from our operators).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 500;

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
