"""Talking to `narrate serve --inbox` as its clients do: raw HTTP with chosen headers, the
owner's token or login cookie, JSON and multipart bodies; and waiting for a job to end."""

from __future__ import annotations

import http.client
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

ARTICLE = ("<html><head><title>Harbour trams return - The Gazette</title></head><body><article>"
           "<h1>Harbour trams return</h1>"
           "<p>Councillors voted on Tuesday to bring back the trams to the harbour district.</p>"
           "<p>The plan costs forty million pounds over six years, and work starts in May.</p>"
           "<p>Shop owners welcomed the vote, though some worried about parking.</p>"
           "</article></body></html>")


def article(title: str, sentences: int = 3) -> str:
    body = "".join(f"<p>{title} paragraph {n + 1} says something about the harbour and its trams.</p>"
                   for n in range(sentences))
    return f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>{body}</article></body></html>"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    cookies: list[str] = field(default_factory=list)

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


@dataclass
class InboxClient:
    port: int
    token: str | None = None
    cookie: str | None = None
    csrf: str | None = None
    host: str = "127.0.0.1"

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None, auth: bool = True) -> Answer:
        sent = dict(headers or {})
        if auth and self.token and "Authorization" not in sent:
            sent["Authorization"] = f"Bearer {self.token}"
        if auth and self.cookie and "Cookie" not in sent:
            sent["Cookie"] = self.cookie
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            data = response.read()
            cookies = response.headers.get_all("Set-Cookie") or []
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data, cookies)
        finally:
            connection.close()

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)

    def add(self, url: str, headers: dict[str, str] | None = None, auth: bool = True, **fields: str) -> Answer:
        body = json.dumps({"url": url, **fields}).encode("utf-8")
        return self.request("POST", "/api/articles", body,
                            {"Content-Type": "application/json", **(headers or {})}, auth=auth)

    def upload(self, filename: str, data: bytes, fields: dict[str, str] | None = None,
               headers: dict[str, str] | None = None, auth: bool = True) -> Answer:
        body, content_type = multipart({**(fields or {})}, ("file", filename, data))
        return self.request("POST", "/api/articles", body, {"Content-Type": content_type, **(headers or {})},
                            auth=auth)

    def jobs(self) -> list[dict[str, Any]]:
        answer = self.get("/api/articles")
        assert answer.status == 200, answer
        return answer.json()["jobs"]

    def wait(self, job_id: int, states: tuple[str, ...] = ("done", "failed"), seconds: float = 240) -> dict[str, Any]:
        """The job once it reaches one of `states` (a bound, not a timing assertion)."""
        end = time.monotonic() + seconds
        while True:
            job = self.get(f"/api/articles/{job_id}").json()
            if job["state"] in states:
                return job
            if time.monotonic() > end:
                raise AssertionError(f"job {job_id} still {job['state']} after {seconds} s: {job}")
            time.sleep(0.2)

    def log_in(self, code: str) -> Answer:
        """POST the login link's code as the page's button does; keep the cookie and the CSRF token."""
        answer = self.request("POST", "/login", f"code={code}".encode(),
                              {"Content-Type": "application/x-www-form-urlencoded"}, auth=False)
        if answer.status == 303:
            self.cookie = answer.cookies[0].split(";", 1)[0]
            page = self.get("/add", auth=True).body.decode("utf-8")
            self.csrf = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        return answer


def multipart(fields: dict[str, str], file: tuple[str, str, bytes] | None = None) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
                     + value.encode() + b"\r\n")
    if file is not None:
        name, filename, data = file
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                     f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"
