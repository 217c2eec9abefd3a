"""What guards every HTTP server of this project (the leaderboard page, the scoring server): security
headers on every response, the Host check against DNS rebinding for a server bound to loopback, a
request body size limit enforced before and while the body is read, and one shape for every refusal
(``{"detail": "one line"}``, as each server's OpenAPI schema documents it)."""

from __future__ import annotations

import ipaddress
import json
import re

from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")  # allowed Host names (any port) when bound to loopback
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    # the page loads its own script and style sheet and calls its own API, nothing else, nothing inline
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
_HOST = re.compile(r"^(?P<name>\[[0-9a-f:.]+\]|[^:\[\]]+)(?::\d{1,5})?$")


class Problem(BaseModel):
    """Every refusal's body (4xx, and the 503 of a full queue): one line saying what is wrong."""

    detail: str


# What the OpenAPI schema says every refusal looks like (FastAPI's default 422 body is not ours).
REFUSALS = {"4XX": {"model": Problem, "description": "a refused request"}, 503: {"model": Problem}}


async def invalid_request(_request, err) -> object:
    """A body FastAPI cannot validate: 400 for malformed JSON, else 422 naming each field and why, in
    one line (FastAPI's default is a list of objects)."""
    from fastapi.responses import JSONResponse

    problems = err.errors()
    malformed = next((p for p in problems if p.get("type") == "json_invalid"), None)
    if malformed is not None:
        detail = f"malformed JSON: {malformed.get('ctx', {}).get('error', 'cannot parse the body')}"
        return JSONResponse({"detail": detail}, status_code=400, headers=SECURITY_HEADERS)
    fields = "; ".join(f"{'.'.join(str(x) for x in p['loc'][1:]) or 'body'}: {p['msg']}" for p in problems)
    return JSONResponse({"detail": f"invalid request: {fields}"}, status_code=422, headers=SECURITY_HEADERS)


class _BodyTooLarge(StarletteHTTPException):
    pass


def host_allowed(host: str | None, allowed: tuple[str, ...]) -> bool:
    """``host`` (a Host header: name, optional port) names one of ``allowed``."""
    match = _HOST.match((host or "").strip().lower())
    return bool(match) and match.group("name") in allowed


async def _send_json(send, status: int, detail: str, extra_headers: dict[str, str] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(k.lower().encode(), v.encode()) for k, v in (extra_headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class GuardMiddleware:
    """Pure ASGI, outermost: security headers on every response, the Host check, the body size limit.

    The body limit is enforced from ``Content-Length`` before anything is read, and while the body
    streams in (chunked uploads): past the limit the 413 is sent at once and the rest is never read.
    """

    def __init__(self, app, max_body_bytes: int, allowed_hosts: tuple[str, ...] | None):
        self.app, self.max_body_bytes, self.allowed_hosts = app, max_body_bytes, allowed_hosts
        self.headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        state = {"started": False, "responded": False}

        async def send_secured(message) -> None:
            if state["responded"]:
                return  # the 413 went out; what the app answers to the aborted read is dropped
            if message["type"] == "http.response.start":
                state["started"] = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                message = {
                    **message,
                    "headers": [*message.get("headers", []), *(h for h in self.headers if h[0] not in names)],
                }
            await send(message)

        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        if self.allowed_hosts is not None:
            host = headers.get(b"host", b"").decode("latin-1")
            if not host_allowed(host, self.allowed_hosts):
                names = ", ".join(self.allowed_hosts)
                await _send_json(send_secured, 400, f"unexpected Host header {host!r}: this server answers to {names}")
                return
        limit = self.max_body_bytes
        too_large = f"the request body is over the limit of {limit} bytes ({limit // 1024} KiB)"
        close = {"Connection": "close"}
        length = headers.get(b"content-length")
        if length is not None:
            if not length.strip().isdigit():
                await _send_json(send_secured, 400, "invalid Content-Length header", close)
                return
            if int(length) > limit:
                await _send_json(send_secured, 413, too_large, close)
                return
        received = 0

        async def receive_limited():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    if not state["started"]:
                        await _send_json(send_secured, 413, too_large, close)
                        state["responded"] = True
                    raise _BodyTooLarge(413, too_large)
            return message

        try:
            await self.app(scope, receive_limited, send_secured)
        except Exception:
            if not state["responded"]:
                raise


async def server_error(_request, err: Exception):
    """The JSON answer to an unexpected error; sent outside the middleware stack, so it carries the
    security headers itself."""
    from fastapi.responses import JSONResponse

    detail = f"server error: {type(err).__name__}: {err}"
    return JSONResponse({"detail": detail}, status_code=500, headers=SECURITY_HEADERS)


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts_for(host: str) -> tuple[str, ...] | None:
    """The Host names a server bound to ``host`` answers to: loopback names (and the bound address)
    when bound to loopback, any otherwise (None)."""
    bound = f"[{host.strip('[]')}]" if ":" in host else host.lower()  # e.g. 127.0.0.2, [::1]
    return tuple(dict.fromkeys((*LOOPBACK_HOSTS, bound))) if is_loopback(host) else None
