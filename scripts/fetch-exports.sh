#!/usr/bin/env bash
# Fetches each tenant's stock export before the nightly build: the one step of the nightly workflow
# that depends on where the dealers' systems put their exports. Replace it freely; the build only
# needs each export in place under <tenants-dir>/<slug>/ when this script ends.
#
#   scripts/fetch-exports.sh <tenants-dir> [slug...]      (no slugs: every tenant folder)
#
# EXPORTS_SOURCE says where one tenant's export lives, with {slug} standing for the tenant. The file
# is saved under <tenants-dir>/<slug>/ with the source's file name (EXPORTS_FILE overrides it), so
# name it as tenant.json's stock.file expects (stock.json, stock.csv, or the preset's file).
#
#   unset (the default)   nothing is fetched: the exports already in the tenant folders are used.
#   https://...           curl; EXPORTS_TOKEN, when set, is sent as "Authorization: Bearer <token>"
#                         e.g. EXPORTS_SOURCE='https://feeds.example.com.au/{slug}/stock.csv'
#   sftp://user@host/...  scp with the private key in EXPORTS_SSH_KEY and the server's public key line
#                         in EXPORTS_SSH_KNOWN_HOSTS (the host key is always checked)
#                         e.g. EXPORTS_SOURCE='sftp://dms@sftp.example.com.au/exports/{slug}/stock.csv'
#   s3://bucket/...       the AWS CLI with AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (a read-only key
#                         for the exports bucket) and EXPORTS_S3_ENDPOINT for R2, MinIO and others
#                         e.g. EXPORTS_SOURCE='s3://dealer-exports/{slug}/stock.xml'
#
# A download replaces the tenant's export only once complete. A tenant whose fetch fails keeps the
# export it had (a GitHub warning names it); if it had none, its build fails and the run summary
# says so. The other tenants are fetched and built as usual. Secrets are read from the environment
# only and never printed (no `set -x` here).
set -euo pipefail

usage="usage: scripts/fetch-exports.sh <tenants-dir> [slug...]   (--help for the sources it knows)"
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'
  exit 0
fi
if [ $# -lt 1 ]; then
  echo "$usage" >&2
  exit 2
fi
tenants_dir="$1"
shift
[ -d "$tenants_dir" ] || {
  echo "fetch-exports: no tenants folder at $tenants_dir" >&2
  exit 2
}

source_template="${EXPORTS_SOURCE:-}"
if [ -z "$source_template" ]; then
  echo "fetch-exports: EXPORTS_SOURCE is not set, nothing fetched: building from the exports already under $tenants_dir/<slug>/ (see docs/nightly.md to fetch them)."
  exit 0
fi
case "$source_template" in
  *'{slug}'*) ;;
  *)
    echo "fetch-exports: EXPORTS_SOURCE must contain {slug} (where the tenant's slug goes)" >&2
    exit 2
    ;;
esac
scheme="${source_template%%://*}"
case "$scheme" in
  https | sftp | s3) ;;
  *)
    echo "fetch-exports: EXPORTS_SOURCE must start with https://, sftp:// or s3:// (got ${scheme}://...)" >&2
    exit 2
    ;;
esac

if [ $# -gt 0 ]; then
  slugs=("$@")
else
  slugs=()
  for d in "$tenants_dir"/*/; do
    name="$(basename "$d")"
    case "$name" in .* | _*) continue ;; esac
    slugs+=("$name")
  done
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ "$scheme" = sftp ]; then
  [ -n "${EXPORTS_SSH_KEY:-}" ] && [ -n "${EXPORTS_SSH_KNOWN_HOSTS:-}" ] || {
    echo "fetch-exports: sftp:// needs EXPORTS_SSH_KEY and EXPORTS_SSH_KNOWN_HOSTS" >&2
    exit 2
  }
  (umask 077 && printf '%s\n' "$EXPORTS_SSH_KEY" >"$work/key" && printf '%s\n' "$EXPORTS_SSH_KNOWN_HOSTS" >"$work/known_hosts")
fi

# fetch <url> <destination>: one download, nothing written to <destination> unless it succeeds.
fetch() {
  local url="$1" dest="$2"
  case "$scheme" in
    https)
      if [ -n "${EXPORTS_TOKEN:-}" ]; then
        # The header goes through curl's config on stdin, so the token is never on a command line.
        printf 'header = "Authorization: Bearer %s"\n' "$EXPORTS_TOKEN" |
          curl --config - --fail --silent --show-error --location --retry 3 --max-time 300 --output "$dest" "$url"
      else
        curl --fail --silent --show-error --location --retry 3 --max-time 300 --output "$dest" "$url"
      fi
      ;;
    sftp)
      local rest="${url#sftp://}"
      scp -q -B -i "$work/key" -o StrictHostKeyChecking=yes -o UserKnownHostsFile="$work/known_hosts" \
        "${rest%%/*}:/${rest#*/}" "$dest"
      ;;
    s3)
      aws s3 cp --only-show-errors ${EXPORTS_S3_ENDPOINT:+--endpoint-url "$EXPORTS_S3_ENDPOINT"} "$url" "$dest"
      ;;
  esac
}

fetched=0
failed=0
for slug in "${slugs[@]}"; do
  url="${source_template//\{slug\}/$slug}"
  file="${EXPORTS_FILE:-$(basename "${url%%\?*}")}"
  dest="$tenants_dir/$slug/$file"
  if [ ! -d "$tenants_dir/$slug" ]; then
    echo "::warning::fetch-exports: $slug has no folder under $tenants_dir, skipped"
    failed=$((failed + 1))
    continue
  fi
  if fetch "$url" "$work/$slug.part" && [ -s "$work/$slug.part" ]; then
    mv "$work/$slug.part" "$dest"
    fetched=$((fetched + 1))
  else
    rm -f "$work/$slug.part"
    echo "::warning::fetch-exports: $slug: could not fetch its export; building from the one it had (if any)"
    failed=$((failed + 1))
  fi
done
echo "fetch-exports: $fetched fetched, $failed failed (${scheme}://)"
