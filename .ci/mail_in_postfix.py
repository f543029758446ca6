"""Moves by mail through Postfix (see mail-in-postfix.sh).

`listen PORT DIR`: an SMTP listener on 127.0.0.1:PORT that keeps each mail
it receives as a file in DIR (Postfix relays players.example to it).

`play URL DIR`: two players sign up with addresses at players.example and
verify them by the links mailed to them; ann opens a Sage Tafl game and bo
takes its other seat; ann replies to her turn's mail through Postfix
(SMTP on 127.0.0.1:25) with a legal move; the move must be played and the
answer ("Your move … is played") must reach ann through Postfix, and bo's
turn mail too.
Then ann, bo and cy play a whole game of Single Capture Go by mail only:
each round, each player replies through Postfix to the newest mail that
opened the round (its Reply-To) with a square; the play's confirmation
reaches that player through Postfix, the round closes when all three
have played, and at the end each player is mailed that the game is over.
"""

import asyncio
import email
import email.policy
import json
import os
import random
import re
import smtplib
import sys
import time
import urllib.request


def listen(port, folder):
    os.makedirs(folder, exist_ok=True)
    count = 0

    async def converse(reader, writer):
        nonlocal count
        writer.write(b"220 capture ESMTP\r\n")
        while True:
            line = await reader.readline()
            if not line:
                return
            command = line.decode("latin-1").strip().upper()
            if command.startswith(("EHLO", "HELO")):
                writer.write(b"250-capture\r\n250 8BITMIME\r\n")
            elif command == "DATA":
                writer.write(b"354 go on\r\n")
                await writer.drain()
                data = b""
                while True:
                    line = await reader.readline()
                    if line in (b".\r\n", b".\n", b""):
                        break
                    data += line[1:] if line.startswith(b"..") else line
                count += 1
                path = os.path.join(folder, f"{count:04d}.eml")
                with open(path + ".part", "wb") as f:
                    f.write(data)
                os.rename(path + ".part", path)
                print("kept", path, flush=True)
                writer.write(b"250 kept\r\n")
            elif command == "QUIT":
                writer.write(b"221 bye\r\n")
                await writer.drain()
                writer.close()
                return
            else:
                writer.write(b"250 ok\r\n")
            await writer.drain()

    async def main():
        server = await asyncio.start_server(converse, "127.0.0.1", port)
        async with server:
            await server.serve_forever()

    asyncio.run(main())


def call(url, method, path, token=None, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def mails(folder):
    if not os.path.isdir(folder):
        return []
    found = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".eml"):
            with open(os.path.join(folder, name), "rb") as f:
                found.append(email.message_from_bytes(f.read(), policy=email.policy.default))
    return found


def text(mail):
    part = mail.get_body(preferencelist=("plain",))
    return part.get_content() if part else ""


def wait_until(what, done, seconds=60):
    """What `done()` returns once it is true; `what` (a text, or a function
    giving one at the failure) names what did not happen in time."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = done()
        if value:
            return value
        time.sleep(0.1)
    raise SystemExit(f"FAILED  {what() if callable(what) else what} within {seconds} s")


def wait_for_mail(folder, to, contains, seconds=60):
    def found():
        return next((m for m in mails(folder)
                     if to in str(m["To"]) and contains in text(m) + str(m["Subject"])), None)

    def missing():
        return (f"a mail to {to} containing {contains!r}; mails: "
                + "; ".join(f"{m['To']}: {m['Subject']}" for m in mails(folder)))

    return wait_until(missing, found, seconds)


def account(url, folder, name):
    address = f"{name}@players.example"
    password = "a long enough password"
    status, body = call(url, "POST", "/api/accounts", body={"name": name, "password": password})
    assert status == 201, (status, body)
    status, body = call(url, "POST", "/api/sessions", body={"name": name, "password": password})
    assert status == 201, (status, body)
    token = body["token"]
    status, body = call(url, "PATCH", "/api/me", token, {"email": address})
    assert status == 200, (status, body)
    link = wait_for_mail(folder, address, "/verify?token=")
    found = re.search(r"/verify\?token=([0-9a-f]{64})", text(link))
    assert found, text(link)
    status, body = call(url, "POST", "/api/me/email/verify", body={"token": found.group(1)})
    assert status == 200 and body["email_verified"], (status, body)
    return token


def reply_by_mail(to_mail, sender, body):
    """Replies to `to_mail` through Postfix (SMTP on 127.0.0.1:25), as a
    mail client does: the person's text above the quoted original."""
    reply_to = email.utils.parseaddr(str(to_mail["Reply-To"]))[1]
    assert reply_to.startswith("play+") and reply_to.endswith("@games.example"), reply_to
    reply = email.message.EmailMessage()
    reply["From"] = sender
    reply["To"] = reply_to
    reply["Subject"] = "Re: " + str(to_mail["Subject"])
    reply["In-Reply-To"] = str(to_mail["Message-ID"])
    reply.set_content(f"{body}\n\nOn a day, Arbiter <{reply_to}> wrote:\n> " + text(to_mail).replace("\n", "\n> "))
    with smtplib.SMTP("127.0.0.1", 25, timeout=10) as smtp:
        smtp.send_message(reply)
    return reply_to




