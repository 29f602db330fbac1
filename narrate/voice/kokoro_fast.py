"""Kokoro's faster model: the published int8 model with its vocoder's convolutions quantized
statically, built once on this machine from files already here.

Why: two thirds of Kokoro's CPU time goes to the vocoder's convolutions (the generator's
residual blocks, at 4,800 frames per second of speech). The published model quantizes their
inputs on every call (`ConvInteger`: uint8 x uint8 through one large im2col buffer);
onnxruntime's `QLinearConv`, with per-channel int8 weights and input ranges fixed in advance,
runs the same convolutions about 1.5 times as fast. The ranges are measured once, here, by
running the model over a calibration paragraph in the installed preset voices. Measured on
2 cores: 0.80 -> 0.54 CPU-seconds per second of speech, word error rate within 0.03
(docs/voices.md). Everything before the vocoder (text encoder, durations, pitch) stays as
published, so timing and pronunciation are the same.

Needs the `onnx` package (in the kokoro extra); without it, on a GPU, or with
NARRATE_KOKORO_MODEL=published, the published model is used.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from narrate.errors import EngineError, OutputError
from narrate.fileio import atomic_path
from narrate.voice import kokoro_assets as assets
from narrate.voice.engines.onnx import available_memory

log = logging.getLogger("narrate")

# Bumped when the recipe below changes: a model built by an older recipe is rebuilt.
# 2: the phoneme durations are an output (`with_durations`).
RECIPE = 2
# Named by recipe, so two versions of narrate sharing a data folder do not rebuild each
# other's model over and over.
FAST_NAME = f"kokoro-v1.0.int8-static-{RECIPE}.onnx"
STAMP_NAME = FAST_NAME + ".json"
GENERATOR = "/decoder/decoder/generator/"
# Only the residual blocks: the upsampling, source and output layers stay dynamic.
QUANTIZED_BLOCKS = ("/resblocks.", "/noise_res.")
# Measured peak of a build: 2.9 GB (onnx graphs in memory, the calibration session).
BUILD_MEMORY_BYTES = 3 << 30
WORK_PREFIX = "building-"
CALIBRATION_VOICES = ("af_heart", "am_michael", "bf_emma")
CALIBRATION_PIECE = 120  # phoneme symbols per calibration inference: bounded memory
CALIBRATION_TEXT = (
    "The morning train was late again, and the platform filled with people checking their "
    "phones. Why does this keep happening? Nobody on the council could say. A spokeswoman "
    "promised a new timetable by the spring, with twelve more services on weekdays! "
    "Meanwhile, commuters have found their own answers: some cycle, some share cars, and a few "
    "simply work from home on Mondays. \"It's not ideal,\" said one teacher, laughing quietly, "
    "\"but the river path is beautiful at seven o'clock.\" Whether the plan will work is "
    "another question; for now, the station clock still reads eight minutes slow."
)


def fast_model_path() -> Path:
    return assets.kokoro_dir() / FAST_NAME


def stamp() -> dict[str, Any] | None:
    """What the built model was made from (source model, onnxruntime, recipe, its sha256)."""
    try:
        data = json.loads((assets.kokoro_dir() / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _settled(onnxruntime_version: str) -> bool:
    """True when the stamp speaks of this model, recipe and onnxruntime: built, or failed."""
    data = stamp() or {}
    if (data.get("source"), data.get("recipe"), data.get("onnxruntime")) != (
            assets.MODEL_SHA256, RECIPE, onnxruntime_version):
        return False
    path = fast_model_path()
    return "failed" in data or (path.is_file() and data.get("size") == path.stat().st_size)


def _ready() -> Path | None:
    data = stamp() or {}
    return None if "failed" in data else fast_model_path()


def discard(reason: str, onnxruntime_version: str) -> None:
    """Drop a built model that did not load, and note it as failed (not rebuilt every run)."""
    fast_model_path().unlink(missing_ok=True)
    _write_stamp({"source": assets.MODEL_SHA256, "recipe": RECIPE, "onnxruntime": onnxruntime_version,
                  "failed": reason[:300]})


def can_build() -> bool:
    try:
        import onnx  # noqa: F401
        import onnxruntime.quantization  # noqa: F401
    except ImportError:
        return False
    return True


def ensure_fast_model(source: Path) -> Path | None:
    """The faster model for `source`, built the first time (about a minute on 2 cores); None
    when it cannot be built here (no `onnx` package, no voice to calibrate with, too little
    memory, or a build that failed: that is noted once and not retried)."""
    try:
        import onnxruntime
    except ImportError:
        return None

    if _settled(onnxruntime.__version__):
        return _ready()
    if not can_build():
        return None
    try:
        with _build_lock():
            if _settled(onnxruntime.__version__):  # another worker or run built it meanwhile
                return _ready()
            return _build(source, onnxruntime.__version__)
    except (OSError, OutputError) as exc:  # a read-only or full data folder: the published model
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        log.warning(f"note: cannot prepare Kokoro's faster model in {assets.kokoro_dir()} ({reason}); "
                    f"using the published model")
        return None


@contextmanager
def _build_lock() -> Iterator[None]:
    """One build at a time: workers starting together wait for the first one's model."""
    assets.kokoro_dir().mkdir(parents=True, exist_ok=True)
    with (assets.kokoro_dir() / ".build.lock").open("a") as handle:
        try:
            import fcntl
        except ImportError:  # not POSIX: builds may race, each still writes atomically
            yield
            return
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.warning("note: waiting for another narrate to finish preparing Kokoro's faster model")
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _build(source: Path, onnxruntime_version: str) -> Path | None:
    voices = [v for v in CALIBRATION_VOICES if assets.voice_file(v).is_file()] or assets.installed_voices()[:1]
    if not voices:
        return None
    free = available_memory()
    if free is not None and free < BUILD_MEMORY_BYTES:
        log.warning(f"note: Kokoro's faster model needs {BUILD_MEMORY_BYTES >> 30} GB of free memory to "
                    f"build once ({free >> 20} MB free); using the published model")
        return None
    log.warning("note: preparing Kokoro's faster model for this machine (once, about a minute)")
    target = fast_model_path()
    for leftover in assets.kokoro_dir().glob(f"{WORK_PREFIX}*"):  # a build killed midway (we hold the lock)
        shutil.rmtree(leftover, ignore_errors=True)
    work = Path(tempfile.mkdtemp(prefix=WORK_PREFIX, dir=assets.kokoro_dir()))
    try:
        dequantized = work / "generator-float.onnx"
        _float_generator_convs(source, dequantized)
        built = work / FAST_NAME
        _quantize_statically(dequantized, built, _calibration_feeds(voices), work)
        os.replace(built, target)  # the same folder: whole or not at all
    except OSError:
        raise  # a full or read-only disk passes: noted by the caller, tried again next run
    except Exception as exc:  # onnx / onnxruntime.quantization raise many kinds
        # Narration goes on with the published model; the stamp stops a retry every run.
        log.warning(f"note: could not prepare Kokoro's faster model ({exc}); using the published model")
        _write_stamp({"source": assets.MODEL_SHA256, "recipe": RECIPE, "onnxruntime": onnxruntime_version,
                      "failed": str(exc)[:300]})
        return None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    _write_stamp({"source": assets.MODEL_SHA256, "recipe": RECIPE, "onnxruntime": onnxruntime_version,
                  "voices": voices, "size": target.stat().st_size, "sha256": assets.sha256_of(target)})
    return target


