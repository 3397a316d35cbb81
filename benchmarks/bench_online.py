"""The class tables: how soon another seat sees a pupil's action, with 30 pupils and with 200.

Starts the real service (``wizard-edu tables`` on 127.0.0.1, a fresh SQLite file, full sync) and
simulates pupils from this one process (asyncio): each joins with the class code, keeps the push
WebSocket open like a ``Seat`` does, and when the table pushes that it is their turn, thinks for a
moment (``--think``), reads their seat (``GET api/seat``) and acts (``POST api/act``) with a legal move.

**Sees an action** = from just before the acting pupil sends the action to when another pupil at that
table receives the push that carries the action's version: the action is checked, stored (committed
to disk) and pushed in between. Pushes of computer players' moves and of the acting pupil's own seat are
left out. Printed: the 50th and 95th percentile and the worst, the actions and pushes counted, and the
service's memory (resident set) at the end. Figures are printed, never asserted.

    python benchmarks/bench_online.py [--seconds 20] [--think 0.3] [--only 30|200] [--computer hard]

Scenario "30": 30 pupils at 8 tables (seven tables of 4, one of 2 pupils and 2 computer players,
started by the teacher); scenario "200": 200 pupils at 50 tables of 4. Classic rules. The CPU seconds
of the service and of this script, and the machine's load, say how much the figures owe to other work
on the machine (both processes wait for a core when it is busy).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psutil  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPRequest  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from wizard_edu.online.testing import start_tables  # noqa: E402
from wizard_edu.online.wire import decode  # noqa: E402

CODE = "BENCH"


def number(version: str) -> tuple[str, int]:
    head, _, n = version.rpartition(":")
    return head, int(n)


def legal_json(view: dict) -> list[list]:
    """The legal actions of a seat's view as sent (``[kind, value]``), read without rebuilding the whole
    view: a real pupil's computer does that, but here one process plays every pupil."""
    found = []
    for action in view["f"]["legal"]["t"]:
        value = action["f"]["value"]
        found.append([action["f"]["kind"], value["card"] if isinstance(value, dict) else value])
    return found


def check_legal_json() -> None:
    """legal_json reads what the wire's own decoder reads (checked once at the start)."""
    from wizard_edu import Game
    from wizard_edu.online.wire import encode

    game = Game(players=4, rules="classic", seed=5)
    for _ in range(30):
        view = game.view(game.to_move)
        assert legal_json(json.loads(json.dumps(encode(view)))) == [a.to_json() for a in decode(encode(view)).legal]
        game.apply(view.legal[0], view.seat)


