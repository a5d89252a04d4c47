"""Forked helpers of a build end when the build is killed."""

from __future__ import annotations

import os
import signal
import sys
import time

import psutil
import pytest

from kg.forked import die_with_parent


def _gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
@pytest.mark.parametrize("asks", [True, False])
def test_a_forked_helper_ends_when_the_build_that_forked_it_is_killed(tmp_path, asks):
    noted = tmp_path / "helper"
    build = os.fork()
    if build == 0:  # the build: forks a helper, then works on
        try:
            parent = os.getpid()
            if os.fork() == 0:
                if asks:
                    die_with_parent(parent)
                (tmp_path / "ready").write_text(str(os.getpid()))
                os.replace(tmp_path / "ready", noted)
                time.sleep(30)
            time.sleep(30)
        finally:
            os._exit(0)
    deadline = time.monotonic() + 20
    while not noted.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    helper = int(noted.read_text())
    os.kill(build, signal.SIGKILL)
    os.waitpid(build, 0)
    deadline = time.monotonic() + 5
    while not _gone(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert _gone(helper) is asks
    finally:
        if not _gone(helper):
            os.kill(helper, signal.SIGKILL)
