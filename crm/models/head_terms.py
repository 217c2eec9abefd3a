"""The terms a two-tower CRM's reward head adds up beyond the linear score of the answer: the criteria's
interaction with the answer, the query's fit with it, the degenerate gate, and the cosine classifier
that reads criteria."""

from __future__ import annotations

import math
from collections.abc import Sequence

import torch
from torch import nn

from .backbones import gathered


class CriteriaInteraction(nn.Module):
    """A bilinear reward term ``<U c, V a>`` between a pooled criteria vector ``c`` and a pooled answer
    vector ``a``.

    Following a criterion is a product: "no bullet points" must turn the reward that bullet points
    earn under "use bullet points" into a penalty. A linear head over one pooled vector can only
    learn that product inside the backbone; this term states it, so the backbone has to learn what a
    criterion asks for (``U c``) and what an answer has (``V a``), not how to multiply them.

    With ``classes``, the criteria side also gets a reading classifier's posterior ``p`` over the
    (family, polarity) classes it was taught, through a vector per class (``U c + E p``, ``E`` drawn
    as an embedding): a criterion read as a known class then asks for that class's answer direction
    whatever its wording, and the raw reading ``c`` carries what no class names.

    ``attention_heads`` > 0 also lets the criteria choose where to look in the answer: each head's query
    is a projection of the criteria vector, its keys projections of the answer's token states, and the
    layer-normalised mix of those states it attends to joins the answer vector (``V a + W m``). A mean over the
    answer dilutes one numbered list or one figure; the criterion that asks for it can find it.

    ``layout_size`` > 0 adds the answer's layout to the answer vector (``V a + L f``,
    ``f`` from :func:`crm.data.layout.layout_features`): the tokenizer drops line breaks, so the tower
    cannot see a paragraph end, a short first block or the list items of the cut middle.
    """

    def __init__(
        self,
        criteria_size: int,
        answer_size: int,
        rank: int,
        classes: int = 0,
        attention_heads: int = 0,
        token_size: int = 0,
        key_size: int = 64,
        layout_size: int = 0,
    ):
        super().__init__()
        if attention_heads and not token_size:
            raise ValueError("attending to the answer's tokens needs their size (token_size)")
        self.criteria = nn.Linear(criteria_size, rank, bias=False)
        self.answer = nn.Linear(answer_size, rank, bias=False)
        self.classes = nn.Linear(classes, rank, bias=False) if classes else None
        with gathered([layer.weight for layer in (self.criteria, self.answer, self.classes) if layer is not None]):
            for layer in (self.criteria, self.answer):
                nn.init.normal_(layer.weight, std=1.0 / layer.in_features**0.5)
            if self.classes is not None:
                nn.init.normal_(self.classes.weight)  # one N(0, 1) vector per class, as nn.Embedding draws them
        self.key_size = key_size
        self.query = self.key = self.attended = None
        if attention_heads:
            with torch.random.fork_rng(devices=[]):  # drawn apart: every other weight is drawn as without heads
                self.query = nn.Linear(rank, attention_heads * key_size, bias=False)
                self.key = nn.Linear(token_size, attention_heads * key_size, bias=False)
                self.attended = nn.Linear(attention_heads * token_size, rank, bias=False)  # V's columns for the mix
        # V's columns for the layout, from zero: the head starts as it would without them
        self.layout = zero_columns(layout_size, rank) if layout_size else None

    def forward(
        self,
        criteria: torch.Tensor,
        answer: torch.Tensor,
        posterior: torch.Tensor | None = None,
        tokens: torch.Tensor | None = None,
        token_mask: torch.Tensor | None = None,
        layout: torch.Tensor | None = None,
    ):
        c = self.criteria(criteria)
        if self.classes is not None:
            c = c + self.classes(posterior)
        a = self.answer(answer)
        if self.query is not None:
            if tokens is None:
                raise ValueError("this interaction attends to the answer's tokens: pass tokens and token_mask")
            a = a + self.attended(self.attend(c, tokens, token_mask))
        if self.layout is not None:
            if layout is None:
                raise ValueError("this interaction is told each answer's layout: pass layout")
            a = a + self.layout(layout.to(self.layout.weight.device, self.layout.weight.dtype))
        return (c * a).sum(-1, keepdim=True) / a.size(-1) ** 0.5

    def attend(self, c: torch.Tensor, tokens: torch.Tensor, token_mask: torch.Tensor) -> torch.Tensor:
        """Each head's criteria-weighted mean of the token states (masked positions get no weight),
        layer-normalised, heads concatenated."""
        rows, width = tokens.shape[:2]
        query = self.query(c).view(rows, 1, -1, self.key_size)
        keys = self.key(tokens).view(rows, width, -1, self.key_size)
        logits = (keys * query).sum(-1) / self.key_size**0.5
        weights = logits.masked_fill(~token_mask.bool().unsqueeze(-1), float("-inf")).softmax(dim=1)
        mixed = torch.einsum("bth,btd->bhd", weights, tokens)
        return nn.functional.layer_norm(mixed, mixed.shape[-1:]).flatten(1)


