"""The notebooks run top to bottom without errors, save their pictures, and are committed without outputs."""

from __future__ import annotations

import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="nbformat is a test extra: pip install -e '.[test]'")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
KERNEL = "python3"
FIGURES = ROOT / "notebooks" / "figures"
# the pictures explore.ipynb saves next to itself, and their smallest acceptable size in pixels
PICTURES = {"competitors_ranked.png": (500, 300), "claims_by_type.png": (500, 300),
            "competition_network.png": (900, 600)}


def _ensure_kernel() -> None:
    """Install the ``python3`` kernelspec for this interpreter if Jupyter cannot find one."""
    from jupyter_client.kernelspec import KernelSpecManager

    if KERNEL in KernelSpecManager().find_kernel_specs():
        return
    done = subprocess.run([sys.executable, "-m", "ipykernel", "install", "--user", "--name", KERNEL],
                          check=False, capture_output=True, text=True)
    if done.returncode != 0 or KERNEL not in KernelSpecManager().find_kernel_specs():
        pytest.skip(f"no Jupyter kernel named {KERNEL!r} and `python -m ipykernel install --user --name "
                    f"{KERNEL}` failed: {done.stderr.strip()[-300:]}")


def test_there_is_a_notebook() -> None:
    assert ROOT / "notebooks" / "explore.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == KERNEL
    assert nb.metadata["kernelspec"]["language"] == "python"
    assert nb.metadata["language_info"]["name"] == "python"
    dirty = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
             and (cell.outputs or cell.execution_count is not None)]
    assert not dirty, f"{path.name}: clear the outputs of cells {dirty} before committing"


@pytest.mark.slow
@pytest.mark.parametrize("cwd", ["notebooks", "."], ids=["from-notebooks-dir", "from-repo-root"])
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_without_errors(path: Path, cwd: str) -> None:
    pytest.importorskip("nbclient", reason="nbclient is a test extra: pip install -e '.[test]'")
    pytest.importorskip("matplotlib", reason="matplotlib is a test extra: pip install -e '.[test]'")
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    _ensure_kernel()
    started = time.time()
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name=KERNEL, allow_errors=False,
                            resources={"metadata": {"path": str(ROOT / cwd)}})
    try:
        client.execute()
    except CellExecutionError as err:  # the message names the cell and shows the traceback
        pytest.fail(f"{path.name} (run from {cwd}/) failed:\n{err}", pytrace=False)
    errors = [out for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
              if out.output_type == "error"]
    assert not errors
    assert all(cell.execution_count for cell in nb.cells if cell.cell_type == "code")
    if path.name == "explore.ipynb":
        _check_pictures(started)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _check_pictures(started: float) -> None:
    """Each picture was written by this run, is a PNG of a sensible size, and is not one flat colour."""
    from matplotlib.image import imread

    for name, (min_width, min_height) in PICTURES.items():
        picture = FIGURES / name
        assert picture.is_file(), f"the notebook did not save {picture}"
        assert picture.stat().st_mtime >= started - 1, f"{picture} is left over from an earlier run"
        data = picture.read_bytes()
        assert len(data) > 10_000, f"{name} is only {len(data)} bytes"
        width, height = _png_size(data)
        assert width >= min_width and height >= min_height, f"{name} is {width}x{height} pixels"
        pixels = imread(picture)
        assert pixels[..., :3].std() > 0.05, f"{name} is (nearly) one flat colour"
