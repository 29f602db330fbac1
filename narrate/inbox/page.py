"""The inbox's pages: `/add` (send an article, watch the queue), `/login`, the web app manifest
with its share target, the icons; and each job as JSON for the API.

Templates and assets are package data (narrate/inbox/web/); every value is HTML-escaped here.
The queue is rendered here only (`queue_items`): the page's script fetches the same fragment
again (`/add/queue`) and replaces only the jobs whose state or progress changed, so a done
episode's player keeps playing while others move on.
"""

from __future__ import annotations

import io
import json
from datetime import datetime, timezone
from functools import lru_cache
from html import escape
from importlib.resources import files
from string import Template
from typing import Any

from narrate.fetch.urls import without_credentials
from narrate.inbox.queue import DONE, FAILED, FETCHED, FETCHING, NARRATING, URL, WAITING, JobQueue, JobRecord
from narrate.publish.feed import url_for
from narrate.text.readers import supported_extensions

APP_NAME = "narrate"
THEME = "#2f6fdf"
ICON_SIZES = (192, 512)
STATIC = {  # /add/NAME -> (package file, content type)
    "inbox.js": ("web/inbox.js", "text/javascript; charset=utf-8"),
    "inbox.css": ("web/inbox.css", "text/css; charset=utf-8"),
    "sw.js": ("web/sw.js", "text/javascript; charset=utf-8"),
}
LABELS = {WAITING: "Waiting", FETCHING: "Fetching the page", FETCHED: "Waiting to be narrated",
          NARRATING: "Narrating", DONE: "Done", FAILED: "Failed"}


def _template(name: str) -> Template:
    return Template(files("narrate.inbox").joinpath(f"web/{name}").read_text(encoding="utf-8"))


def static_file(name: str) -> tuple[bytes, str] | None:
    found = STATIC.get(name)
    if found is None:
        return None
    return files("narrate.inbox").joinpath(found[0]).read_bytes(), found[1]


def add_page(title: str, csrf: str, shared: str, jobs: list[JobRecord], queue: JobQueue,
             allow_private: bool, private: bool) -> bytes:
    notices = []
    if allow_private:
        notices.append('<p class="notice" id="allow-private"><b>Private addresses are allowed</b> '
                       "(<code>--allow-private</code>): pages on this computer and your home network "
                       "can be fetched, so only send links you trust.</p>")
    if private:
        notices.append('<p class="notice">This podcast is private: its feed, episodes and page need '
                       "the secret feed URL that <code>narrate serve</code> printed.</p>")
    kinds = ", ".join(sorted({e.lstrip(".") for e in supported_extensions()}))
    page = _template("add.html").substitute(
        title=escape(title), csrf=escape(csrf), shared=escape(shared), notices="\n".join(notices),
        kinds=escape(kinds), accept=escape(",".join(supported_extensions())),
        jobs=queue_items(jobs, queue, csrf) or "", theme=THEME)
    return page.encode("utf-8")


def login_page(code: str | None, message: str = "", after: str = "/add") -> bytes:
    """The login link's page (a button, so a link preview cannot spend the code), or a form
    for the token; `after`: the inbox page to go back to (with a link shared to it)."""
    then = f'<input type="hidden" name="next" value="{escape(after)}">' if after != "/add" else ""
    if code:
        form = ('<p>Log in to this podcast\'s inbox on this device.</p>'
                '<form method="post" action="/login">'
                f'<input type="hidden" name="code" value="{escape(code)}">{then}'
                '<button type="submit" id="login">Log in</button></form>')
    else:
        form = ('<p>Open the login link that <code>narrate serve --inbox</code> printed (or scan its '
                'code), or paste the token that <code>narrate inbox token</code> prints:</p>'
                f'<form method="post" action="/login">{then}<div class="row">'
                '<input name="token" type="password" autocomplete="current-password" required '
                'aria-label="Token"><button type="submit">Log in</button></div></form>')
    note = f'<p class="error">{escape(message)}</p>' if message else ""
    return _template("login.html").substitute(title="Log in to the inbox", form=form, message=note,
                                              theme=THEME).encode("utf-8")


def message_page(title: str, message: str) -> bytes:
    """A plain page for a form that was refused (scripts get JSON instead)."""
    return _template("login.html").substitute(
        title=escape(title), form='<p><a href="/add">Back to the inbox</a></p>',
        message=f'<p class="error">{escape(message)}</p>', theme=THEME).encode("utf-8")


