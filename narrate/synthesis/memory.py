"""Keeping freed memory from counting as resident.

glibc's malloc serves allocations over 128 KB with mmap and returns them at free, but its
threshold grows to the size of the largest buffer freed so far (up to 32 MB), after which
such buffers come from the heap and what is freed mostly stays resident. narrate's processes
pass around many buffers of hundreds of KB (a chunk's PCM, a block's MP3 and its pickled
copy), so the heap of each grows over a long text: the novel's main process and workers held
8-12 MB more than a 10k-word text's. Fixing the threshold keeps them flat.

It is fixed at 2 MB, not glibc's initial 128 KB: the block workers level and meter each chunk
in numpy (narrate.audio.leveling), a few arrays of a few hundred KB to 2 MB per chunk, and served
by mmap every one of them was mapped, zeroed page by page and unmapped again (measured: 10%
of a 10k-word text's CPU time in the kernel's page faults; 8% less CPU in all at 2 MB).
"""

from __future__ import annotations

MMAP_THRESHOLD = 2 * 1024 * 1024
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