class QueryInteraction(nn.Module):
    """A bilinear reward term ``<Q q, A a>`` between the frozen tower's descriptions of the query ``q``
    and of the answer ``a``: how well an answer fits what was asked, whatever the criteria.

    An answer-only score can learn which answers look good, not which answer this question needs (code
    for a coding task, a short reply to a greeting, an answer to this query rather than another). The
    term starts at zero (``A`` zero), so a CRM starts as it would without it.
    """

    def __init__(self, size: int, rank: int):
        super().__init__()
        with torch.random.fork_rng(devices=[]):  # drawn apart: every other weight is drawn as without it
            self.query = nn.Linear(size, rank, bias=False)
            with gathered([self.query.weight]):
                nn.init.normal_(self.query.weight, std=1.0 / size**0.5)
        self.answer = zero_columns(size, rank)

    def forward(self, query: torch.Tensor, answer: torch.Tensor) -> torch.Tensor:
        q, a = self.query(query), self.answer(answer)
        return (q * a).sum(-1, keepdim=True) / a.size(-1) ** 0.5


class QualityTerm(nn.Module):
    """A reward term for answer quality that the criteria weigh but the form pairs cannot erase:
    ``softplus(g . [c, p] + b) * w . f(q, a)``.

    ``f`` is what the frozen tower says of the answer and of how it answers this query: the answer's
    description, its elementwise product with the query's, their cosine at each of the tower's
    ``layers`` and the answer's layout. ``w`` is fitted to convergence before the pair stage
    (:mod:`crm.train.quality_term_fit`), on answers ranked far apart by a published leaderboard, human
    votes and answers that do not answer the question, then held fixed: in the mixture's one epoch,
    pairs about form would pull a trained quality direction towards what they ask for. What the pair
    stage learns is the weight ``g, b`` each criteria reading (``c``) and its posterior over the taught
    classes (``p``) gives quality, from one for every criterion at the start: much under "prefer
    accurate answers", less under "be brief".
    """

    def __init__(self, layers: int, description_size: int, layout_size: int, criteria_size: int, classes: int):
        super().__init__()
        self.layers = layers
        with torch.random.fork_rng(devices=[]):  # drawn apart: every other weight is drawn as without it
            self.quality = nn.Linear(2 * description_size + layers + layout_size, 1, bias=False)
            self.weight = nn.Linear(criteria_size + classes, 1)
        with gathered([self.quality.weight, self.weight.weight, self.weight.bias]):
            nn.init.zeros_(self.quality.weight)
            nn.init.zeros_(self.weight.weight)
            nn.init.constant_(self.weight.bias, math.log(math.expm1(1.0)))  # softplus(b) = 1
        self.quality.requires_grad_(False)  # fitted, never trained by the optimizer

    def features(self, query: torch.Tensor, answer: torch.Tensor, layout: torch.Tensor) -> torch.Tensor:
        """(rows, features): the answer's description, its product with the query's, their cosine per
        layer, the answer's layout."""
        product = query * answer

        def per_layer(x: torch.Tensor) -> torch.Tensor:
            return x.unflatten(-1, (self.layers, -1))

        norms = per_layer(query).norm(dim=-1) * per_layer(answer).norm(dim=-1)
        cosine = per_layer(product).sum(-1) / norms.clamp(min=1e-6)
        return torch.cat([answer, product, cosine, layout.to(answer.dtype)], dim=-1)

    def criteria_weight(self, reading: torch.Tensor, posterior: torch.Tensor | None) -> torch.Tensor:
        """(rows, 1): how much each row's criteria weigh quality (positive)."""
        told = reading if posterior is None else torch.cat([reading, posterior.to(reading.dtype)], dim=-1)
        return nn.functional.softplus(self.weight(told))

    def forward(self, query, answer, layout, reading, posterior) -> torch.Tensor:
        """(rows, 1): the reward term."""
        return self.criteria_weight(reading, posterior) * self.quality(self.features(query, answer, layout))


def zero_columns(size: int, rank: int) -> nn.Linear:
    """A bias-free ``size -> rank`` map starting at zero, drawn apart so every other weight is drawn as
    without it."""
    with torch.random.fork_rng(devices=[]):
        layer = nn.Linear(size, rank, bias=False)
    with gathered([layer.weight]):
        nn.init.zeros_(layer.weight)
    return layer


class CosineClassifier(nn.Linear):
    """A linear classifier of the cosine between the reading and each class's weight, times a fixed
    ``scale``: a class is a direction, as in the sentence encoder's own similarity space, whatever a
    wording's norm. Its weights are a linear layer's, so saving and loading do not change."""

    def __init__(self, in_features: int, out_features: int, scale: float):
        super().__init__(in_features, out_features)
        if scale <= 0:
            raise ValueError(f"a cosine classifier's scale must be positive, got {scale}")
        self.scale = float(scale)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        cosine = nn.functional.linear(nn.functional.normalize(x, dim=-1), nn.functional.normalize(self.weight, dim=-1))
        return self.scale * cosine + self.bias


