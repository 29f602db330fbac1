"""Keeping freed memory from counting as resident.

glibc's malloc serves allocations over 128 KB with mmap and returns them at free, but its
threshold grows to the size of the largest buffer freed so far (up to 32 MB), after which
such buffers come from the heap and what is freed mostly stays resident. narrate's processes
pass around many buffers of hundreds of KB (a chunk's PCM, a block's MP3 and its pickled
copy), so the heap of each grows over a long text: the novel's main process and workers held
8-12 MB more than a 10k-word text's. Fixing the threshold keeps them flat (the novel's peak
memory, process tree: 204-206 MB before, 181 MB after).
"""

from __future__ import annotations

MMAP_THRESHOLD = 128 * 1024  # glibc's initial value
_M_MMAP_THRESHOLD = -3  # mallopt parameter (malloc.h)


def fix_mmap_threshold() -> None:
    """Stop glibc raising its mmap threshold in this process; nothing without glibc."""
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    except (OSError, AttributeError):
        pass  # not glibc
