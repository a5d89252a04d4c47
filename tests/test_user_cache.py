"""kg.user_cache: a table is built once, read back while what it was built from is the same, rebuilt otherwise."""

from __future__ import annotations

import pytest

from kg.user_cache import ENV, KEEP, cache_dir, cached, can_keep


def _valid(found: object) -> bool:
    return isinstance(found, dict)


class _Builder:
    def __init__(self, table: dict) -> None:
        self.table, self.calls = table, 0

    def __call__(self) -> dict:
        self.calls += 1
        return dict(self.table)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_a_table_is_built_once_and_read_back(folder):
    build = _Builder({"kafka": 3, "the": 9})
    assert cached("t", ["v1"], build, _valid) == {"kafka": 3, "the": 9}
    assert cached("t", ["v1"], build, _valid) == {"kafka": 3, "the": 9}
    assert build.calls == 1
    assert [p.name.startswith("t-") and p.suffix == ".marshal" for p in folder.iterdir()] == [True]


def test_another_version_of_what_it_was_built_from_builds_it_again(folder):
    cached("t", ["v1"], _Builder({"a": 1}), _valid)
    newer = _Builder({"a": 2})
    assert cached("t", ["v2"], newer, _valid) == {"a": 2} and newer.calls == 1
    assert len(list(folder.iterdir())) == 2


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"\xfb"])
def test_a_damaged_file_is_built_again_and_replaced(folder, damage):
    cached("t", ["v1"], _Builder({"a": 1}), _valid)
    (path,) = folder.iterdir()
    path.write_bytes(damage)
    build = _Builder({"a": 1})
    assert cached("t", ["v1"], build, _valid) == {"a": 1} and build.calls == 1
    assert cached("t", ["v1"], build, _valid) == {"a": 1} and build.calls == 1  # the file was written again


def test_a_file_the_check_refuses_is_built_again(folder):
    cached("t", ["v1"], lambda: ["not", "a", "dict"], lambda found: True)
    build = _Builder({"a": 1})
    assert cached("t", ["v1"], build, _valid) == {"a": 1} and build.calls == 1


def test_a_folder_that_cannot_be_written_only_costs_the_build(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(ENV, str(blocker / "cache"))
    build = _Builder({"a": 1})
    assert cached("t", ["v1"], build, _valid) == {"a": 1}
    assert cached("t", ["v1"], build, _valid) == {"a": 1} and build.calls == 2


def test_an_empty_variable_turns_the_cache_off(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, "")
    monkeypatch.chdir(tmp_path)
    assert cache_dir() is None
    build = _Builder({"a": 1})
    cached("t", ["v1"], build, _valid)
    cached("t", ["v1"], build, _valid)
    assert build.calls == 2 and list(tmp_path.iterdir()) == []


def test_tables_can_be_kept_only_in_a_folder_that_can_be_written(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "new" / "cache"))
    assert can_keep() and (tmp_path / "new" / "cache").is_dir()  # made on the way
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv(ENV, str(tmp_path / "a-file" / "cache"))
    assert not can_keep()
    monkeypatch.setenv(ENV, "")
    assert not can_keep()


def test_without_the_variable_the_platform_s_user_cache_folder(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert cache_dir() is not None and cache_dir().name == "kg"


def test_only_the_newest_files_of_a_table_are_kept(folder):
    """Each upgrade of what a table is built from writes another file: the oldest go, another table's stay."""
    import os

    cached("other", ["v1"], _Builder({"b": 1}), _valid)
    for version in range(KEEP + 2):
        cached("t", [f"v{version}"], _Builder({"a": version}), _valid)
        for path in folder.glob("t-*.marshal"):  # mtimes a second apart, oldest first, whatever the clock's grain
            stamp = path.stat().st_mtime_ns
            os.utime(path, ns=(stamp - 10**9, stamp - 10**9))
    kept = sorted(folder.glob("t-*.marshal"))
    assert len(kept) == KEEP and len(list(folder.glob("other-*.marshal"))) == 1
    newest = _Builder({"a": KEEP + 1})
    assert cached("t", [f"v{KEEP + 1}"], newest, _valid) == {"a": KEEP + 1} and newest.calls == 0
    oldest = _Builder({"a": 0})
    assert cached("t", ["v0"], oldest, _valid) == {"a": 0} and oldest.calls == 1  # it was removed: built again
