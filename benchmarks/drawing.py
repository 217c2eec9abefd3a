"""Drawing training samples as the quickstart's pair stage does: each sample's two rows (criteria and
one answer view each), tokenized whole per row (the baseline) against joined from each text's
remembered token ids by the tokenizer's pair template (``crm.data.encoded.PairTemplate``).

An epoch draws every answer under both polarities and in several pairs, so most rows repeat texts
already tokenized. Both renderers see the same samples in the same order, answer views primed as the
datamodule primes them; their rows are checked equal, so only the tokenizing differs.
"""

from __future__ import annotations

import time

from benchmarks.common import Figure


def drawing(
    samples: list, tokenizer, head: str, input_format: str, max_length: int, max_response_tokens: int
) -> list[Figure]:
    """Rows per second drawing ``samples`` twice over (both polarities), whole rows and joined segments."""
    from crm.data.rendering import Renderer

    draws = samples * 2
    figures, rows = [], {}
    for what, joined in (("each row tokenized whole", False), ("rows joined from remembered segments", True)):
        renderer = Renderer(tokenizer, head, input_format, max_length, max_response_tokens, truncate_query=True)
        if not joined:
            renderer._pair_template = None
        renderer.prime_answers(r for s in samples for r in (s.response_a, s.response_b))
        start = time.perf_counter()
        rows[what] = [enc.input_ids for sample in draws for enc in renderer.encode_rows(sample)]
        seconds = time.perf_counter() - start
        rate = len(rows[what]) / seconds
        figures.append(
            Figure("drawing", f"{len(draws)} samples drawn: {what}", "rows/s", rate, rate, rate, 1, baseline=not joined)
        )
    if len(set(map(str, rows.values()))) != 1:
        raise AssertionError("rows joined from segments differ from rows tokenized whole")
    return figures
