"""The phone server with real websockets on 127.0.0.1: joining, acting, and hostile phones."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from app.phones.server import MAX_PHONES, ProtocolError, clean_phone_name, parse_message
from engines.core import save_state
from tests.app.phones.helpers import Pump, converse, next_of, yahtzee_box


@pytest.fixture
def box(tmp_path):
    headless, service = yahtzee_box(tmp_path)
    yield headless, service
    headless.close()


def join(service, seat=0, name="Ann", request=1):
    return {"type": "join", "id": request, "room": service.server.room, "seat": seat, "name": name}


def test_a_phone_rolls_and_holds_through_the_match(box):
    headless, service = box
    match = headless.top.match

    async def talk():
        async with aiohttp.ClientSession() as session, session.ws_connect(service.server.url + "ws") as ws:
            lobby = await next_of(ws, "lobby")
            await ws.send_json(join(service))
            welcome = await next_of(ws, "welcome")
            view = await next_of(ws, "view")
            await ws.send_json({"type": "act", "id": 2, "action": 0, "move": view["move"]})
            await next_of(ws, "ok")
            while not (view := await next_of(ws, "view"))["your_turn"]:
                pass
            return lobby, welcome, view

    lobby, welcome, view = converse(headless, talk)
    assert [s["name"] for s in lobby["seats"]] == ["Ann", "Bob"]
    assert welcome["seat"] == 0 and len(welcome["secret"]) >= 20
    assert match.state.to_dict(0)["rolls"] == 1
    assert all(d["face"] is not None for d in view["private"]["dice"])
    assert {"action": 1, "text": "toggle 1"} in view["legal"]


def test_a_phone_sees_only_its_own_card(box):
    headless, service = box

    async def talk():
        async with aiohttp.ClientSession() as session, session.ws_connect(service.server.url + "ws") as ws:
            await ws.send_json(join(service, seat=1, name="Bob"))
            return await next_of(ws, "view")

    view = converse(headless, talk)
    private = view["private"]
    assert not view["your_turn"] and view["legal"] == []
    assert "cards" not in private and len(private["boxes"]) == 13
    assert private["totals"] == [0, 0]


def test_the_table_marks_the_seat_played_from_a_phone_while_it_is_connected(box):
    headless, service = box

    def drawn(text):
        return any(run.text == text for run in headless.app.text.runs)

    with Pump(headless) as pump:

        async def talk():
            url = service.server.url + "ws"
            async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
                await ws.send_json(join(service))
                await next_of(ws, "view")
                pump.until(lambda: drawn("☎ Ann"), "Ann's row to show her phone")
                assert pump.call(lambda: drawn("Bob") and not drawn("☎ Bob"))

        asyncio.run(talk())
        pump.until(lambda: drawn("Ann") and not drawn("☎ Ann"), "the mark to go with the phone")


def test_reloading_keeps_the_seat_and_a_wrong_secret_or_a_second_phone_is_refused(box):
    headless, service = box

    async def talk():
        url = service.server.url + "ws"
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url) as ws:
                await ws.send_json(join(service))
                welcome = await next_of(ws, "welcome")
                async with session.ws_connect(url) as thief:
                    await thief.send_json(join(service, name="Eve"))
                    taken = await next_of(thief, "error")
                    hello = {
                        "type": "hello",
                        "id": 3,
                        "room": service.server.room,
                        "seat": 0,
                        "secret": "x" * 24,
                    }
                    await thief.send_json(hello)
                    wrong = await next_of(thief, "error")
            async with session.ws_connect(url) as again:  # the page reloaded: same secret, same seat
                hello = {"type": "hello", "id": 4, "room": service.server.room, "seat": 0,
                         "secret": welcome["secret"]}  # fmt: skip
                await again.send_json(hello)
                back = await next_of(again, "welcome")
                view = await next_of(again, "view")
            return taken, wrong, back, view

    taken, wrong, back, view = converse(headless, talk)
    assert taken["code"] == "seat_taken" and wrong["code"] == "bad_secret" and wrong["id"] == 3
    assert back["seat"] == 0 and back["name"] == "Ann" and view["your_turn"]


def test_hostile_phones_leave_the_game_as_it_was(box):
    headless, service = box
    before = save_state(headless.top.match.state)

    async def talk():
        url = service.server.url + "ws"
        answers = []
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url) as ws:
                await ws.send_str("{not json")
                answers.append(await next_of(ws, "error"))
                await ws.send_json({"type": "act", "id": 1, "action": 0, "move": 0})
                answers.append(await next_of(ws, "error"))  # not seated
                await ws.send_json(
                    {"type": "join", "id": 2, "room": service.server.room, "seat": 0, "name": 7}
                )
                answers.append(await next_of(ws, "error"))  # a name that is not text
                await ws.send_json({"type": "launch", "id": 3})
                answers.append(await next_of(ws, "error"))
                await ws.send_json(join(service, seat=1, name="Bob"))
                view = await next_of(ws, "view")
                await ws.send_json({"type": "act", "id": 4, "action": 0, "move": view["move"]})
                answers.append(await next_of(ws, "error"))  # Ann's turn, not Bob's
            async with session.ws_connect(url) as flood:
                try:
                    for n in range(200):
                        await flood.send_json({"type": "ping", "id": n})
                except ConnectionResetError:  # cut off mid-flood: what the test wants to see
                    pass
                codes = set()
                async for msg in flood:
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        break
                    codes.add(msg.json().get("code"))
                # the first refusal is answered, and the flood is then cut off as a policy violation
                answers.append({"code": flood.close_code, "seen": sorted(filter(None, codes))})
            async with session.ws_connect(url) as huge:
                await next_of(huge, "lobby")
                await huge.send_str('{"type":"ping","id":1,"pad":"' + "x" * 8_000 + '"}')
                msg = await huge.receive(timeout=5)
                answers.append({"code": "closed" if msg.type != aiohttp.WSMsgType.TEXT else msg.data})
        return answers

    answers = converse(headless, talk)
    codes = [a["code"] for a in answers]
    assert codes[:5] == ["bad_json", "not_seated", "bad_message", "unknown_type", "not_your_turn"]
    # cut off: 1008 as the server closes, or 1006 where the close met the pings still being sent
    assert answers[5]["code"] in (1008, 1006) and set(answers[5]["seen"]) <= {"rate_limited"}
    assert codes[6] == "closed"
    assert save_state(headless.top.match.state) == before
    assert headless.app.stack and headless.top.match.state.current_player() == 0


def test_a_ninth_phone_is_turned_away_and_wrong_room_codes_are_limited(box):
    headless, service = box

    async def talk():
        url = service.server.url + "ws"
        async with aiohttp.ClientSession() as session:
            phones = [await session.ws_connect(url) for _ in range(MAX_PHONES)]
            extra = await session.ws_connect(url)
            full = await next_of(extra, "error")
            codes = []
            for n in range(7):
                await phones[0].send_json({**join(service), "room": "ZZZZ", "id": n})
                codes.append((await next_of(phones[0], "error"))["code"])
            for ws in (*phones, extra):
                await ws.close()
            return full, codes

    full, codes = converse(headless, talk)
    assert full["code"] == "full"
    assert codes[:5] == ["wrong_room"] * 5 and codes[5:] == ["rate_limited"] * 2


@pytest.mark.parametrize(
    "text, code",
    [
        ("[]", "bad_message"),
        ('{"type": "ping"}', "bad_message"),
        ('{"type": "ping", "id": true}', "bad_message"),
        ('{"type": "act", "id": 1, "action": 99999999999, "move": 0}', "bad_message"),
        ('{"type": "ping", "id": 1, "extra": 1}', "bad_message"),
        ("[" * 100_000, "bad_json"),
    ],
)
def test_messages_outside_the_protocol_are_named(text, code):
    with pytest.raises(ProtocolError) as caught:
        parse_message(text)
    assert caught.value.code == code


def test_names_are_bounded_and_filtered():
    assert clean_phone_name("<b>Ann</b>", 0) == "bAnnb"
    assert clean_phone_name("x" * 500, 0) == "x" * 16
    assert clean_phone_name(None, 2) == "Phone 3"
    assert clean_phone_name("سارا", 0) == "سارا"


def test_a_phone_seated_at_set_up_joins_the_game_as_a_new_named_player(tmp_path):
    from app.app import Headless
    from app.match import PlayerSpec
    from app.phones.service import PhoneService
    from app.screens.yahtzee.setup import SetupScreen

    headless = Headless(data_dir=tmp_path)
    try:
        setup = SetupScreen("yahtzee")
        headless.app.push(setup)
        service = PhoneService(headless.app, "127.0.0.1", 0).start()
        headless.advance(20)
        assert setup.choice.count == 1  # solo until a phone takes a seat

        with Pump(headless) as pump:

            async def talk():
                url = service.server.url + "ws"
                async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
                    await ws.send_json(join(service, seat=1, name="Ann"))
                    await next_of(ws, "welcome")
                    pump.until(lambda: setup.choice.count == 2, "the set-up to seat Ann")

            asyncio.run(talk())
        assert setup.choice.players()[1] == PlayerSpec(False, name="Ann")
        assert setup.rows()[setup.focus] == "start"  # a reflex SELECT still starts, as it did
    finally:
        headless.close()


@pytest.mark.parametrize("family", ["pig", "monopoly_dice", "monopoly"])
def test_the_other_set_ups_seat_phones_as_named_players_too(tmp_path, family):
    import importlib

    from app.app import Headless
    from app.match import PlayerSpec

    headless = Headless(data_dir=tmp_path)
    try:
        setup = importlib.import_module(f"app.screens.{family}.setup").SetupScreen()
        headless.app.push(setup)
        headless.advance(20)
        setup.phones_seated({1: "Ann", 7: "Zed"})  # seat 8 is beyond any of these games: left out
        seats = setup.seats if family == "pig" else setup.choice.players()
        seats = [getattr(seat, "spec", seat) for seat in seats]  # Monopoly's seats carry a token too
        assert seats[1] == PlayerSpec(False, name="Ann") and len(seats) == 2
        assert setup.rows()[setup.focus] == "start"
    finally:
        headless.close()
