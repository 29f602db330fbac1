"""What the neural engines (Piper, Kokoro) share about running a model on onnxruntime: where
it can run, how its session is set up, and how many workers memory and cores allow."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any


def cuda_available() -> bool:
    """True when onnxruntime-gpu is installed and sees a CUDA device."""
    try:
        import onnxruntime
    except ImportError:
        return False
    return "CUDAExecutionProvider" in onnxruntime.get_available_providers()


def session_options(onnxruntime: Any, device: str, threads: int) -> tuple[Any, list[Any]]:
    """Session options and providers: `threads` intra-op threads (0: onnxruntime decides),
    one inter-op thread, and CUDA first when `device` is 'cuda'."""
    options = onnxruntime.SessionOptions()
    if threads:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
    providers: list[Any] = ["CPUExecutionProvider"]
    if device == "cuda":
        providers.insert(0, ("CUDAExecutionProvider", {"cudnn_conv_algo_search": "HEURISTIC"}))
    return options, providers


def available_memory() -> int | None:
    """MemAvailable from /proc/meminfo (Linux); None elsewhere."""
    try:
        text = Path("/proc/meminfo").read_text()
    except OSError:
        return None
    match = re.search(r"^MemAvailable:\s+(\d+) kB", text, re.MULTILINE)
    return int(match.group(1)) * 1024 if match else None


def workers_for(cores: int, device: str, cores_per_worker: int, worker_bytes: int,
                memory: int | None = None) -> int:
    """One worker per `cores_per_worker` cores, as far as free memory allows (`worker_bytes`
    each); one on a GPU (workers would only queue for it)."""
    if device == "cuda":
        return 1
    memory = available_memory() if memory is None else memory
    by_cores = cores // cores_per_worker
    by_memory = by_cores if memory is None else memory // worker_bytes
    return max(1, min(by_cores, by_memory))


def threads_per_worker(cores: int, workers: int) -> int:
    """onnxruntime intra-op threads, so that workers x threads <= cores."""
    return max(1, cores // max(1, workers))
