"""libespeak-ng loaded privately, so that every utterance starts from the same state.

eSpeak NG keeps its state in the library's globals: the voice, the callback, and the wave
generator's phase and pitch flutter, which run on from one utterance into the next (measured:
one sentence came out 78,096 to 78,360 samples long depending on what was spoken before it,
and `espeak_Terminate` + `espeak_Initialize` does not reset all of it). A chunk's length
then depended on which worker spoke it and in what order, so the same input gave different
episode lengths and chapter times with `-j 1` and `-j 2`, or under load.

So each `EspeakLibrary` loads its own copy of the library (RTLD_LOCAL | RTLD_DEEPBIND: it
neither lends its symbols to nor borrows them from another copy, such as piper-tts's bridge),
and `fresh()` unloads and reloads it: the next utterance starts from the library's initial
state, the same in every process whatever was spoken before (bit for bit; about 2 ms a time).
Each instance needs a file of its own (a library loaded twice from one file is one
instance): an anonymous in-memory file (memfd) where the system has them, which nothing
outlives, else a copy in a temporary folder removed at exit.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from narrate.errors import EngineError
from narrate.version import package_version

SYNCHRONOUS = 0x02  # AUDIO_OUTPUT_SYNCHRONOUS: espeak_Synth returns when every sample is out
DONT_EXIT = 0x8000  # espeakINITIALIZE_DONT_EXIT: an error, not exit(), when data is missing
CHARS_UTF8 = 1
ENDPAUSE = 0x1000
POS_CHARACTER = 1
RATE, VOLUME, PITCH = 1, 2, 3  # espeak_PARAMETER
BUFFER_MS = 500
RANDOM_SEED = 1

_LIBC = ctypes.CDLL(None)  # the process's C library: the allocator libespeak-ng uses too
_LIBC.free.argtypes = [ctypes.c_void_p]
_LIBC.free.restype = None

EVENT_END_OF_LIST, EVENT_WORD = 0, 1  # espeak_EVENT_TYPE

SynthCallback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)


class Event(ctypes.Structure):
    """espeak_EVENT: for a word, its place in the text (1-based characters) and its first
    sample in the utterance's audio (`sample`, exact; `audio_position` is in milliseconds)."""

    _fields_ = [("type", ctypes.c_int), ("unique_identifier", ctypes.c_uint), ("text_position", ctypes.c_int),
                ("length", ctypes.c_int), ("audio_position", ctypes.c_int), ("sample", ctypes.c_int),
                ("user_data", ctypes.c_void_p), ("id", ctypes.c_void_p)]


class VoiceSpec(ctypes.Structure):
    """espeak_VOICE."""

    _fields_ = [("name", ctypes.c_char_p), ("languages", ctypes.c_char_p),
                ("identifier", ctypes.c_char_p), ("gender", ctypes.c_ubyte), ("age", ctypes.c_ubyte),
                ("variant", ctypes.c_ubyte), ("xx1", ctypes.c_ubyte), ("score", ctypes.c_int),
                ("spare", ctypes.c_void_p)]


MAX_LANGUAGES_BYTES = 256  # a voice lists a few languages ('cmn', 'zh-cmn', 'zh'): far less


def languages_of(spec: VoiceSpec) -> tuple[str, ...]:
    """All the languages a listed voice speaks, in its order. espeak_VOICE.languages is a run
    of entries, each a priority byte and a name ending in NUL, closed by an empty one; read as
    one C string it gives the first only (Mandarin's 'cmn', not its 'zh')."""
    address = ctypes.c_void_p.from_address(ctypes.addressof(spec) + VoiceSpec.languages.offset).value
    if not address:
        return ()
    found: list[str] = []
    offset = 0
    while offset < MAX_LANGUAGES_BYTES:
        if not ctypes.string_at(address + offset, 1)[0]:
            break  # the closing empty entry: no priority byte
        name = ctypes.string_at(address + offset + 1)
        if not name:
            break
        found.append(name.decode("utf-8", errors="ignore"))
        offset += len(name) + 2
    return tuple(found)


