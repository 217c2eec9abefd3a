"""The paper's data step: criteria for pairwise votes, written by an LLM (run.py)."""
