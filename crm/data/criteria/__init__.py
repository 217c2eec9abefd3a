"""Criteria users actually write: a taxonomy of answer-property families with verifiers and criteria
texts (:mod:`.taxonomy`), and attribute-verified pairs built from many models' answers (:mod:`.pairs`)."""
