"""Many new answers rendered ahead of use over the CPU's cores (:meth:`Renderer.prime_answers`).

Each process renders with a copy of the renderer that remembers nothing, and forgets each chunk's texts
once it has sent them back: it meets every text once.
"""

from __future__ import annotations

from typing import Any

from crm.data.over_cores import map_over_cores
from crm.data.row_format import RenderedAnswer

# the renderer (a crm.data.rendering.Renderer, not imported: it imports this) of a rendering process
_RENDERER: Any = None


def rendered_over_cores(blank: Any, texts: list[str], chunk: int, workers: int | None) -> list[RenderedAnswer]:
    """``blank.rendered(text)`` of each text, in order, ``chunk`` texts at a time over ``workers`` processes."""
    chunks = [texts[start : start + chunk] for start in range(0, len(texts), chunk)]
    rendered = map_over_cores(_render_chunk, chunks, 2, workers, _start_rendering, (blank,))
    return [value for values in rendered for value in values]


def _start_rendering(renderer: Any) -> None:
    global _RENDERER
    _RENDERER = renderer


def _render_chunk(texts: list[str]) -> list[RenderedAnswer]:
    values = [_RENDERER.rendered(text) for text in texts]
    _RENDERER.forget_texts_beyond(0)  # each text is met once here
    return values
