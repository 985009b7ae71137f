#!/usr/bin/env bash
# The deployment recipe, run by hand the way systemd would run it (CI has no systemd; .ci/run calls this after the
# PostgreSQL pass). Everything lives in a temp folder and on free high ports, and is removed at the end, failed or not:
#  - a throw-away self-signed certificate (openssl) for localhost and 127.0.0.1;
#  - deploy/nginx/lims.conf.template rendered by deploy/render-nginx.sh, inside a main nginx.conf shaped like
#    Debian's (`user www-data` when run as root), started in the foreground with its pid file in the temp folder;
#  - the API as lims-api.service starts it (deploy/lims.env.example's HOST, TRUST_PROXY=127.0.0.1, WORKERS=2) on a
#    fresh database '<db>__deploy' of the PostgreSQL server the URL names, dropped at the end;
#  - through https: sign in, register a participant, collect a sample, allocate it (deploy/smoke-flow.ts, with
#    the e2e tests' API helpers), both workers answering; HSTS, the http->https redirect, Let's Encrypt's challenge
#    path, the 20 MB body limit, gzip of the web app's files and none of API answers, and the client address the
#    API stored coming from X-Forwarded-For (a spoofed one ignored), the device cookie Secure (X-Forwarded-Proto);
#  - deploy/backup.sh, then the restore drill of docs/operations.md into '<db>__deploy_restore' with audit:verify;
#  - the API stopped with SIGTERM exits 0, and nginx then answers a 503 problem of its own.
# Usage: deploy/smoke.sh [postgres://user@host:port/db]  (default $SMOKE_DATABASE_URL, else $DATABASE_URL, else
# postgres://$(whoami)@127.0.0.1:5432/test; the account must be allowed to create databases). NGINX=/path/to/nginx
# overrides the nginx binary. Prints '== deploy smoke: passed (N checks)' at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

admin_url="${1:-${SMOKE_DATABASE_URL:-${DATABASE_URL:-postgres://$(whoami)@127.0.0.1:5432/test}}}"
case "$admin_url" in
  postgres://*/?* | postgresql://*/?*) ;;
  *) echo "deploy smoke: give a postgres://user@host:port/database URL, got '$admin_url'" >&2; exit 2 ;;
esac
case "$admin_url" in *'?'*) echo "deploy smoke: the URL must not have a query string" >&2; exit 2 ;; esac
base_db="${admin_url##*/}"
db="${base_db}__deploy"
restore_db="${base_db}__deploy_restore"
db_url="${admin_url%/*}/$db"
restore_url="${admin_url%/*}/$restore_db"
nginx_bin="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
[ -x "$nginx_bin" ] || { echo "deploy smoke: nginx not found (apt-get install nginx-light, or NGINX=...)" >&2; exit 2; }

checks=0
ok() { checks=$((checks + 1)); echo "ok - $* [$((SECONDS - started)) s]"; }
fail() { echo "deploy smoke: FAILED: $*" >&2; exit 1; }

tmp="$(mktemp -d /tmp/lims-deploy-smoke.XXXXXX)"
# nginx's workers (www-data when run as root) must reach their temp folders inside it; the key stays root's (0600).
chmod 755 "$tmp"
mkdir -p "$tmp/tls" "$tmp/nginx" "$tmp/log" "$tmp/acme/.well-known/acme-challenge" "$tmp/backups"
chmod 700 "$tmp/tls" "$tmp/backups"
api_pid=
nginx_pid=
passed=