def _write_stamp(record: dict[str, Any]) -> None:
    with atomic_path(assets.kokoro_dir() / STAMP_NAME) as temporary:
        Path(temporary).write_text(json.dumps(record, indent=1), encoding="utf-8")


def _float_generator_convs(source: Path, out: Path) -> None:
    """Rewrite each of the generator's ConvInteger chains (DynamicQuantizeLinear -> ConvInteger
    -> bias Add -> Cast -> scale Mul) as one float Conv with the int8 weights expanded, so
    that the static quantizer can take them over."""
    import numpy as np
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(source))
    graph = model.graph
    producer = {name: node for node in graph.node for name in node.output}
    consumers: dict[str, list[Any]] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    initial = {tensor.name: tensor for tensor in graph.initializer}

    def array(name: str) -> Any:
        return numpy_helper.to_array(initial[name])

    replaced: dict[int, Any] = {}
    dropped: set[int] = set()
    added = []
    for node in graph.node:
        if node.op_type != "ConvInteger" or GENERATOR not in node.name:
            continue
        x_quantized, weight, _, weight_zero = node.input
        x = producer[x_quantized].input[0]
        chain = [consumers[node.output[0]][0]]
        bias = None
        if chain[0].op_type == "Add":  # Add(int32 bias) <- Reshape <- Cast <- Floor <- Div(bias, scale)
            reshape = producer[chain[0].input[1]]
            bias = producer[producer[producer[reshape.input[0]].input[0]].input[0]].input[0]
            chain.append(consumers[chain[0].output[0]][0])
        cast = chain[-1]
        scale_mul = consumers[cast.output[0]][0]
        if cast.op_type != "Cast" or scale_mul.op_type != "Mul" or (bias and bias not in initial):
            raise EngineError(f"the Kokoro model has an unexpected shape at {node.name}")
        weight_scale = next(name for name in producer[scale_mul.input[1]].input if name in initial)
        scale = array(weight_scale).astype(np.float32)
        values = (array(weight).astype(np.int32) - array(weight_zero).astype(np.int32)).astype(np.float32)
        values *= scale.reshape(-1, *([1] * (values.ndim - 1))) if scale.ndim else scale
        added.append(numpy_helper.from_array(values, weight + "_float"))
        conv = helper.make_node("Conv", [x, weight + "_float", *([bias] if bias else [])],
                                [scale_mul.output[0]], name=node.name.replace("_quant", ""))
        conv.attribute.extend(node.attribute)
        replaced[id(scale_mul)] = conv
        dropped.update(id(n) for n in (node, *chain))
    if not replaced:
        raise EngineError("the Kokoro model has no convolutions to quantize: not Kokoro-82M v1.0 int8?")
    nodes = [replaced.get(id(n), n) for n in graph.node if id(n) not in dropped]
    del graph.node[:]
    graph.node.extend(_live(nodes, {o.name for o in graph.output}))
    graph.initializer.extend(added)
    used = {name for node in graph.node for name in node.input}
    kept = [tensor for tensor in graph.initializer if tensor.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    with_durations(model)
    onnx.save(model, str(out))


def durations_tensor(model: Any) -> str | None:
    """The name of the tensor that holds how many frames each token lasts: the duration
    predictor's output, rounded and clipped to at least one frame (`Round` -> `Clip` in the
    encoder), as the model then expands each token's features by it. None: no such tensor."""
    rounded = {name for node in model.graph.node if node.op_type == "Round" for name in node.output}
    found = [node.output[0] for node in model.graph.node
             if node.op_type == "Clip" and node.input and node.input[0] in rounded]
    return found[0] if len(found) == 1 else None


def with_durations(model: Any) -> bool:
    """Make the token durations a second output of `model` (in place); False: not found."""
    import onnx

    name = durations_tensor(model)
    if name is None:
        return False
    if all(output.name != name for output in model.graph.output):
        model.graph.output.append(onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, None))
    return True