def round_mail(folder, to, used):
    """The newest mail to `to` that opened a round and was not replied to."""
    for mail in reversed(mails(folder)):
        if to in str(mail["To"]) and "is open" in str(mail["Subject"]) and mail["Reply-To"]:
            if str(mail["Message-ID"]) in used:
                return None
            return mail
    return None


def scg_by_mail(url, folder, tokens):
    names = ["ann", "bo", "cy"]
    status, game = call(url, "POST", "/api/games", tokens["ann"], {
        "game": "scg", "seats": [{"account": "me"}, {"open": True}, {"open": True}],
        "clock": {"round_hours": 24, "close_early": True}})
    assert status in (200, 201), (status, game)
    game_id = game["id"]
    for name, seat in (("bo", "B"), ("cy", "C")):
        status, body = call(url, "POST", f"/api/games/{game_id}/seats/{seat}", tokens[name])
        assert status == 200, (status, body)
    choose = random.Random(7)
    used = set()
    rounds = plays = 0
    started = time.time()
    while True:
        status, view = call(url, "GET", f"/api/games/{game_id}")
        if view["status"]["state"] == "over":
            break
        rounds += 1
        assert rounds <= 60, "the game should end within 60 rounds"
        round_number = view["ply"]
        for name in names:
            address = f"{name}@players.example"
            status, mine = call(url, "GET", f"/api/games/{game_id}", tokens[name])
            if mine["ply"] != round_number or mine["status"]["state"] == "over" or not mine.get("legal"):
                continue
            opened = wait_until(f"{name}'s mail opening round {round_number}",
                                lambda: round_mail(folder, address, used))
            used.add(str(opened["Message-ID"]))
            square = choose.choice(mine["legal"])["move"]
            reply_by_mail(opened, f"{name} <{address}>", square)
            plays += 1

            def taken():
                status, now = call(url, "GET", f"/api/games/{game_id}", tokens[name])
                return (now["ply"] != round_number or now["status"]["state"] == "over"
                        or (now.get("scg") or {}).get("my_play") == square)
            wait_until(f"{name}'s mailed play {square} in round {round_number}", taken)
            status, now = call(url, "GET", f"/api/games/{game_id}")
            if now["ply"] == round_number and now["status"]["state"] != "over":
                wait_for_mail(folder, address, f"is in: {square}")
        wait_until(f"round {round_number} to close",
                   lambda: (lambda v: v["ply"] != round_number or v["status"]["state"] == "over")(
                       call(url, "GET", f"/api/games/{game_id}")[1]))
    for name in names:
        wait_for_mail(folder, f"{name}@players.example", "is over")
    status, view = call(url, "GET", f"/api/games/{game_id}")
    print(f"a three-player game of Single Capture Go played to its end by mail through Postfix: {rounds} rounds, "
          f"{plays} plays mailed, {time.time() - started:.1f} s; {view['status']}")


def play(url, folder):
    ann = account(url, folder, "ann")
    bo = account(url, folder, "bo")
    status, game = call(url, "POST", "/api/games", ann, {"game": "sage", "seats": [{"account": "me"}, {"open": True}]})
    assert status in (200, 201), (status, game)
    game_id = game["id"]
    status, body = call(url, "POST", f"/api/games/{game_id}/seats/r", bo)
    assert status == 200, (status, body)
    turn = wait_for_mail(folder, "ann@players.example", "your move")
    status, view = call(url, "GET", f"/api/games/{game_id}", ann)
    move = view["legal"][0]["move"]
    sent_at = time.time()
    reply_by_mail(turn, "Ann <ann@players.example>", move)
    wait_until(f"the mailed move {move} played", lambda: call(url, "GET", f"/api/games/{game_id}")[1]["ply"] == 1)
    played_at = time.time()
    wait_for_mail(folder, "ann@players.example", f"Your move {move} is played")
    answered_at = time.time()
    wait_for_mail(folder, "bo@players.example", "The last move: " + move)
    print(f"played {move} by mail {played_at - sent_at:.2f} s after the reply was sent to Postfix; "
          f"its answer was kept {answered_at - sent_at:.2f} s after")
    cy = account(url, folder, "cy")
    scg_by_mail(url, folder, {"ann": ann, "bo": bo, "cy": cy})


if __name__ == "__main__":
    if sys.argv[1] == "listen":
        listen(int(sys.argv[2]), sys.argv[3])
    else:
        play(sys.argv[2], sys.argv[3])
