#!/usr/bin/env bash
# Runs a real `arbiter serve` behind Debian's Caddy with the shipped
# deploy/Caddyfile, over HTTPS on loopback, and checks the site as a
# browser reaches it (.ci/behind_tls.py): the Secure cookie, a move, a
# WebSocket through the proxy, the limits per address counting the address
# Caddy forwards, and /metrics kept inside; then that the server stops
# with status 0 on SIGTERM and a request sent while it is down is answered
# once it is back (an upgrade's restart). Caddy's certificate comes from
# its internal authority, whose root is the only one the checks trust.
# Loopback only (127.0.0.1, and 127.0.0.2-3 as other clients), free ports,
# everything in a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${ARBITER_BIN:-target/release/arbiter}
# Caddy from Debian's package; no tool downloads a binary.
if ! command -v caddy >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq caddy >/dev/null
fi

work=$(mktemp -d)
server=""; proxy=""
cleanup() {
  for pid in $proxy $server; do kill "$pid" 2>/dev/null || true; done
  for pid in $proxy $server; do
    timeout 10 tail --pid="$pid" -f /dev/null || kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
logs() {
  echo "-- the server's log (last 40 lines)"; tail -n 40 "$work/serve.log" || true
  echo "-- Caddy's log (last 40 lines)"; tail -n 40 "$work/caddy.log" || true
}
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port); https_port=$(free_port); http_port=$(free_port)
# Ask until it answers, for at most $2 tenths of a second.
wait_for() {
  for _ in $(seq 1 "$2"); do
    if eval "$1" >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "gave up waiting for: $1" >&2; logs; return 1
}

# Three wrong sign-ins from one address, then 429: quick to exhaust, and
# counted per hour so that no slow machine outruns the limit (a per-minute
# budget could refill between the checks).
sign_ins=3
serve() {
  "$binary" serve --listen "127.0.0.1:$port" --database "sqlite://$work/a.db" \
    --public-url "https://localhost:$https_port" --trusted-proxy 127.0.0.1/32 \
    --limit-sign-ins-per-address "$sign_ins/hour" >>"$work/serve.log" 2>&1 &
  server=$!
}
serve

# Caddy as this user, its data and configuration in the temporary folder,
# listening on loopback only. The site block is deploy/Caddyfile itself;
# only the global options are the test's.
export HOME="$work/home" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
mkdir -p "$HOME" "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
cat >"$work/Caddyfile" <<EOF
{
	admin off
	skip_install_trust
	local_certs
	default_bind 127.0.0.1
	http_port $http_port
	https_port $https_port
	auto_https disable_redirects
}
import $PWD/deploy/Caddyfile
EOF
ARBITER_SITE=localhost ARBITER_UPSTREAM="127.0.0.1:$port" \
  caddy run --config "$work/Caddyfile" --adapter caddyfile >"$work/caddy.log" 2>&1 &
proxy=$!

root="$XDG_DATA_HOME/caddy/pki/authorities/local/root.crt"
wait_for "curl -sf http://127.0.0.1:$port/healthz" 100
wait_for "test -s '$root' && curl -sf --cacert '$root' --resolve localhost:$https_port:127.0.0.1 https://localhost:$https_port/healthz" 150

if ! timeout 90 python3 .ci/behind_tls.py --https-port "$https_port" --server-port "$port" \
  --root "$root" --sign-in-limit "$sign_ins"; then
  logs
  exit 1
fi

echo "-- a restart behind Caddy (an upgrade): SIGTERM exits 0, and a request made while the server is down is answered once it is back"
kill -TERM "$server"
timeout 15 tail --pid="$server" -f /dev/null || kill -KILL "$server"
status=0; wait "$server" || status=$?
server=""
if [ "$status" -ne 0 ]; then
  echo "FAILED  the server on SIGTERM: expected exit 0 within 15 s, got $status"; logs; exit 1
fi
curl -s --max-time 20 --cacert "$root" --resolve "localhost:$https_port:127.0.0.1" \
  -o "$work/during-restart" -w '%{http_code}' "https://localhost:$https_port/healthz" >"$work/during-restart.status" &
waiting=$!
sleep 1
serve
wait "$waiting" || true
answer="$(cat "$work/during-restart.status") $(cat "$work/during-restart" 2>/dev/null)"
if [ "$answer" != "200 ok" ]; then
  echo "FAILED  GET /healthz through Caddy while the server restarts: expected 200 ok, got $answer"; logs; exit 1
fi
echo "ok      the server stopped with status 0; GET /healthz sent while it was down was answered 200 ok once it was back"

echo "-- arbiter bot over HTTPS: Caddy's authority given with --ca, the personal channel over wss"
wait_for "curl -sf --cacert '$root' --resolve localhost:$https_port:127.0.0.1 https://localhost:$https_port/healthz" 150
if ! timeout 90 python3 .ci/bot_over_tls.py "$https_port" "$root" "$binary"; then
  logs
  exit 1
fi
