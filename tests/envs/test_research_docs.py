"""Every Python example of docs/research.md runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is not installed")
pytest.importorskip("pyspiel", reason="the research extra (open_spiel) is not installed")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def test_the_page_has_an_example_per_interface() -> None:
    assert len(EXAMPLES) == 4
    assert "MaskablePPO" in EXAMPLES[0]
    assert "duelhost.envs" in EXAMPLES[1]
    assert "duelhost.openspiel" in EXAMPLES[2]
    assert "duelhost.vector" in EXAMPLES[3]


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_example_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    if "sb3_contrib" in EXAMPLES[number]:
        pytest.importorskip("sb3_contrib", reason="the learn extra (sb3-contrib) is not installed")
    exec(compile(EXAMPLES[number], f"research.md example {number + 1}", "exec"), {})
    printed = capsys.readouterr().out
    assert printed.strip()