def _live(nodes: list[Any], outputs: set[str]) -> list[Any]:
    """The nodes something still reads (the quantizers' leftovers go)."""
    while True:
        used = set(outputs)
        for node in nodes:
            used.update(node.input)
        kept = [node for node in nodes if any(name in used for name in node.output)]
        if len(kept) == len(nodes):
            return kept
        nodes = kept


def _calibration_feeds(voices: list[str]) -> list[dict[str, Any]]:
    import numpy as np

    from narrate.voice.kokoro_tokens import VOCAB, split_phonemes, tokens_of
    from narrate.voice.ipa import Phonemizer

    phonemizer = Phonemizer()
    feeds = []
    for voice in voices:
        styles = np.fromfile(assets.voice_file(voice), "<f4").reshape(assets.STYLE_ROWS, assets.STYLE_WIDTH)
        language = assets.language_of(voice)[0]
        phonemes = "".join(s for s in phonemizer.phonemize(CALIBRATION_TEXT, language) if s in VOCAB)
        for piece in split_phonemes(phonemes, CALIBRATION_PIECE):
            tokens = tokens_of(piece)
            feeds.append({"tokens": np.array([[0, *tokens, 0]], np.int64),
                          "style": styles[len(tokens) - 1].reshape(1, -1).copy(),
                          "speed": np.array([1.0], np.float32)})
    return feeds


def _quantize_statically(source: Path, out: Path, feeds: list[dict[str, Any]], work: Path) -> None:
    import onnx
    from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat,
                                          QuantType, quantize_static)

    class Feeds(CalibrationDataReader):
        def __init__(self) -> None:
            self._left = iter(feeds)

        def get_next(self) -> dict[str, Any] | None:
            return next(self._left, None)

    model = onnx.load(str(source), load_external_data=False)
    nodes = [node.name for node in model.graph.node if node.op_type == "Conv" and GENERATOR in node.name
             and any(block in node.name for block in QUANTIZED_BLOCKS)]
    del model
    with _quiet_root_logger(), _temporary_files_in(work):  # its 130 MB helper model, swept with `work`
        quantize_static(str(source), str(out), Feeds(), quant_format=QuantFormat.QDQ,
                        op_types_to_quantize=["Conv"], nodes_to_quantize=nodes, per_channel=True,
                        weight_type=QuantType.QInt8, activation_type=QuantType.QUInt8,
                        calibrate_method=CalibrationMethod.MinMax)


@contextmanager
def _temporary_files_in(folder: Path) -> Iterator[None]:
    before = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield
    finally:
        tempfile.tempdir = before


@contextmanager
def _quiet_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    root.setLevel(logging.ERROR)
    try:
        yield
    finally:
        root.setLevel(level)
        for handler in root.handlers[len(handlers):]:  # logging.warning() may have added one
            root.removeHandler(handler)
