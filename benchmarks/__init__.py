"""Speed benchmarks: scripts that print measured figures beside a baseline (``python benchmarks/run.py``)."""
