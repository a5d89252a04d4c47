"""Processes a build forks (the second half of the quads, the exports) stop when the build is killed."""

from __future__ import annotations

import ctypes
import os
import signal

__all__ = ["die_with_parent"]

_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """In a forked process: be killed when the process ``parent`` (the one that forked it) ends.

    A killed build must not leave a forked helper behind: it would keep writing into the abandoned generation
    and hold the output folder's lock (an inherited descriptor) until it finished. Linux only (``prctl``);
    elsewhere the helper runs to its end.
    """
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (AttributeError, OSError):
        return
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)