psql_admin() { PGOPTIONS='-c client_min_messages=warning' psql "$admin_url" -v ON_ERROR_STOP=1 -qAtX -c "$1"; }
cleanup() {
  local code=$?
  set +e
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill -TERM "$nginx_pid"
    for _ in $(seq 50); do kill -0 "$nginx_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$nginx_pid" 2>/dev/null
  fi
  if [ -n "$api_pid" ] && kill -0 "$api_pid" 2>/dev/null; then
    kill -TERM "$api_pid"
    for _ in $(seq 100); do kill -0 "$api_pid" 2>/dev/null || break; sleep 0.1; done
    # The API runs in a process group of its own (setsid): its workers go too.
    kill -KILL -- "-$api_pid" 2>/dev/null
  fi
  if [ "$code" != 0 ]; then
    for f in "$tmp/log/api.log" "$tmp/log/error.log"; do
      [ -s "$f" ] && { echo "--- last lines of $f" >&2; tail -n 40 "$f" >&2; }
    done
  fi
  # Side by side: each DROP DATABASE waits for a checkpoint, seconds on a busy server.
  psql_admin "drop database if exists \"$db\" with (force)" >/dev/null 2>&1 &
  local drop1=$!
  psql_admin "drop database if exists \"$restore_db\" with (force)" >/dev/null 2>&1 &
  wait "$drop1" "$!"
  rm -rf "$tmp"
  if [ "$code" = 0 ] && [ -n "$passed" ]; then
    echo "== deploy smoke: passed ($checks checks) in $((SECONDS - started)) s"
  else
    echo "== deploy smoke: FAILED after $((SECONDS - started)) s" >&2
    [ "$code" = 0 ] && code=1
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Free ports of 127.0.0.1 for https, http and the API: chosen by the kernel, none fixed.
read -r https_port http_port api_port < <(node -e '
  const net = require("node:net");
  const servers = [0, 1, 2].map(() => net.createServer());
  Promise.all(servers.map((s) => new Promise((r) => s.listen(0, "127.0.0.1", r)))).then(() => {
    console.log(servers.map((s) => s.address().port).join(" "));
    servers.forEach((s) => s.close());
  });')
https="https://127.0.0.1:$https_port"
curl_tls=(curl -sS --max-time 20 --cacert "$tmp/tls/cert.pem")

# The API serves the web app only when web/dist was built before it started (CI's npm test has built it).
[ -f web/dist/index.html ] || { echo "web/dist missing: building the web app first"; npx vite build --config web/vite.config.ts --logLevel warn; }
# The server bundle the unit runs (npm run build writes it), written afresh: it holds this checkout's code as it is now.
node --import tsx server/bundle.ts >/dev/null

# 1. A fresh database and the API as lims-api.service runs it: the example env file, then this run's own values.
# It starts first: its start (migrations, then two workers) is the longest step.
psql_admin "drop database if exists \"$db\" with (force)" >/dev/null
psql_admin "drop database if exists \"$restore_db\" with (force)" >/dev/null
psql_admin "create database \"$db\"" >/dev/null
admin_email='deploy-smoke@lims.test'
admin_password="Smoke-$(openssl rand -hex 12)"
(
  set -a
  # shellcheck source=lims.env.example
  . deploy/lims.env.example
  set +a
  export DATABASE_URL="$db_url" PORT="$api_port" ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password"
  [ "$HOST" = 127.0.0.1 ] && [ "$TRUST_PROXY" = 127.0.0.1 ] && [ "$WORKERS" = 2 ] ||
    { echo "deploy/lims.env.example no longer says HOST=127.0.0.1, TRUST_PROXY=127.0.0.1, WORKERS=2" >&2; exit 1; }
  exec setsid node server/dist/main.mjs
) >"$tmp/log/api.log" 2>&1 &
api_pid=$!

# 2. The certificate: self-signed, one day, for the names the smoke test uses.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost \
  -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1' -keyout "$tmp/tls/key.pem" -out "$tmp/tls/cert.pem" 2>/dev/null
chmod 600 "$tmp/tls/key.pem"
chmod 644 "$tmp/tls/cert.pem"

# 3. nginx: the site rendered from the template, in a main configuration shaped like Debian's /etc/nginx/nginx.conf.
SERVER_NAME='localhost 127.0.0.1' TLS_CERT="$tmp/tls/cert.pem" TLS_KEY="$tmp/tls/key.pem" API_PORT="$api_port" \
  HTTPS_LISTEN="127.0.0.1:$https_port" HTTP_LISTEN="127.0.0.1:$http_port" ACME_ROOT="$tmp/acme" LOG_DIR="$tmp/log" \
  deploy/render-nginx.sh >"$tmp/nginx/lims.conf"
user_line=
[ "$(id -u)" = 0 ] && user_line='user www-data;'
cat >"$tmp/nginx/nginx.conf" <<EOF
$user_line
worker_processes 2;
pid $tmp/nginx/nginx.pid;
error_log $tmp/log/error.log warn;
events { worker_connections 256; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  access_log $tmp/log/access.log;
  gzip on;
  include $tmp/nginx/lims.conf;
}
EOF
nginx_args=(-p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" -e "$tmp/log/error.log")
"$nginx_bin" -t -q "${nginx_args[@]}" || fail "nginx -t refused the rendered configuration"
ok "nginx -t accepts the rendered site ($("$nginx_bin" -v 2>&1 | sed 's/.*: //'))"
"$nginx_bin" "${nginx_args[@]}" -g 'daemon off;' &
nginx_pid=$!


ready=
for _ in $(seq 600); do
  kill -0 "$api_pid" 2>/dev/null || fail "the API exited while starting"
  kill -0 "$nginx_pid" 2>/dev/null || fail "nginx exited while starting"
  # Straight to the API while it starts (through nginx each try would log a refused connection).
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$api_port/api/ready")" = 200 ] && ready=yes && break
  sleep 0.2
done
[ -n "$ready" ] || fail "the API was not ready after $((SECONDS - started)) s"
headers="$("${curl_tls[@]}" -D - -o /dev/null "$https/api/health")"
grep -q '^HTTP/[0-9.]* 200' <<<"$headers" || fail "GET /api/health through the proxy: $headers"
ok "the API (WORKERS=2) answers through nginx over TLS, the certificate checked against the throw-away CA"
if [ -n "$user_line" ]; then
  workers_user="$(ps -o user= --ppid "$nginx_pid" | sort -u | tr '\n' ' ')"
  [ "$workers_user" = 'www-data ' ] || fail "nginx's workers run as '$workers_user', not www-data (the user directive)"
  ok "nginx's master runs as root, its workers as www-data (the user directive)"
fi

# 4. HSTS: exactly one header, the proxy's (the API's own is hidden).
hsts="$(grep -i '^strict-transport-security:' <<<"$headers" | tr -d '\r')"
[ "$(wc -l <<<"$hsts")" = 1 ] && grep -qi 'max-age=31536000; includeSubDomains$' <<<"$hsts" ||
  fail "expected one Strict-Transport-Security header, got: '$hsts'"
ok "HSTS: $hsts"
nf="$("${curl_tls[@]}" -D - -o /dev/null "$https/api/no-such-route")"
grep -qi '^strict-transport-security:' <<<"$nf" || fail "no HSTS on an error answer"
ok "HSTS on error answers too"

# 5. Plain http: a redirect to https for everything, Let's Encrypt's challenge files served from ACME_ROOT.
loc="$(curl -sS --max-time 10 -o /dev/null -w '%{http_code} %{redirect_url}' "http://localhost:$http_port/participants?q=1")"
[ "$loc" = "301 https://localhost:$https_port/participants?q=1" ] || fail "http -> https redirect: got '$loc'"
ok "http redirects to https ($loc)"
echo smoke-token >"$tmp/acme/.well-known/acme-challenge/smoke"
chmod -R a+rX "$tmp/acme"
acme="$(curl -sS --max-time 10 "http://localhost:$http_port/.well-known/acme-challenge/smoke")"
[ "$acme" = smoke-token ] || fail "the ACME challenge path over http answered '$acme'"
ok "http serves /.well-known/acme-challenge/ from ACME_ROOT (Let's Encrypt webroot)"

# 6. The client address: a client on 127.0.0.2 signs in, sending a forged X-Forwarded-For. nginx (127.0.0.1, the only
# TRUST_PROXY) replaces the header with the address it saw; the API stores that one, not its socket's 127.0.0.1.
login="$("${curl_tls[@]}" --interface 127.0.0.2 -D - -o "$tmp/login.json" -H 'Content-Type: application/json' \
  -H 'X-Forwarded-For: 198.51.100.7' \
  --data "{\"userName\":\"$admin_email\",\"password\":\"$admin_password\",\"stayLoggedIn\":false}" \
  "$https/api/Authentication/login")"
grep -q '^HTTP/[0-9.]* 200' <<<"$login" || fail "sign-in from 127.0.0.2: $login $(cat "$tmp/login.json")"
address="$(psql "$db_url" -qAtX -c 'select address from sessions order by id desc limit 1')"
[ "$address" = 127.0.0.2 ] || fail "the API stored the session's client address '$address', not 127.0.0.2"
ok "the API saw the client 127.0.0.2 through X-Forwarded-For (the forged 198.51.100.7 never reached it)"
grep -qi '^set-cookie: lims_device_.*; Secure' <<<"$login" || fail "the device cookie is not Secure behind TLS"
ok "the device cookie is Secure (X-Forwarded-Proto: https believed from the proxy)"

# 7. Compression: the web app's files gzipped, API answers never.
asset="$(grep -o 'assets/[^"]*\.js' web/dist/index.html | head -1)"
[ -n "$asset" ] || fail "no script in web/dist/index.html"
for path in / "/$asset"; do
  h="$("${curl_tls[@]}" -D - -o /dev/null -H 'Accept-Encoding: gzip' "$https$path")"
  grep -qi '^content-encoding: gzip' <<<"$h" || fail "GET $path was not gzipped: $h"
done
ok "the web app's page and scripts are sent gzipped"
for path in /api/health /API/Health; do
  h="$("${curl_tls[@]}" -D - -o /dev/null -H 'Accept-Encoding: gzip' "$https$path")"
  grep -q '^HTTP/[0-9.]* 200' <<<"$h" || fail "GET $path: $h"
  grep -qi '^content-encoding:' <<<"$h" && fail "an API answer was compressed: $h"
done
ok "API answers are not compressed (nor under /API/, which the API routes too)"

# 8. Bodies: past the largest the API takes (20 MB), nginx refuses at once with a problem of its own.
big="$(head -c 21000000 /dev/zero | "${curl_tls[@]}" -o "$tmp/413.json" -w '%{http_code} %{content_type}' \
  -H 'Content-Type: text/csv' --data-binary @- "$https/api/institutions/1/imports/participants" || true)"
[ "$big" = '413 application/problem+json' ] && grep -q '"status":413' "$tmp/413.json" ||
  fail "a 21 MB body answered '$big' $(cat "$tmp/413.json" 2>/dev/null)"
ok "a 21 MB body gets nginx's 413 problem+json (client_max_body_size 20m)"

# 9. A bench day through https with the e2e tests' API helpers; Node checks the certificate against the throw-away one.
SMOKE_BASE_URL="$https" ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password" \
  NODE_EXTRA_CA_CERTS="$tmp/tls/cert.pem" timeout 120 node --import tsx deploy/smoke-flow.ts | tee "$tmp/flow.out"
checks=$((checks + $(grep -c '^ok - ' "$tmp/flow.out")))

# 10. The nightly backup script, then the restore drill of docs/operations.md into a new database.
DATABASE_URL="$db_url" BACKUP_DIR="$tmp/backups" BACKUP_KEEP_DAYS=14 deploy/backup.sh
dump="$(ls "$tmp"/backups/lims-*.dump)"
psql_admin "create database \"$restore_db\"" >/dev/null
pg_restore --no-owner --exit-on-error -d "$restore_url" "$dump"
count="select (select count(*) from patients) || '/' || (select count(*) from collected_samples) || '/' || (select count(*) from audit_events)"
# Nothing writes between the dump and these counts (the audit sealer only seals rows already counted).
before="$(psql "$db_url" -qAtX -c "$count")"
after="$(psql "$restore_url" -qAtX -c "$count")"
[ "$before" = "$after" ] || fail "the restored database holds participants/samples/audit rows $after, the live one $before"
ok "backup.sh dumped, pg_restore restored the same participants/samples/audit rows ($after)"
DATABASE_URL="$restore_url" timeout 60 node --import tsx server/tools/audit-verify.ts >"$tmp/verify.out" 2>&1 ||
  fail "audit:verify on the restored database: $(cat "$tmp/verify.out")"
ok "audit:verify passes on the restored database"

# 11. systemd's stop: SIGTERM to the primary; every worker finishes and it exits 0.
kill -TERM "$api_pid"
set +e
wait "$api_pid"
api_code=$?
set -e
api_pid=
[ "$api_code" = 0 ] || fail "the API exited $api_code after SIGTERM"
ok "the API stops cleanly on SIGTERM (exit 0)"
down="$("${curl_tls[@]}" -o "$tmp/down.json" -w '%{http_code} %{content_type}' "$https/api/health")"
[ "$down" = '503 application/problem+json' ] || fail "with the API stopped nginx answered '$down' $(cat "$tmp/down.json")"
ok "with the API stopped, nginx answers 503 application/problem+json"

# cleanup (the EXIT trap) prints the closing line once everything is removed.
passed=yes
