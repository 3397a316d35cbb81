"""Kid mode's class tables (wizard_edu/kidmode/kidtables.py): the service behind kid mode's own class code."""

from __future__ import annotations

import json
import urllib.request

from wizard_edu.kidmode.kidtables import TABLES_URL_ENV, kernel_env, start_tables
from wizard_edu.lab.servers import is_root
from wizard_edu.online.classcode import CLASS_CODE_ENV

CODE = "KTX49"


def board(service) -> dict:
    key = service.board_link.split("key=")[1]
    request = urllib.request.Request(service.url + "api/board", headers={"Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def test_the_tables_take_kid_modes_code_without_a_command_line_and_keep_the_teachers_game(tmp_path):
    db = tmp_path / "class-tables.sqlite"
    service = start_tables(CODE, db, allow_root=is_root())
    try:
        assert CODE not in " ".join(service.process.args), "no secret on a command line"
        assert service.url.startswith("http://127.0.0.1:")       # kernels on this computer only
        state = board(service)
        assert state["code"] == CODE and state["settings"]["rules"] == "junior"   # a new database: Junior
        assert kernel_env(service, CODE) == {TABLES_URL_ENV: service.url, CLASS_CODE_ENV: CODE}
        request = urllib.request.Request(service.url + "api/teacher/settings", method="POST",
                                         data=json.dumps({"rules": "classic"}).encode(),
                                         headers={"Authorization": f"Bearer {service.board_link.split('key=')[1]}",
                                                  "Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=10).close()
    finally:
        service.stop()
    again = start_tables(CODE, db, allow_root=is_root())
    try:
        assert board(again)["settings"]["rules"] == "classic", "the teacher's choice outlives a restart"
    finally:
        again.stop()