def queue_items(jobs: list[JobRecord], queue: JobQueue, csrf: str) -> str:
    """One <li> per job; `data-version` changes whenever what it shows does."""
    return "\n".join(_item(job, queue, csrf) for job in jobs)


def _item(job: JobRecord, queue: JobQueue, csrf: str) -> str:
    progress = job.progress if job.state == NARRATING else None
    note = job.note if job.state in (WAITING, FETCHED) else ""
    shown = job.title or job.label
    version = f"{job.state}:{int((progress or 0) * 100)}:{job.updated}:{bool(note)}"
    parts = [f'<li class="job {job.state}" data-id="{job.id}" data-version="{escape(version)}" '
             f'data-final="{1 if job.finished else 0}">',
             f'<div class="what">{escape(shown)}</div>']
    if job.kind == URL and shown != job.label:
        parts.append(f'<div class="source">{escape(job.label)}</div>')
    status = LABELS[job.state]
    if progress is not None:
        status = f"Narrating {int(progress * 100)} %"
    parts.append(f'<div class="state">{escape(status)}</div>')
    if progress is not None:
        parts.append(f'<progress max="100" value="{int(progress * 100)}"></progress>')
    if note:
        parts.append(f'<div class="note">{escape(note)}</div>')
    if job.state == DONE:
        audio = url_for("/", job.output)
        parts.append(f'<audio controls preload="none" src="{escape(audio)}"></audio>'
                     f'<a class="episode" href="/#{escape(url_for("", job.output))}">On the podcast page</a>')
    if job.state == FAILED:
        parts.append(f'<div class="reason">{escape(job.reason)}</div>'
                     f'<form class="retry" method="post" action="/api/articles/{job.id}/retry">'
                     f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
                     '<button type="submit">Retry</button></form>')
    parts.append("</li>")
    return "".join(parts)


def job_json(job: JobRecord, queue: JobQueue) -> dict[str, Any]:
    """A job as the API shows it: never the address's user:password; a page fetched and
    waiting for the narrator is "waiting" (the states are waiting, fetching, narrating,
    done, failed)."""
    data: dict[str, Any] = {
        "id": job.id, "kind": job.kind,
        "source": without_credentials(job.source) if job.kind == URL else job.source,
        "title": job.title or job.label, "state": WAITING if job.state == FETCHED else job.state,
        "progress": job.progress if job.state == NARRATING else (1.0 if job.state == DONE else None),
        "reason": job.reason or None, "note": (job.note or None) if job.state in (WAITING, FETCHED) else None,
        "attempts": job.attempts,
        "created": _iso(job.created), "updated": _iso(job.updated),
        "url": f"/api/articles/{job.id}",
    }
    if job.state == DONE:
        data["episode"] = url_for("/", job.output)
        data["duration"] = round(job.duration, 3)
    return data


def _iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, tz=timezone.utc).isoformat(timespec="seconds")


def manifest(title: str) -> bytes:
    """The web app manifest: installable, and a share target so Android's Share sheet offers
    it; shared links arrive as GET /add?title=...&text=...&url=... (the page asks before adding)."""
    data = {
        "name": f"{APP_NAME}: {title}" if title else APP_NAME,
        "short_name": APP_NAME,
        "description": "Send articles to your narrate podcast",
        "id": "/add",
        "start_url": "/add",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [{"src": f"/add/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "any"} for size in ICON_SIZES],
        "share_target": {
            "action": "/add",
            "method": "GET",
            "enctype": "application/x-www-form-urlencoded",
            "params": {"title": "title", "text": "text", "url": "url"},
        },
    }
    return json.dumps(data, indent=2).encode("utf-8")


@lru_cache(maxsize=len(ICON_SIZES))
def icon(size: int) -> bytes:
    """The app's icon: narrate's generated cover style, at `size` pixels."""
    from PIL import Image

    from narrate.episode.artwork import generate_cover

    cover = Image.open(io.BytesIO(generate_cover("narrate", "inbox", fmt="PNG")))
    out = io.BytesIO()
    cover.convert("RGB").resize((size, size), Image.LANCZOS).save(out, format="PNG", optimize=True)
    return out.getvalue()
