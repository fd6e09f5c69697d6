/**
 * The files of one of our logos, from its URL (`…/192.png`): WebP and PNG at 1x and 2x; null for
 * an address that is not one of ours (seeded logos), drawn as is.
 */
function logoSources(logoUrl: string): { webp: string; png: string } | null {
  if (!/\/192\.png$/.test(logoUrl)) return null;
  const base = logoUrl.slice(0, -"192.png".length);
  return { webp: `${base}96.webp 1x, ${base}192.webp 2x`, png: `${base}96.png` };
}

/**
 * An operator's logo in a header, 40 px high: our logos (…/192.png) as WebP with the PNG fallback
 * at 1x and 2x; another address (a seeded logo) as is. The logo is a wordmark: its alt is the name.
 */
export function BrandLogo({ logoUrl, name }: { logoUrl: string; name: string }) {
  const sources = logoSources(logoUrl);
  if (!sources)
    return <img src={logoUrl} alt={name} width={160} height={40} className="h-10 w-auto" data-testid="brand-logo" />;
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webp} />
      <img
        src={sources.png}
        srcSet={`${logoUrl} 2x`}
        alt={name}
        height={40}
        className="h-10 w-auto"
        data-testid="brand-logo"
      />
    </picture>
  );
}
