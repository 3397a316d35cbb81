"""JSON over HTTP for the service tests: one request, the status and the answer, errors included."""

from __future__ import annotations

import json
import urllib.error
import urllib.request


def request_json(url: str, body: dict | None = None, token: str | None = None, scheme: str = "Bearer",
                 timeout: float = 20) -> tuple[int, dict]:
    """GET ``url`` (or POST ``body`` as JSON) with an ``Authorization`` token; (status, JSON answer).

    An HTTP error is an answer too: its status and its JSON body come back instead of an exception.
    """
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if data is None else "POST")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"{scheme} {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def post(url: str, body: dict, token: str | None = None, scheme: str = "Bearer") -> tuple[int, dict]:
    """POST ``body`` as JSON: (status, JSON answer)."""
    return request_json(url, body, token, scheme)


def get(url: str, token: str | None = None) -> tuple[int, dict]:
    """GET with a token: (status, JSON answer)."""
    return request_json(url, None, token)
