"""Resident memory: each stage of a run reports its own peak."""

from __future__ import annotations

import resource
import sys
import time

import pytest

from crm.memory import StagePeaks

MIB = 2**20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a stage's own peak needs Linux's /proc")
def test_each_stage_reports_its_own_peak_and_a_stage_inside_another_apart():
    peaks = StagePeaks()
    peaks.begin("before")
    peaks.begin("outer")
    with peaks.within("inner"):
        block = b"x" * (400 * MIB)  # written, so resident
        time.sleep(5 * StagePeaks.SAMPLE_SECONDS)  # sampled while held
        del block
    peaks.begin("after")
    peaks.begin(None)
    assert list(peaks.peaks) == ["before", "outer", "inner", "after"]
    assert peaks.peaks["inner"] > peaks.peaks["before"] + 0.3
    # neither the outer stage nor the next carry the inner one's peak
    assert peaks.peaks["outer"] < peaks.peaks["inner"] - 0.3 and peaks.peaks["after"] < peaks.peaks["inner"] - 0.3


def test_measuring_leaves_the_process_peak_alone():
    """``getrusage`` and ``/usr/bin/time`` still see the process's true peak after every stage."""
    block = b"x" * (300 * MIB)
    del block
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peaks = StagePeaks()
    peaks.begin("a")
    peaks.begin(None)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss >= before
