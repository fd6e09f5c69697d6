import { logoSources } from "~contract/branding-rules";

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
