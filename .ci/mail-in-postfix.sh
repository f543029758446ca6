#!/usr/bin/env bash
# Moves by mail through a real mail server: Debian's Postfix, on loopback
# only, takes a player's reply by SMTP and delivers it to `arbiter serve
# --lmtp` (transport `lmtp:inet:`); the server's own mail (the link that
# verifies an address, the turns, the answer to a mail move) goes out
# through the same Postfix, which relays it to a small SMTP listener that
# keeps it (.ci/mail_in_postfix.py). Checks that a reply's move is played
# and its answer goes out, then that three players play a whole game of
# Single Capture Go to its end by mail only, through Postfix. Everything in a temporary folder, free ports
# except Postfix's own port 25 on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${ARBITER_BIN:-target/release/arbiter}
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! command -v postfix >/dev/null 2>&1 && [ ! -x /usr/sbin/postfix ]; then
  echo "postfix postfix/main_mailer_type select Local only" | $SUDO debconf-set-selections
  echo "postfix postfix/mailname string arbiter-ci.localdomain" | $SUDO debconf-set-selections
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postfix >/dev/null
fi

work=$(mktemp -d)
chmod 755 "$work"
server=""; capture=""
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port); lmtp_port=$(free_port); capture_port=$(free_port)
cleanup() {
  $SUDO postfix stop >/dev/null 2>&1 || true
  for pid in $capture $server; do kill "$pid" 2>/dev/null || true; done
  for pid in $capture $server; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
logs() {
  echo "-- the server's log (last 40 lines)"; tail -n 40 "$work/serve.log" || true
  echo "-- Postfix's log (last 40 lines)"; tail -n 40 "$work/postfix.log" || true
  echo "-- the listener's log"; tail -n 40 "$work/capture.log" || true
}

# Postfix for loopback only: mail for games.example goes to the server's
# LMTP listener, mail for players.example to the listener that keeps it.
$SUDO postfix stop >/dev/null 2>&1 || true
$SUDO postconf -e "maillog_file_prefixes = /var, /dev/stdout, /tmp"
$SUDO postconf -e \
  "inet_interfaces = loopback-only" "inet_protocols = ipv4" "mydestination = localhost" \
  "mynetworks = 127.0.0.0/8" "relay_domains = games.example, players.example" \
  "transport_maps = hash:/etc/postfix/arbiter_transport" "smtputf8_enable = no" \
  "maillog_file = $work/postfix.log" "smtp_dns_support_level = disabled" "lmtp_dns_support_level = disabled" \
  "default_destination_concurrency_limit = 4" "queue_run_delay = 5s" "minimal_backoff_time = 5s" "maximal_backoff_time = 10s"
printf 'games.example lmtp:inet:127.0.0.1:%s\nplayers.example smtp:[127.0.0.1]:%s\n' "$lmtp_port" "$capture_port" \
  | $SUDO tee /etc/postfix/arbiter_transport >/dev/null
$SUDO postmap /etc/postfix/arbiter_transport
# Chrooted services would not see the temporary folder's log; run them
# without the chroot (Debian turns it on for smtp and lmtp).
for service in smtp/inet pickup/unix cleanup/unix qmgr/unix smtp/unix lmtp/unix; do
  $SUDO postconf -F "$service/chroot=n"
done
$SUDO postfix check
$SUDO postfix start >/dev/null

python3 .ci/mail_in_postfix.py listen "$capture_port" "$work/mails" >"$work/capture.log" 2>&1 &
capture=$!

"$binary" serve --listen "127.0.0.1:$port" --database "sqlite://$work/a.db" --public-url "http://127.0.0.1:$port" \
  --smtp "smtp://127.0.0.1:25" --mail-from "Arbiter <arbiter@games.example>" \
  --mail-in-address play@games.example --lmtp "127.0.0.1:$lmtp_port" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done

if ! python3 .ci/mail_in_postfix.py play "http://127.0.0.1:$port" "$work/mails"; then
  logs
  exit 1
fi
echo "replies through Postfix and LMTP played their moves (and a whole Single Capture Go game), and the answers went out through Postfix"
