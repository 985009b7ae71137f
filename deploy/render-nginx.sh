#!/usr/bin/env bash
# Prints deploy/nginx/lims.conf.template with its @NAME@ placeholders filled from the environment:
#   SERVER_NAME=lims.hospital.example TLS_CERT=/etc/ssl/lims/fullchain.pem TLS_KEY=/etc/ssl/lims/privkey.pem \
#     deploy/render-nginx.sh > /etc/nginx/sites-available/lims.conf
# SERVER_NAME, TLS_CERT and TLS_KEY are required; the rest default to a machine of its own:
#   API_PORT=8080 (the API's PORT), HTTPS_LISTEN=443, HTTP_LISTEN=80 (an address:port works too, e.g.
#   10.0.0.5:443), HTTPS_PORT=443 (the port in the http->https redirect), ACME_ROOT=/var/www/letsencrypt,
#   LOG_DIR=/var/log/nginx.
# deploy/smoke.sh renders the same template with a throw-away certificate and free ports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
template="$here/nginx/lims.conf.template"

: "${SERVER_NAME:?SERVER_NAME (the name users type, e.g. lims.hospital.example) is required}"
: "${TLS_CERT:?TLS_CERT (the certificate chain file, PEM) is required}"
: "${TLS_KEY:?TLS_KEY (its private key file, PEM) is required}"
API_PORT="${API_PORT:-8080}"
HTTPS_LISTEN="${HTTPS_LISTEN:-443}"
HTTP_LISTEN="${HTTP_LISTEN:-80}"
HTTPS_PORT="${HTTPS_PORT:-${HTTPS_LISTEN##*:}}"
ACME_ROOT="${ACME_ROOT:-/var/www/letsencrypt}"
LOG_DIR="${LOG_DIR:-/var/log/nginx}"

suffix=":$HTTPS_PORT"
[ "$HTTPS_PORT" = 443 ] && suffix=''

# A value may hold '/', so sed's separator is '|', which no path or name here may hold.
# SERVER_NAME may list several names separated by spaces; no other value has one.
for v in SERVER_NAME TLS_CERT TLS_KEY API_PORT HTTPS_LISTEN HTTP_LISTEN HTTPS_PORT ACME_ROOT LOG_DIR; do
  value="${!v}"
  [ "$v" = SERVER_NAME ] && value="${value// /}"
  case "$value" in '' | *'|'* | *'&'* | *\\* | *';'* | *[[:space:]]*)
    echo "render-nginx: $v must be set and hold no '|', '&', '\\', ';' or spaces: '${!v}'" >&2
    exit 2
    ;;
  esac
done

rendered="$(sed \
  -e "s|@SERVER_NAME@|$SERVER_NAME|g" \
  -e "s|@TLS_CERT@|$TLS_CERT|g" \
  -e "s|@TLS_KEY@|$TLS_KEY|g" \
  -e "s|@API_PORT@|$API_PORT|g" \
  -e "s|@HTTPS_LISTEN@|$HTTPS_LISTEN|g" \
  -e "s|@HTTP_LISTEN@|$HTTP_LISTEN|g" \
  -e "s|@HTTPS_PORT_SUFFIX@|$suffix|g" \
  -e "s|@ACME_ROOT@|$ACME_ROOT|g" \
  -e "s|@LOG_DIR@|$LOG_DIR|g" \
  "$template")"
if grep -q '@[A-Z_]*@' <<<"$rendered"; then
  echo "render-nginx: placeholders left unfilled: $(grep -o '@[A-Z_]*@' <<<"$rendered" | sort -u | tr '\n' ' ')" >&2
  exit 2
fi
printf '%s\n' "$rendered"
