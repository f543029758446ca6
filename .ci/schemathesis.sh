#!/usr/bin/env bash
# Runs schemathesis against the OpenAPI document a real `arbiter serve`
# serves (a SQLite file in a temporary folder, loopback only), in bounded
# runs: once with free path parameters, once bound to a game that exists.
# Any 5xx, undocumented status, wrong content type or answer that does not
# match its schema fails. Signing out and ending a session are left out
# (they would end the fuzzer's own session), and so are the WebSockets.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${ARBITER_BIN:-target/release/arbiter}
work=$(mktemp -d)
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==4.32.5"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$binary" serve --listen "127.0.0.1:$port" --database "sqlite://$work/arbiter.db" >"$work/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  curl -sf "$base/healthz" >/dev/null && break
  sleep 0.1
done

json() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }
post() { curl -sf -X POST "$base$1" -H 'content-type: application/json' ${3:+-H "authorization: Bearer $3"} -d "$2"; }
post /api/accounts '{"name": "fuzzer", "password": "correct horse"}' >/dev/null
token=$(post /api/sessions '{"name": "fuzzer", "password": "correct horse"}' | json '["token"]')
export ARBITER_GAME
ARBITER_GAME=$(post /api/games '{"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]}' "$token" | json '["id"]')

run() {
  "$work/venv/bin/schemathesis" "$@" run "$base/api/openapi.json" \
    -H "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --exclude-path /api/sessions/current --exclude-path '/api/me/sessions/{id}' --exclude-path-regex '/live$' \
    --max-examples 25 --seed 1 --no-color --warnings off --generation-database none
}
echo "-- free path parameters"
run
echo "-- bound to game $ARBITER_GAME"
cat >"$work/bound.toml" <<'TOML'
[parameters]
"path.id" = "${ARBITER_GAME}"
TOML
run --config-file "$work/bound.toml"
