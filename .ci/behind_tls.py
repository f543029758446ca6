"""Checks a real `arbiter serve` behind Caddy over HTTPS (.ci/behind-tls.sh).

Trusts only the root certificate of Caddy's internal authority, reaches
the site at https://localhost:PORT (connecting to 127.0.0.1, from a chosen
loopback source address) and checks: the session cookie is Secure, a game
against the computer takes a move, a WebSocket through the proxy sees the
moves and its session's end, the limits per address count the address
Caddy forwards and not Caddy's own, and /metrics stays inside. Every
failure says what was expected and what came. Standard library only.
"""

import argparse
import base64
import hashlib
import http.client
import json
import secrets
import socket
import ssl
import struct
import sys
import time

TIMEOUT = 15.0
PASSWORD = "correct horse battery"


class CheckFailed(Exception):
    pass


def expect(what, ok, expected, got):
    if not ok:
        raise CheckFailed(f"{what}: expected {expected}, got {got}")


class Site:
    """Requests to the site through Caddy, or straight to the server."""

    def __init__(self, https_port, server_port, root):
        self.https_port = https_port
        self.server_port = server_port
        self.origin = f"https://localhost:{https_port}"
        # Caddy's root only: not the system's authorities.
        self.context = ssl.create_default_context(cafile=root)

    def connection(self, source="127.0.0.1", direct=False):
        """An HTTPS connection to Caddy named localhost (or plain HTTP to
        the server), opened from the loopback address `source`."""
        if direct:
            conn = http.client.HTTPConnection("127.0.0.1", self.server_port, timeout=TIMEOUT, source_address=(source, 0))
        else:
            conn = http.client.HTTPSConnection(
                "localhost", self.https_port, context=self.context, timeout=TIMEOUT, source_address=(source, 0)
            )
        # Always 127.0.0.1, whatever "localhost" resolves to first; the TLS
        # name checked is still localhost.
        conn._create_connection = lambda address, timeout, source_address: socket.create_connection(
            ("127.0.0.1", address[1]), timeout, source_address
        )
        return conn

    def request(self, method, path, body=None, token=None, headers=None, source="127.0.0.1", direct=False):
        """(status, headers as a list of pairs, body: JSON if it is JSON)."""
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if token:
            sent["Authorization"] = f"Bearer {token}"
        conn = self.connection(source, direct)
        try:
            conn.request(method, path, body=data, headers=sent)
            response = conn.getresponse()
            raw = response.read()
            pairs = response.getheaders()
            status = response.status
        finally:
            conn.close()
        text = raw.decode("utf-8", "replace")
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = text
        return status, pairs, parsed


def header(pairs, name):
    return [value for key, value in pairs if key.lower() == name.lower()]


