"""Resident memory: each stage of a run reports its own peak."""

from __future__ import annotations

import sys

import pytest

from crm.memory import StagePeaks

MIB = 2**20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a stage's own peak needs Linux's high-water mark")
def test_each_stage_reports_its_own_peak_and_a_stage_inside_another_apart():
    peaks = StagePeaks()
    peaks.begin("before")
    peaks.begin("outer")
    with peaks.within("inner"):
        block = b"x" * (400 * MIB)  # written, so resident
        del block
    peaks.begin("after")
    peaks.begin(None)
    assert list(peaks.peaks) == ["before", "outer", "inner", "after"]
    assert peaks.peaks["inner"] > peaks.peaks["before"] + 0.3
    # the high-water mark restarted after the inner stage: neither the outer stage nor the next carry its peak
    assert peaks.peaks["outer"] < peaks.peaks["inner"] - 0.3 and peaks.peaks["after"] < peaks.peaks["inner"] - 0.3
