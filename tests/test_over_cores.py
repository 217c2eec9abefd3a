"""Pure-Python work spread over the CPU's cores: the same results, and a caller's script run once."""

from __future__ import annotations

import math
import subprocess
import sys

from crm.data.over_cores import map_over_cores

UNGUARDED_SCRIPT = """
import math
from crm.data.over_cores import map_over_cores
print("the script's top level ran", flush=True)
print(map_over_cores(math.sqrt, [1.0, 4.0, 9.0, 16.0], minimum=2, workers=2))
"""


def test_results_come_back_in_order_in_processes_and_in_this_one():
    items = [float(i * i) for i in range(40)]
    assert map_over_cores(math.sqrt, items, minimum=2, workers=2) == [float(i) for i in range(40)]
    assert map_over_cores(math.sqrt, items, minimum=100, workers=2) == [float(i) for i in range(40)]


def test_a_script_without_a_main_guard_runs_once(tmp_path):
    """Spawn imports the caller's script in every worker: a user's script calling the library without an
    ``if __name__ == "__main__"`` guard would run its top level again in each (its work done twice)."""
    script = tmp_path / "user_script.py"
    script.write_text(UNGUARDED_SCRIPT)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.count("the script's top level ran") == 1
    assert "[1.0, 2.0, 3.0, 4.0]" in out.stdout