class Socket:
    """A WebSocket client (RFC 6455) on a TLS connection to Caddy: just
    enough to read the server's text frames and close frames."""

    def __init__(self, site, path, token):
        raw = socket.create_connection(("127.0.0.1", site.https_port), TIMEOUT)
        self.sock = site.context.wrap_socket(raw, server_hostname="localhost")
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: localhost:{site.https_port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Authorization: Bearer {token}\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self._fill()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        expect("the WebSocket upgrade through Caddy", lines[0].split(" ")[1:2] == ["101"], "101 Switching Protocols", lines[0])
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        got = [line.split(":", 1)[1].strip() for line in lines[1:] if line.lower().startswith("sec-websocket-accept:")]
        expect("the upgrade's Sec-WebSocket-Accept", got == [accept], accept, got)
        self.close_code = None

    def _fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise CheckFailed("the WebSocket: the connection closed without a close frame")
        self.buffer += chunk

    def _take(self, count):
        while len(self.buffer) < count:
            self._fill()
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def _send(self, opcode, payload):
        mask = secrets.token_bytes(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked)

    def message(self, deadline):
        """The next text message as JSON; None once a close frame came
        (its code in close_code)."""
        parts = b""
        while True:
            self.sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                first, second = self._take(2)
            except (socket.timeout, TimeoutError):
                raise CheckFailed("the WebSocket: no message before the deadline") from None
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._take(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._take(8))[0]
            payload = self._take(length)
            if opcode == 0x8:
                self.close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                return None
            if opcode == 0x9:
                self._send(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            parts += payload
            if first & 0x80:
                return json.loads(parts.decode())

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def check_tls(site):
    """The certificate is Caddy's internal one: trusted through its root,
    not through the system's authorities."""
    status, _, body = site.request("GET", "/healthz")
    expect("GET /healthz over HTTPS", status == 200 and body == "ok", "200 ok", f"{status} {body!r}")
    status, pairs, body = site.request("GET", "/")
    expect("GET / over HTTPS (the client's page)", status == 200 and "<html" in str(body).lower(), "200 with a page", f"{status} {str(body)[:80]!r}")
    system = ssl.create_default_context()
    try:
        with socket.create_connection(("127.0.0.1", site.https_port), TIMEOUT) as raw:
            with system.wrap_socket(raw, server_hostname="localhost"):
                pass
        raise CheckFailed("the system's authorities: expected them to refuse Caddy's internal certificate, got a verified connection")
    except ssl.SSLCertVerificationError:
        pass
    return "the site answers over HTTPS with a certificate from Caddy's own root"


def check_cookie(site, state):
    name = "tls" + secrets.token_hex(4)
    status, _, body = site.request("POST", "/api/accounts", {"name": name, "password": PASSWORD})
    expect("POST /api/accounts", status == 201, 201, f"{status} {body}")
    status, pairs, body = site.request("POST", "/api/sessions", {"name": name, "password": PASSWORD})
    expect("POST /api/sessions", status == 201 and isinstance(body, dict) and "token" in body, "201 with a token", f"{status} {body}")
    state["token"] = body["token"]
    cookies = header(pairs, "set-cookie")
    expect("POST /api/sessions: one Set-Cookie", len(cookies) == 1, "one Set-Cookie header", cookies)
    state["cookie"] = cookies[0].split(";")[0]
    attributes = [part.strip().lower() for part in cookies[0].split(";")]
    expect("the session cookie's attributes", "secure" in attributes and "httponly" in attributes, "Secure and HttpOnly", cookies[0])
    status, _, body = site.request("GET", "/api/me", headers={"Cookie": state["cookie"]})
    expect("GET /api/me with the cookie alone", status == 200 and body.get("name") == name, f"200 for {name}", f"{status} {body}")
    return f"account {name} signed in: Set-Cookie {cookies[0].split('=')[0]}=…; {'; '.join(cookies[0].split('; ')[1:])}"


def check_game_and_socket(site, state):
    token = state.get("token")
    expect("a session from the previous check", token is not None, "a token", "none (signing in failed)")
    status, _, view = site.request("POST", "/api/games", {"game": "sage", "seats": [{"account": "me"}, {"computer": 1}]}, token)
    expect("POST /api/games against the computer", status == 201 and isinstance(view, dict) and "id" in view, "201 with the game", f"{status} {view}")
    game = view["id"]
    deadline = time.monotonic() + 30
    live = Socket(site, f"/api/games/{game}/live", token)
    state["socket"] = live
    first = live.message(deadline)
    expect("the socket's first message", isinstance(first, dict) and first.get("type") == "view", '{"type": "view", ...}', first)
    view = first["view"]
    # The computer may move first: its move arrives on the socket.
    while not view.get("legal"):
        change = live.message(deadline)
        expect("a change on the socket while the computer moves", change is not None and change.get("type") in ("change", "view"), "a change", change)
        view = change if change["type"] == "change" else change["view"]
    ply = view["ply"]
    move = view["legal"][0]["move"]
    status, _, answer = site.request("POST", f"/api/games/{game}/moves", {"move": move, "ply": ply}, token)
    expect(f"POST /api/games/{game}/moves {move!r} at ply {ply}", status == 200, 200, f"{status} {answer}")
    seen = []
    while not any(change.get("ply", 0) > ply + 1 for change in seen):
        change = live.message(deadline)
        expect("the moves on the socket", change is not None, "a message for each move", f"the socket closed (code {live.close_code}) after {seen}")
        if change.get("type") == "view":
            change = dict(change["view"], moves_added=None)
        seen.append(change)
    mine = [c for c in seen if c.get("ply", 0) >= ply + 1]
    expect("the socket's changes", bool(mine), f"one for the move at ply {ply}", seen)
    return (
        f"game {game}: {move} at ply {ply} answered 200 over HTTPS; the socket through Caddy "
        f"got the view, then {', '.join(str(c.get('moves_added')) for c in seen)} (the computer answered)"
    )


def check_limiter(site, limit):
    """Sign-ins per address count the address Caddy forwards."""

    def sign_in(source, **where):
        status, pairs, body = site.request(
            "POST", "/api/sessions", {"name": "nobody" + secrets.token_hex(3), "password": "wrong password"}, source=source, **where
        )
        return status, header(pairs, "retry-after")

    statuses = []
    for _ in range(limit + 3):
        status, retry = sign_in("127.0.0.2")
        statuses.append(status)
        if status == 429:
            break
    expect(
        f"wrong sign-ins from 127.0.0.2 through Caddy (the limit is {limit})",
        statuses[:-1] == [401] * limit and statuses[-1] == 429 and retry,
        f"{limit} × 401, then 429 with Retry-After",
        f"{statuses} Retry-After {retry}",
    )
    status, _ = sign_in("127.0.0.3")
    expect("a sign-in from 127.0.0.3 through Caddy once 127.0.0.2 is limited", status == 401, "401 (not limited: its own budget)", status)
    status, _ = sign_in("127.0.0.2")
    expect("127.0.0.2 again through Caddy", status == 429, 429, status)
    status, _ = sign_in("127.0.0.2", headers={"X-Forwarded-For": "127.0.0.9"})
    expect("127.0.0.2 through Caddy with its own X-Forwarded-For: 127.0.0.9", status == 429, "429 (Caddy replaces what the client wrote)", status)
    status, _ = sign_in("127.0.0.2", direct=True, headers={"X-Forwarded-For": "127.0.0.9"})
    expect("127.0.0.2 straight to the server with X-Forwarded-For: 127.0.0.9", status == 429, "429 (an untrusted peer's header is ignored)", status)
    return f"127.0.0.2: {statuses}; 127.0.0.3: 401; forged X-Forwarded-For through Caddy and straight: 429"


def check_metrics(site):
    got = {}
    for path in ("/metrics", "/metrics?x=1", "/METRICS", "//metrics", "/%6Detrics", "/metrics/"):
        status, _, body = site.request("GET", path)
        got[path] = status
        leaked = "arbiter_http_requests_total" in str(body)
        expect(f"GET {path} through Caddy", not leaked, "no metrics", f"{status} {str(body)[:60]!r}")
    expect("GET /metrics through Caddy", got["/metrics"] == 404, 404, got["/metrics"])
    status, pairs, body = site.request("GET", "/metrics", direct=True)
    expect("GET /metrics on the server's own port from this machine", status == 200 and "arbiter_http_requests_total" in str(body), "200 with the series", f"{status} {str(body)[:80]!r}")
    status, _, _ = site.request("GET", "/metrics", direct=True, headers={"X-Forwarded-For": "203.0.113.7"})
    expect("GET /metrics on the server's port as if proxied", status == 403, 403, status)
    return f"through Caddy {got}; on the server's port 200, and 403 when proxied"


def check_sign_out(site, state):
    """The cookie works through the proxy only from the site's own origin,
    and signing out closes the session's socket through Caddy (4001)."""
    cookie, live = state.get("cookie"), state.get("socket")
    expect("a cookie and a socket from the previous checks", cookie and live, "both", f"{cookie!r} {live!r}")
    status, _, body = site.request("DELETE", "/api/sessions/current", headers={"Cookie": cookie, "Origin": "https://evil.example"})
    expect("DELETE /api/sessions/current with the cookie from another site", status == 403, 403, f"{status} {body}")
    status, pairs, body = site.request("DELETE", "/api/sessions/current", headers={"Cookie": cookie, "Origin": site.origin})
    expect(f"DELETE /api/sessions/current with the cookie from {site.origin}", status == 204, 204, f"{status} {body}")
    deadline = time.monotonic() + 10
    while (message := live.message(deadline)) is not None:
        pass
    expect("the socket after signing out", live.close_code == 4001, "a close frame with code 4001", live.close_code)
    live.close()
    return f"403 from another origin, 204 from {site.origin}; the socket closed with {live.close_code}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--https-port", type=int, required=True)
    parser.add_argument("--server-port", type=int, required=True)
    parser.add_argument("--root", required=True, help="Caddy's root certificate")
    parser.add_argument("--sign-in-limit", type=int, required=True, help="sign-ins per address before 429")
    args = parser.parse_args()
    site = Site(args.https_port, args.server_port, args.root)
    state = {}
    checks = [
        ("TLS through Caddy's own authority", lambda: check_tls(site)),
        ("a. an account, a session, a Secure HttpOnly cookie", lambda: check_cookie(site, state)),
        ("b+c. a move over HTTPS, seen on a WebSocket through the proxy", lambda: check_game_and_socket(site, state)),
        ("d. the limiter counts the forwarded address", lambda: check_limiter(site, args.sign_in_limit)),
        ("/metrics stays inside", lambda: check_metrics(site)),
        ("the cookie's origin and signing out through the proxy", lambda: check_sign_out(site, state)),
    ]
    passed = failed = 0
    for name, check in checks:
        started = time.monotonic()
        try:
            detail = check()
            passed += 1
            print(f"ok      {name} ({time.monotonic() - started:.1f} s): {detail}")
        except CheckFailed as error:
            failed += 1
            print(f"FAILED  {name}: {error}")
        except (OSError, http.client.HTTPException, ValueError, KeyError, TypeError) as error:
            failed += 1
            print(f"FAILED  {name}: {type(error).__name__}: {error}")
        sys.stdout.flush()
    print(f"behind-tls: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
