"""Evaluation harness: test sets, scorers, metrics, reports (see ``evaluate.py``)."""
