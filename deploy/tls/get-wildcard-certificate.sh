#!/usr/bin/env bash
# One Let's Encrypt certificate for the base domain and every operator storefront under it
# (app.example.com and *.app.example.com). A wildcard needs the DNS-01 challenge: certbot proves the
# domain by writing a TXT record through your DNS provider's API (a certbot DNS plugin, e.g.
# `apt-get install certbot python3-certbot-dns-cloudflare`). certbot's timer renews it; each
# renewal reloads nginx (the deploy hook saved with the certificate). docs/deploy.md, "TLS".
#
# Usage: deploy/tls/get-wildcard-certificate.sh BASE_DOMAIN EMAIL [PLUGIN] [CREDENTIALS_FILE]
#   PLUGIN             certbot's DNS plugin: cloudflare (default), digitalocean, google, linode,
#                      ovh, rfc2136, route53 (route53 reads AWS credentials, no file)
#   CREDENTIALS_FILE   the plugin's credentials (default /etc/letsencrypt/dns-PLUGIN.ini), mode 600
# Environment: RELOAD_COMMAND (default: nginx reloaded in this checkout's compose layout),
#              CERTBOT (default certbot), STAGING=1 (Let's Encrypt's staging service, for a try).
set -euo pipefail

usage() { sed -n '8,13p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 64; }
[ $# -ge 2 ] && [ $# -le 4 ] || usage
domain="$1"
email="$2"
plugin="${3:-cloudflare}"
credentials="${4:-/etc/letsencrypt/dns-$plugin.ini}"

# A host name of two labels or more, lower case (the storefronts are one label under it).
if ! [[ "$domain" =~ ^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$ ]] || [ ${#domain} -gt 200 ]; then
  echo "Not a base domain: '$domain' (like app.example.com, lower case, no wildcard)." >&2
  exit 64
fi
if ! [[ "$email" =~ ^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$ ]]; then
  echo "Not an email address: '$email' (Let's Encrypt writes there before a certificate expires)." >&2
  exit 64
fi
case "$plugin" in
  cloudflare | digitalocean | google | linode | ovh | rfc2136 | route53) ;;
  *) echo "Unknown DNS plugin '$plugin': cloudflare, digitalocean, google, linode, ovh, rfc2136 or route53." >&2; exit 64 ;;
esac

args=(certonly --non-interactive --agree-tos --email "$email" --cert-name "$domain"
  -d "$domain" -d "*.$domain" --preferred-challenges dns "--dns-$plugin")
if [ "$plugin" != route53 ]; then
  if ! [ -f "$credentials" ]; then
    echo "No credentials file at $credentials (the DNS provider's API token, see certbot-dns-$plugin)." >&2
    exit 66
  fi
  # It holds a token that can change the DNS zone: readable by its owner only, as certbot asks.
  if [ -n "$(find "$credentials" -perm /077)" ]; then
    echo "$credentials can be read by others: chmod 600 it first." >&2
    exit 77
  fi
  args+=("--dns-$plugin-credentials" "$credentials")
fi

checkout="$(cd "$(dirname "$0")/../.." && pwd)"
reload="${RELOAD_COMMAND:-docker compose -f $checkout/compose.yaml exec -T nginx nginx -s reload}"
args+=(--deploy-hook "$reload")
[ "${STAGING:-0}" = 1 ] && args+=(--staging)

echo "Asking Let's Encrypt for $domain and *.$domain (DNS-01 through $plugin)…"
"${CERTBOT:-certbot}" "${args[@]}"
echo "Done: /etc/letsencrypt/live/$domain/fullchain.pem and privkey.pem."
echo "Next: cp $checkout/deploy/tls/wildcard.conf.example $checkout/deploy/tls/wildcard.conf,"
echo "put $domain in its two paths, and docker compose up -d nginx."
