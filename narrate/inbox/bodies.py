"""What a request to add carries: JSON, a form, or a multipart upload, read within limits.

The body's size is known before it is read (Content-Length; chunked bodies are refused with
411), and refused past its limit (413) without reading it: 64 KB for JSON and forms, the input
limit for an upload (NARRATE_MAX_INPUT_MB). Multipart is split on its boundary here (the
standard library's cgi module is gone in Python 3.13); each part's headers are parsed with
`email`, which handles quoted and RFC 2231 file names.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from email.message import Message
from email.parser import BytesHeaderParser
from email.policy import HTTP
from http import HTTPStatus
from urllib.parse import parse_qsl

MAX_FORM_BYTES = 64 * 1024
MULTIPART_OVERHEAD = 64 * 1024  # the parts' headers and the form's other fields
MAX_PARTS = 100  # a form of the inbox has a handful; each part costs its header parse


class BadBody(Exception):
    """A body that cannot be taken: carries the status (400, 411, 413, 415) and the line to say."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Upload:
    filename: str
    data: bytes


@dataclass
class Submitted:
    fields: dict[str, str] = field(default_factory=dict)
    upload: Upload | None = None


def media_type(content_type: str | None) -> tuple[str, Message]:
    """('multipart/form-data', the header as a Message for its parameters)."""
    message = Message()
    message["Content-Type"] = content_type or ""
    return message.get_content_type(), message


def body_length(headers: Message, limit: int) -> int:
    """The declared length, or BadBody: chunked (411), not one number (400), too large (413)."""
    if headers.get("Transfer-Encoding"):
        raise BadBody(HTTPStatus.LENGTH_REQUIRED, "send the body with a Content-Length")
    lengths = {value.strip() for value in headers.get_all("Content-Length", [])}
    if not lengths:
        return 0
    length = lengths.pop()
    if lengths or not re.fullmatch(r"\d{1,18}", length):
        raise BadBody(HTTPStatus.BAD_REQUEST, "Content-Length is not one number")
    if int(length) > limit:
        raise BadBody(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                      f"the request is larger than {_size(limit)}, the limit for what is sent")
    return int(length)


def _size(limit: int) -> str:
    """64 KB, 64 MB: the limit as the docs state it."""
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{max(1, limit // 1024)} KB"


def limit_for(content_type: str | None, upload_limit: int) -> int:
    kind, _ = media_type(content_type)
    return upload_limit + MULTIPART_OVERHEAD if kind == "multipart/form-data" else MAX_FORM_BYTES


def parse(content_type: str | None, body: bytes) -> Submitted:
    """The fields (and file) of a JSON object, an urlencoded form or a multipart form."""
    kind, header = media_type(content_type)
    if not body:
        return Submitted()  # nothing sent (a retry needs no body)
    if kind == "application/json":
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: [[[[... nested too deep
            raise BadBody(HTTPStatus.BAD_REQUEST, "the body is not valid JSON") from None
        if not isinstance(data, dict):
            raise BadBody(HTTPStatus.BAD_REQUEST, 'send a JSON object, e.g. {"url": "https://..."}')
        return Submitted({str(k): v for k, v in data.items() if isinstance(v, str)})
    if kind == "application/x-www-form-urlencoded":
        try:
            pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=50)
        except (UnicodeDecodeError, ValueError):
            raise BadBody(HTTPStatus.BAD_REQUEST, "the form is not valid") from None
        return Submitted(dict(pairs))
    if kind == "multipart/form-data":
        boundary = header.get_param("boundary")
        if not isinstance(boundary, str) or not boundary or len(boundary) > 200:
            raise BadBody(HTTPStatus.BAD_REQUEST, "the multipart form has no boundary")
        return _multipart(body, boundary.encode("latin-1", "replace"))
    raise BadBody(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                  "send JSON, a form (application/x-www-form-urlencoded) or multipart/form-data")


def _multipart(body: bytes, boundary: bytes) -> Submitted:
    """The parts between `--boundary` lines (RFC 7578); the first file part is the upload."""
    separator = b"\r\n--" + boundary
    if (b"\r\n" + body).count(separator) > MAX_PARTS + 1:  # counted before anything is split
        raise BadBody(HTTPStatus.BAD_REQUEST, f"the multipart form has more than {MAX_PARTS} parts")
    pieces = (b"\r\n" + body).split(separator)
    submitted = Submitted()
    for piece in pieces[1:]:  # pieces[0]: the preamble
        if piece.startswith(b"--"):
            return submitted
        line_end = piece.find(b"\r\n")
        if line_end < 0 or piece[:line_end].strip(b" \t"):
            raise BadBody(HTTPStatus.BAD_REQUEST, "the multipart form's boundary is followed by text")
        piece = piece[line_end + 2:]
        if piece.startswith(b"\r\n"):
            continue  # a part without headers has no name
        head, separator, content = piece.partition(b"\r\n\r\n")
        if not separator:
            raise BadBody(HTTPStatus.BAD_REQUEST, "a part of the multipart form has no end to its headers")
        headers = BytesHeaderParser(policy=HTTP).parsebytes(head + b"\r\n\r\n")
        disposition = Message()
        disposition["Content-Disposition"] = str(headers.get("Content-Disposition", ""))
        name = disposition.get_param("name", header="content-disposition")
        filename = disposition.get_filename()
        if not isinstance(name, str):
            continue
        if filename is not None:
            if submitted.upload is not None:
                raise BadBody(HTTPStatus.BAD_REQUEST, "send one file at a time")
            if content or filename:  # a form's empty file field: no file chosen
                submitted.upload = Upload(filename, content)
        elif len(submitted.fields) < 50:
            submitted.fields[name] = content.decode("utf-8", "replace")
    raise BadBody(HTTPStatus.BAD_REQUEST, "the multipart form is cut short (no closing boundary)")
