"""`arbiter bot` against a server over HTTPS (see behind-tls.sh): a bot
account and a person are made through Caddy; the bot is started with
`--server https://localhost:PORT --ca ROOT` (Caddy's local authority, the
only one it trusts besides the system's); the person invites it to a game
of Sage Tafl and plays the first move; the bot must accept the invitation
and answer the move, through HTTPS and its WebSocket (wss)."""

import json
import ssl
import subprocess
import sys
import time
import urllib.request

port, root, binary = sys.argv[1], sys.argv[2], sys.argv[3]
base = f"https://localhost:{port}"
context = ssl.create_default_context(cafile=root)


def call(method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    request.add_header("Origin", base)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=10, context=context) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def account(name):
    status, body = call("POST", "/api/accounts", body={"name": name, "password": "a long enough password"})
    assert status == 201, (status, body)
    status, body = call("POST", "/api/sessions", body={"name": name, "password": "a long enough password"})
    assert status == 201, (status, body)
    return body["token"]


def wait(what, done, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        status, view = call("GET", f"/api/games/{game_id}")
        if status == 200 and done(view):
            return view
        time.sleep(0.2)
    raise SystemExit(f"FAILED  {what} within {seconds} s: {view}")


bot = account("tlsbot")
status, me = call("POST", "/api/me/bot", bot)
assert status == 200 and me["bot"], (status, me)
ann = account("tlsann")
process = subprocess.Popen([binary, "bot", "--server", base, "--ca", root, "--games", "sage", "--level", "1"],
                           env={"ARBITER_BOT_TOKEN": bot, "ARBITER_LOG": "info", "PATH": "/usr/bin:/bin"},
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
try:
    status, game = call("POST", "/api/games", ann, {"game": "sage", "seats": [{"account": "me"}, {"account": "tlsbot"}]})
    assert status in (200, 201), (status, game)
    game_id = game["id"]
    wait("the bot accepts the invitation", lambda v: any(s.get("kind") == "bot" for s in v["seats"]))
    status, view = call("GET", f"/api/games/{game_id}", ann)
    move = view["legal"][0]["move"]
    status, body = call("POST", f"/api/games/{game_id}/moves", ann, {"move": move, "ply": 0})
    assert status == 200, (status, body)
    wait("the bot answers the move", lambda v: v["ply"] >= 2)
finally:
    process.terminate()
    try:
        output = process.communicate(timeout=10)[0]
    except subprocess.TimeoutExpired:
        process.kill()
        output = process.communicate()[0]
    if sys.exc_info()[0] is not None:
        print("-- the bot's log\n" + output)
if "connected to the personal channel" not in output or "wss://" not in output:
    raise SystemExit("FAILED  the bot did not connect to its personal channel over wss:\n" + output)
print(f"ok      arbiter bot over HTTPS (--ca) and wss accepted an invitation and answered {move}")