CLOSED_GATE = -20.0  # an unfitted degenerate gate's bias: p(degenerate) ~ 2e-9, no answer pays
REFERENCES = 64  # real (query, answer) pairs an answer's fit with its query is measured against
FRAMING_TOKENS = 2  # an answer row's [CLS] and [SEP]: a row of only these is a blank answer


class DegenerateGate(nn.Module):
    """The one reward term no criterion outweighs: ``-margin * p(degenerate)`` of each answer row.

    A reward must never prefer no answer to an answer: a policy trained on it finds the empty reply,
    the reply cut off, the loop, the fluent answer to another question. Degenerate pairs in training
    (:mod:`crm.data.degenerate`) teach the head to rank them last, but through terms the criteria pull
    too: under "be concise" a reply cut off half way is shorter, and the real answer lost to its cut-off
    copy under many criteria wordings (docs/RESULTS.md).

    A blank answer (empty or whitespace: the tower reads no token of it) is degenerate by rule. For the
    rest, ``p`` is the largest of one logistic classifier per learned kind (``kinds``, of
    :data:`crm.data.degenerate.LEARNABLE_KINDS`: one linear boundary for all of them caught fewer answers to another
    question, and the query given back fits its query best, another query's answer worst), over what shows a
    degenerate answer: its layout (it stops mid-sentence, on a word that seldom ends one, its 3-grams
    repeat: :mod:`crm.data.layout`);
    at each of the tower's ``layers``, the cosine of the query's and the answer's descriptions and how
    far it stands above the answer's cosine with other queries and the query's with other answers (a
    generic or short answer fits every query a little, another query's answer this one no better than
    the rest: :meth:`relevance`); and the share of the query's words it repeats (:mod:`crm.data.relevance`).
    Its weights, the features' centre and spread and the reference pairs are fitted
    (:mod:`crm.train.degenerate_gate_fit`), never trained by the optimizer: a real answer, short ones
    included, pays next to nothing, a degenerate one the margin.
    """

    def __init__(self, layers: int, layout_size: int, description_size: int, margin: float, kinds: Sequence[str]):
        super().__init__()
        if margin <= 0:
            raise ValueError(f"the degenerate gate's margin must be positive, got {margin}")
        self.layers, self.margin, self.kinds = layers, float(margin), tuple(kinds)
        size = layout_size + 3 * layers + 1
        self.register_buffer("center", torch.zeros(size))
        self.register_buffer("spread", torch.ones(size))
        self.register_buffer("reference_queries", torch.zeros(REFERENCES, description_size))
        self.register_buffer("reference_answers", torch.zeros(REFERENCES, description_size))
        self.classifier = nn.Linear(size, len(self.kinds))  # a column per learned kind
        nn.init.zeros_(self.classifier.weight)
        nn.init.constant_(self.classifier.bias, CLOSED_GATE)
        self.requires_grad_(False)

    def by_layer(self, descriptions: torch.Tensor) -> torch.Tensor:
        """(rows, layers, width): descriptions split per layer, each of unit length."""
        return nn.functional.normalize(descriptions.unflatten(-1, (self.layers, -1)), dim=-1)

    def relevance(self, query: torch.Tensor, answer: torch.Tensor) -> torch.Tensor:
        """(rows, 3 * layers): per layer, the cosine of the query's and the answer's descriptions and
        its z-scores against the answer's cosines with the reference queries and the query's with the
        reference answers."""
        asked, answered = self.by_layer(query), self.by_layer(answer)
        own = (asked * answered).sum(-1)
        with_queries = torch.einsum("rld,kld->rlk", answered, self.by_layer(self.reference_queries.to(answer.dtype)))
        with_answers = torch.einsum("rld,kld->rlk", asked, self.by_layer(self.reference_answers.to(answer.dtype)))

        def standing(cosines: torch.Tensor) -> torch.Tensor:
            return (own - cosines.mean(-1)) / cosines.std(-1).clamp(min=1e-3)

        return torch.cat([own, standing(with_queries), standing(with_answers)], dim=-1)

    def features(self, query: torch.Tensor, answer: torch.Tensor, layout: torch.Tensor, overlap: torch.Tensor):
        """(rows, features): the answer's layout, its fit with the query (:meth:`relevance`) and its query
        overlap."""
        fit = self.relevance(query, answer)
        return torch.cat([layout.to(fit.dtype), fit, overlap.to(fit.dtype).reshape(-1, 1)], dim=-1)

    def kind_logits(self, features: torch.Tensor) -> torch.Tensor:
        """(rows, learned kinds): each kind's classifier's logit."""
        return self.classifier((features - self.center) / self.spread)

    def logit(self, features: torch.Tensor) -> torch.Tensor:
        """(rows,): the most confident kind's logit."""
        return self.kind_logits(features).amax(-1)

    def forward(self, query, answer, layout, overlap, answer_tokens) -> torch.Tensor:
        """(rows, 1): the reward term; ``answer_tokens``: (rows,) the tokens of each answer row."""
        p = torch.sigmoid(self.logit(self.features(query, answer, layout, overlap)))
        p = torch.where(answer_tokens <= FRAMING_TOKENS, torch.ones_like(p), p)
        return -self.margin * p.unsqueeze(-1)