def _source() -> tuple[Path, str, str]:
    """The library file, its data folder and where they come from (ESPEAK_DATA_PATH wins)."""
    try:
        import espeakng_loader

        library, data = Path(espeakng_loader.get_library_path()), espeakng_loader.get_data_path()
    except (ImportError, OSError, RuntimeError) as exc:
        raise EngineError(f"eSpeak NG could not start ({exc}): pip install espeakng-loader") from exc
    return library, os.environ.get("ESPEAK_DATA_PATH") or str(data), \
        "espeakng-loader " + package_version("espeakng-loader")


def _check_data(data: str) -> None:
    """eSpeak NG needs its phoneme tables: say what to do rather than fail inside it."""
    if not (Path(data) / "phontab").is_file():
        raise EngineError(f"eSpeak NG could not start (no voice data in {data}): pip install espeakng-loader, "
                          "or unset ESPEAK_DATA_PATH")


def _private_image(library: Path) -> str:
    """A file of the library's bytes that only this instance loads from."""
    content = library.read_bytes()
    if hasattr(os, "memfd_create"):
        try:
            fd = os.memfd_create("libespeak-ng", 0)
        except OSError:
            pass
        else:
            os.write(fd, content)
            return f"/proc/self/fd/{fd}"
    folder = tempfile.mkdtemp(prefix="narrate-espeak-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    copy = Path(folder) / library.name
    copy.write_bytes(content)
    return str(copy)


@contextlib.contextmanager
def _interrupts_kept() -> Iterator[list[BaseException]]:
    """A Ctrl-C that Python raises inside the audio callback (it runs Python code, called from
    eSpeak NG) would be printed as "Exception ignored" and lost: ctypes cannot pass it on, and
    the run went on to the end. Meanwhile, in this thread, it is kept instead, and raised by
    the caller once espeak_Synth returns."""
    owner = threading.current_thread()
    previous = sys.unraisablehook
    caught: list[BaseException] = []

    def keep(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and threading.current_thread() is owner:
            caught.append(unraisable.exc_value)
        else:
            previous(unraisable)

    sys.unraisablehook = keep
    try:
        yield caught
    finally:
        if sys.unraisablehook is keep:
            sys.unraisablehook = previous


def _bind(dll: ctypes.CDLL) -> None:
    dll.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    dll.espeak_SetSynthCallback.argtypes = [SynthCallback]
    dll.espeak_SetSynthCallback.restype = None
    dll.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
    dll.espeak_SetVoiceByProperties.argtypes = [ctypes.POINTER(VoiceSpec)]
    dll.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
    dll.espeak_Synth.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int, ctypes.c_uint,
                                 ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
    dll.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_int]
    dll.espeak_TextToPhonemes.restype = ctypes.c_char_p
    dll.espeak_ListVoices.argtypes = [ctypes.POINTER(VoiceSpec)]
    dll.espeak_ListVoices.restype = ctypes.POINTER(ctypes.POINTER(VoiceSpec))
    if hasattr(dll, "espeak_ng_SetRandSeed"):
        dll.espeak_ng_SetRandSeed.argtypes = [ctypes.c_long]
        dll.espeak_ng_SetRandSeed.restype = None
    dll.espeak_Info.argtypes = [ctypes.c_void_p]
    dll.espeak_Info.restype = ctypes.c_char_p


class EspeakLibrary:
    """One private instance of libespeak-ng (not thread-safe: hold `lock` around its use)."""

    def __init__(self) -> None:
        library, self.data, self.origin = _source()
        _check_data(self.data)
        self._image = _private_image(library)
        self._dll: ctypes.CDLL | None = None
        self._listed: int | None = None  # the library's own array of voices (see _list_voices)
        self._on_audio: Callable[[bytes], None] | None = None
        self._words: list[tuple[int, int, int]] | None = None
        self._callback = SynthCallback(self._collect)  # kept alive as long as the library may call it
        self.lock = threading.Lock()
        self.sample_rate = 0
        self.dll  # load now, so a library that cannot start fails here

    @property
    def dll(self) -> ctypes.CDLL:
        """The loaded library, initialised in synchronous mode."""
        if self._dll is None:
            mode = getattr(os, "RTLD_LOCAL", 0) | getattr(os, "RTLD_DEEPBIND", 0)
            try:
                dll = ctypes.CDLL(self._image, mode=mode)
            except OSError as exc:
                raise EngineError(f"eSpeak NG could not start ({exc}): pip install espeakng-loader") from exc
            _bind(dll)
            self.sample_rate = dll.espeak_Initialize(SYNCHRONOUS, BUFFER_MS, self.data.encode(), DONT_EXIT)
            if self.sample_rate <= 0:
                raise EngineError(f"eSpeak NG could not start (voice data {self.data}): reinstall espeakng-loader")
            dll.espeak_SetSynthCallback(self._callback)
            # Initialize seeds the noise of breathy variants (+f3, whisper) with the time: a
            # fixed seed makes them the same every time too
            if hasattr(dll, "espeak_ng_SetRandSeed"):
                dll.espeak_ng_SetRandSeed(RANDOM_SEED)
            self._dll = dll
        return self._dll

    def fresh(self) -> ctypes.CDLL:
        """The library reloaded: its state as after the first start (voice and settings unset)."""
        self.close()
        return self.dll

    def close(self) -> None:
        if self._dll is not None:
            import _ctypes

            self._dll.espeak_Terminate()
            _ctypes.dlclose(self._dll._handle)
            self._dll = None
            if self._listed is not None:
                _LIBC.free(self._listed)
                self._listed = None

    def version(self) -> str:
        return f"{self.dll.espeak_Info(None).decode()} ({self.origin})"

    def set_voice(self, name: str) -> bool:
        """Select a voice by id ('gmw/en-us+f3') or, failing that, by language ('en-gb')."""
        self._list_voices()
        if self.dll.espeak_SetVoiceByName(name.encode("utf-8")) == 0:
            return True
        spec = VoiceSpec(languages=name.encode("utf-8"))
        return bool(self.dll.espeak_SetVoiceByProperties(ctypes.byref(spec)) == 0)

    def set(self, parameter: int, value: int) -> None:
        self.dll.espeak_SetParameter(parameter, value, 0)

    def synthesize(self, text: str, words: list[tuple[int, int, int]] | None = None) -> bytes:
        """16-bit mono PCM of `text` with the voice and settings set since the last `fresh`.
        `words`: told (offset in `text`, length in characters, first sample) of each word."""
        pieces: list[bytes] = []
        self._on_audio = pieces.append
        self._words = words
        try:
            data = text.encode("utf-8")
            with _interrupts_kept() as caught:
                self.dll.espeak_Synth(data, len(data) + 1, 0, POS_CHARACTER, 0, ENDPAUSE | CHARS_UTF8, None, None)
        finally:
            self._on_audio = None
            self._words = None
        if caught:
            raise caught[0]
        return b"".join(pieces)

    def phonemes(self, text: str, phoneme_mode: int) -> list[str]:
        """espeak_TextToPhonemes over `text`, clause by clause (a voice must be set)."""
        buffer = ctypes.create_string_buffer(text.encode("utf-8"))
        pointer = ctypes.c_char_p(ctypes.addressof(buffer))
        out = []
        while pointer.value:
            result = self.dll.espeak_TextToPhonemes(ctypes.byref(pointer), CHARS_UTF8, phoneme_mode)
            if result:
                out.append(result.decode("utf-8"))
        return out

    def voices(self) -> list[VoiceSpec]:
        listed = self._list_voices()
        found = []
        index = 0
        while listed[index]:
            found.append(listed[index][0])
            index += 1
        return found

    def _list_voices(self) -> ctypes._Pointer[ctypes._Pointer[VoiceSpec]]:
        """espeak_ListVoices: the voices, in an array the library keeps in a static of its own
        and never frees. Selecting a voice lists them first (ids are matched in lower case,
        and most voice files are not named so), so each reload would leak that array (2 KB):
        it is kept here and freed when the library is unloaded."""
        listed = self.dll.espeak_ListVoices(None)
        self._listed = ctypes.cast(listed, ctypes.c_void_p).value
        return listed

    def _collect(self, wav: ctypes.Array[ctypes.c_short], samples: int, events: int) -> int:
        if samples > 0 and self._on_audio is not None:
            self._on_audio(ctypes.string_at(wav, samples * 2))
        if self._words is not None and events:
            listed = ctypes.cast(events, ctypes.POINTER(Event))
            index = 0
            while (event := listed[index]).type != EVENT_END_OF_LIST:
                if event.type == EVENT_WORD and event.length > 0:
                    self._words.append((event.text_position - 1, event.length, event.sample))
                index += 1
        return 0