class Pupil:
    def __init__(self, url: str, name: str, sent: dict, seen: list, stop: float, think: float) -> None:
        self.url, self.name, self.sent, self.seen, self.stop, self.think = url, name, sent, seen, stop, think
        self.token = ""
        self.seat: int | None = None
        self.table = None
        self.my_turn = asyncio.Event()
        self.http = AsyncHTTPClient()

    async def call(self, method: str, path: str, body: dict | None = None) -> dict:
        request = HTTPRequest(self.url + path, method=method, body=None if body is None else json.dumps(body),
                              headers={"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
                              request_timeout=30)
        reply = await self.http.fetch(request, raise_error=False)
        return json.loads(reply.body)

    async def join(self) -> None:
        answer = await self.call("POST", "api/join", {"code": CODE, "name": self.name})
        self.token, self.seat, self.table = answer["token"], answer["seat"], answer["table_id"]

    async def listen(self) -> None:
        ws = await websocket_connect(self.url.replace("http", "ws", 1) + "api/ws")
        await ws.write_message(json.dumps({"token": self.token}))
        while time.monotonic() < self.stop:
            try:
                text = await asyncio.wait_for(ws.read_message(), timeout=max(0.1, self.stop - time.monotonic()))
            except asyncio.TimeoutError:
                break
            if text is None:
                break
            message = json.loads(text)
            if message.get("type") != "table":
                continue
            self.seen.append((message["version"], self.seat, time.monotonic()))
            info = message["table"]
            if info["started"] and not info["over"] and info["to_move"] == self.seat and not info["paused"]:
                self.my_turn.set()
        ws.close()

    async def play(self) -> int:
        moves = 0
        while time.monotonic() < self.stop:
            try:
                await asyncio.wait_for(self.my_turn.wait(), timeout=max(0.1, self.stop - time.monotonic()))
            except asyncio.TimeoutError:
                break
            self.my_turn.clear()
            await asyncio.sleep(random.uniform(0.5, 1.5) * self.think)
            state = await self.call("GET", "api/seat")
            legal = legal_json(state["view"]) if state["view"] else []
            if not legal:
                continue
            start = time.monotonic()
            answer = await self.call("POST", "api/act", {"action": random.choice(legal)})
            if "version" in answer:
                self.sent[answer["version"]] = (start, self.seat)
                moves += 1
        return moves


async def scenario(url: str, pupils: int, seconds: float, think: float, teacher) -> dict:
    AsyncHTTPClient.configure(None, max_clients=max(20, pupils + 10))
    sent: dict = {}
    seen: list = []
    stop = time.monotonic() + 3600
    crowd = [Pupil(url, f"Pupil {i}", sent, seen, stop, think) for i in range(pupils)]
    for pupil in crowd:
        await pupil.join()
    listeners = [asyncio.create_task(p.listen()) for p in crowd]
    await asyncio.sleep(1.0)   # every socket open
    teacher("api/teacher/start", {})           # a table that is not full starts with computer players
    begin = time.monotonic()
    for pupil in crowd:
        pupil.stop = begin + seconds
    moves = sum(await asyncio.gather(*(p.play() for p in crowd)))
    await asyncio.gather(*listeners, return_exceptions=True)
    delays = []
    for version, seat, when in seen:
        action = sent.get(version)
        if action is not None and action[1] != seat:
            delays.append(when - action[0])
    return {"moves": moves, "delays": delays, "seconds": time.monotonic() - begin,
            "tables": len({p.table for p in crowd})}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(pupils: int, seconds: float, think: float, computer: str = "medium") -> None:
    with tempfile.TemporaryDirectory() as folder:
        svc = start_tables(Path(folder) / "bench.sqlite", code=CODE, table_size=4,
                           extra=("--rules", "classic", "--computer", computer))
        try:
            served, here = psutil.Process(svc.process.pid), psutil.Process()
            before = (sum(served.cpu_times()[:2]), sum(here.cpu_times()[:2]))
            result = asyncio.run(scenario(svc.url, pupils, seconds, think, svc.teacher))
            cpu = (sum(served.cpu_times()[:2]) - before[0], sum(here.cpu_times()[:2]) - before[1])
            memory = served.memory_info().rss / 2**20
        finally:
            svc.stop()
    delays = result["delays"]
    if not delays:
        print(f"{pupils} pupils: no actions were seen (something is wrong).")
        return
    print(f"{pupils} pupils at {result['tables']} tables, {result['seconds']:.0f} s: {result['moves']} pupil actions "
          f"({result['moves'] / result['seconds']:.1f}/s), {len(delays)} pushes to other seats measured")
    print(f"    another seat sees an action: median {statistics.median(delays) * 1000:.0f} ms, "
          f"95th percentile {percentile(delays, 0.95) * 1000:.0f} ms, worst {max(delays) * 1000:.0f} ms")
    print(f"    service memory (resident): {memory:.0f} MB; CPU seconds: service {cpu[0]:.1f}, "
          f"the simulated pupils {cpu[1]:.1f} (machine load average {psutil.getloadavg()[0]:.1f} "
          f"on {psutil.cpu_count()} cores)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each scenario plays (default 20)")
    parser.add_argument("--think", type=float, default=0.3, help="a pupil's thinking time in seconds (default 0.3)")
    parser.add_argument("--only", choices=["30", "200"], help="run one scenario")
    parser.add_argument("--computer", choices=["easy", "medium", "hard"], default="medium",
                        help="the computer players at the table that is not full (default medium)")
    args = parser.parse_args()
    random.seed(1)
    check_legal_json()
    print("The class tables: from a pupil's action to another seat's push (loopback, one machine).")
    for pupils in (30, 200):
        if args.only in (None, str(pupils)):
            run(pupils, min(max(args.seconds, 1.0), 120.0), max(args.think, 0.0), args.computer)


if __name__ == "__main__":
    main()
