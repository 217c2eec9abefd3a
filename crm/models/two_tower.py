"""The CPU CRM: two towers. A trainable backbone reads the criteria alone, a frozen pretrained encoder
(the answer tower) describes each answer alone, and the ``bt`` head adds up a linear score of the
answer's description and the terms through which the criteria (and the query) weigh it
(:mod:`crm.models.head_terms`)."""

from __future__ import annotations

import copy
import threading
from collections.abc import Sequence
from functools import partial

import torch
from torch import nn
from transformers import AutoModel, PreTrainedModel

from .backbones import pool
from .configuration_crm import CRMConfig
from .head_terms import (
    CosineClassifier,
    CriteriaInteraction,
    DegenerateGate,
    QualityTerm,
    QueryInteraction,
    zero_columns,
)
from .reward_model import RewardModel
from .rows import (
    CHUNK_ROWS,
    compact,
    encode_unique,
    in_fixed_shapes,
    in_length_chunks,
    pad_rows,
    split_at_separators,
    sum_rows,
    unique_rows,
)
from .token_states import compact_states, expand_states


def row_input(value: torch.Tensor | None, key: str) -> torch.Tensor:
    """A per-row input the CRM was trained with (``Renderer`` adds it to each row), or a clear error."""
    if value is None:
        raise ValueError(f"this CRM was trained told {key}: rows need {key} (crm.data.rendering adds it)")
    return value


class ReaderVocabulary(nn.Module):
    """The rows' token ids as a criteria reader of its own vocabulary numbers the same tokens
    (:func:`crm.models.tokenizers.vocabulary_map`): rows keep one tokenizer, the answer tower's. A buffer,
    so the export's head file carries it."""

    def __init__(self, size: int):
        super().__init__()
        self.register_buffer("ids", torch.arange(size))

    @torch.no_grad()
    def fill(self, ids: Sequence[int]) -> None:
        if len(ids) != len(self.ids):
            raise ValueError(f"a map of {len(ids)} token ids for rows of a {len(self.ids)}-token vocabulary")
        self.ids.copy_(torch.tensor(ids))

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.ids[ids]


class Towers:
    """How a forward pass gets what the towers say of the distinct rows of its batch: here, computed on
    every call. The project's training and scoring remember them across calls instead
    (:class:`crm.scoring.tower_memory.TowerMemory`); the forward pass is the same."""

    def describe(self, model: TwoTowerCRM, ids: torch.Tensor, mask: torch.Tensor):
        """The frozen tower's value of each row (:meth:`TwoTowerCRM.answer_values`)."""
        return model.answer_values(ids, mask)

    def read(self, model: TwoTowerCRM, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The reader's reading of each criteria row."""
        return model.read_criteria(ids, mask)


COMPUTED = Towers()
_COPYING = threading.Lock()  # one bf16 copy of a tower at a time (TwoTowerCRM.describing_tower)


class TwoTowerCRM(RewardModel):
    """``forward`` returns (batch, 1) rewards of text-pair rows (first segment: the criteria, and with
    ``text_pair`` the query; second: the answer), split into what each tower reads.

    The trainable backbone reads the criteria alone; the frozen tower reads the answer alone and
    describes it by the mean of every layer's states (the quickstart keeps its lowest 4 blocks:
    :func:`crm.models.backbones.keep_lower_blocks`); the reward is a linear score of that description plus
    a :class:`CriteriaInteraction` of rank ``interaction``. A frozen tower's layers already tell bullets
    from prose and code from words, so training only teaches the backbone to read what the criteria
    ask for, on short sequences: many more criteria per second of a CPU than a cross-encoder sees.

    ``forward(..., towers=...)`` takes where the towers' outputs come from (:class:`Towers`): computed
    (the default), or remembered by the caller (:class:`crm.scoring.tower_memory.TowerMemory`, which
    training and scoring use: each answer described once, however many epochs or boards read it).

    The ``criteria_list`` input format reads each criterion of the
    first segment alone and sums what they give the interaction: a criterion's reading is then the
    same whatever other criteria stand beside it.

    ``criteria_classes`` > 0 keeps the classifier that taught the reader the (family,
    polarity) of criteria wordings (``criteria_classifier``, trained and frozen with the reader) and
    gives the interaction its posterior beside the reading (:class:`CriteriaInteraction`).
    ``criteria_scale`` makes the classifier a :class:`CosineClassifier` of that scale (None: linear).

    ``answer_attention`` > 0 gives the interaction that many attention heads over the
    answer tower's last token states (:class:`CriteriaInteraction`); what the tower gives of each answer
    then holds its token states beside its description, as ``token_window`` and ``token_bits`` keep them
    (:mod:`crm.models.token_states`).

    ``answer_layout`` tells the interaction each answer's layout (rows carry ``answer_layout``,
    :mod:`crm.data.layout`), which the tokenizer and the view hide; the layout also gets a term of its
    own in the score (``layout_score``): no criterion excuses an answer cut off or looping.

    ``query_interaction`` > 0 adds a :class:`QueryInteraction` of that rank: rows then carry
    the query as the answer tower reads it (``query_ids``, ``query_mask``: ``Renderer(query_rows=True)``),
    described and remembered as an answer is.

    ``quality_term`` adds a :class:`QualityTerm`: a quality score of the answer and of how it answers
    the query, fitted before the pair stage and held fixed, which each criterion weighs.
    """

    def __init__(
        self,
        config: CRMConfig,
        backbone: PreTrainedModel | None = None,
        answer_tower: PreTrainedModel | None = None,
    ):
        spec = config.spec
        if config.head_outputs != 1:
            raise ValueError("a two-tower CRM scores each answer alone: it needs the pointwise bt head (head=bt)")
        if not spec.interaction:
            raise ValueError("an answer tower reads no criteria: it needs the interaction term (model.interaction)")
        if spec.degenerate_gate and not (spec.query_interaction and spec.answer_layout):
            raise ValueError(
                "the degenerate gate reads the query and the layout (query_interaction, answer_layout); "
                "without them, set model.degenerate_gate=0"
            )
        if spec.quality_term and not (spec.query_interaction and spec.answer_layout):
            raise ValueError(
                "the quality term reads the query and the layout (query_interaction, answer_layout); "
                "without them, set model.quality_term=false"
            )
        backbone = backbone if backbone is not None else AutoModel.from_config(config.part_config("backbone"))
        if answer_tower is None:
            answer_tower = AutoModel.from_config(config.part_config("answer_tower"))
        tower = answer_tower.config
        answer_size = tower.hidden_size * (tower.num_hidden_layers + 1)
        super().__init__(config, backbone, answer_size)
        self.split_criteria = config.split_criteria
        self.answer_tower = answer_tower.requires_grad_(False)
        self.answer_norm = nn.LayerNorm(tower.hidden_size, elementwise_affine=False)
        hidden = backbone.config.hidden_size
        self.answer_attention = spec.answer_attention
        self.token_window, self.token_bits = spec.token_window, spec.token_bits  # crm.models.token_states
        layout_size = config.layout_size if spec.answer_layout else 0
        self.interaction = CriteriaInteraction(
            hidden,
            answer_size,
            spec.interaction,
            spec.criteria_classes,
            attention_heads=spec.answer_attention,
            token_size=tower.hidden_size,
            layout_size=layout_size,
        )
        query = spec.query_interaction
        self.query_interaction = QueryInteraction(answer_size, query) if query else None
        # the layout's own term in the score, from zero: what no criterion excuses (an answer cut off or looping)
        self.layout_score = zero_columns(layout_size, 1) if layout_size else None
        self.degenerate_gate = None
        if spec.degenerate_gate:
            with torch.random.fork_rng(devices=[]):  # drawn apart: every other weight is drawn as without it
                margin, kinds = spec.degenerate_gate, spec.degenerate_kinds
                gate = DegenerateGate(tower.num_hidden_layers + 1, layout_size, answer_size, margin, kinds)
            self.degenerate_gate = gate
        self.quality_term = None
        if spec.quality_term:
            layers = tower.num_hidden_layers + 1
            self.quality_term = QualityTerm(layers, answer_size, layout_size, hidden, spec.criteria_classes)
        self.criteria_classifier = None
        if classes := spec.criteria_classes:
            scale = spec.criteria_scale
            self.criteria_classifier = CosineClassifier(hidden, classes, scale) if scale else nn.Linear(hidden, classes)
        # a reader of its own (spec.reader) reads the rows' criteria through a map of their token ids
        self.reader_vocabulary = ReaderVocabulary(tower.vocab_size) if spec.reader is not None else None
        self.chunk_rows = CHUNK_ROWS  # the towers read rows in length chunks of this many (0: whole batches)
        self.post_init()

    def freeze(self, embeddings: bool = False, layers: int | str = 0) -> int:
        frozen = super().freeze(embeddings, layers)
        if layers == "all" and self.criteria_classifier is not None:
            self.criteria_classifier.requires_grad_(False)  # part of the reader: held fixed with it
        return frozen

    @property
    def reader_frozen(self) -> bool:
        """No weight of the backbone trains: its readings of a criteria text never change."""
        return not any(p.requires_grad for p in self.backbone.parameters())

    def train(self, mode: bool = True) -> TwoTowerCRM:
        super().train(mode)
        self.answer_tower.eval()  # frozen: its description of an answer never changes
        if self.reader_frozen:
            self.backbone.eval()  # likewise its readings (no dropout noise in what a caller remembers)
        return self

    def _exported_parts(self) -> dict[str, nn.Module | None]:
        """What the export's head file holds beside the linear score, by key prefix."""
        return {
            "interaction": self.interaction,
            "query_interaction": self.query_interaction,
            "layout_score": self.layout_score,
            "degenerate_gate": self.degenerate_gate,
            "quality_term": self.quality_term,
            "criteria_classifier": self.criteria_classifier,
            "reader_vocabulary": self.reader_vocabulary,
        }

    def forward(
        self,
        input_ids: torch.Tensor,
        attention_mask: torch.Tensor,
        token_type_ids: torch.Tensor | None = None,
        answer_layout: torch.Tensor | None = None,
        query_ids: torch.Tensor | None = None,
        query_mask: torch.Tensor | None = None,
        query_overlap: torch.Tensor | None = None,
        towers: Towers = COMPUTED,
    ) -> torch.Tensor:
        """``towers``: where the towers' outputs come from (:class:`Towers`)."""
        if token_type_ids is None:
            raise ValueError("two towers split each row at its segments: rows need token_type_ids (text pairs)")
        told = {"answer_layout": answer_layout, "query_overlap": query_overlap}
        query = (query_ids, query_mask) if self.query_interaction is not None else None
        return self._two_towers(input_ids, attention_mask, token_type_ids, told, query, towers)

    @staticmethod
    def split_segments(input_ids, attention_mask, token_type_ids):
        """Text-pair rows as the two towers read them: ``[CLS] criteria (query) [SEP]`` and ``[CLS] answer [SEP]``
        (the answer behind its row's [CLS]), each compacted and right-padded: ((ids, mask), (ids, mask))."""
        answer_mask = attention_mask * token_type_ids
        criteria = compact(input_ids, attention_mask - answer_mask)
        answer_ids, answer_mask = compact(input_ids, answer_mask)
        first = input_ids.gather(1, attention_mask.long().argmax(dim=1, keepdim=True))
        answer = torch.cat([first, answer_ids], dim=1), torch.cat([torch.ones_like(first), answer_mask], dim=1)
        return criteria, answer

    def read_criteria(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The trainable tower: the mean of the backbone's last states over the first segment."""
        return in_length_chunks(self._read_criteria, self.reader_ids(ids), mask, self.chunk_rows)

    def reader_ids(self, ids: torch.Tensor) -> torch.Tensor:
        """The rows' token ids as the reader numbers them (the same ids without a reader of its own)."""
        return ids if self.reader_vocabulary is None else self.reader_vocabulary(ids)

    def _read_criteria(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        hidden = self._encode(self.backbone, ids, mask).last_hidden_state
        with torch.autocast(ids.device.type, enabled=False):
            return pool(hidden.to(self.score.weight.dtype), mask, "mean")

    @torch.no_grad()
    def describe_answers(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The frozen tower: every layer's layer-normalised mean over the answer, concatenated (each
        answer's value computed in fixed shapes, whatever its batch: :func:`in_fixed_shapes`)."""
        return torch.stack(in_fixed_shapes(self._describe_answers, ids, mask))

    def describing_tower(self, device_type: str) -> PreTrainedModel:
        """The frozen answer tower as it describes: under bf16 autocast, a bf16 copy of it (made once per set
        of weights, never saved or exported), so that its states stay bf16 from block to block instead of
        being cast around every product: about a sixth faster on a CPU (docs/PERFORMANCE.md). Its values
        are bf16 values as autocast's are, not the same ones: the answer store names the copy
        (:meth:`tower_dtype`)."""
        tower = self.answer_tower
        if self.tower_dtype(device_type) is None:
            return tower
        # new weights (loaded in place, or moved) change a parameter's version or storage
        weights = tuple((id(p), p._version, p.data_ptr()) for p in tower.parameters())
        with _COPYING:  # chunks described side by side (crm.models.rows.side_by_side) make one copy
            held = self.__dict__.get("_bf16_tower")  # not a submodule: no state dict, no export holds it
            if held is None or held[0] != weights:
                memo = {
                    id(p): nn.Parameter(p.detach().to(torch.bfloat16), requires_grad=False) for p in tower.parameters()
                }
                self.__dict__["_bf16_tower"] = held = weights, copy.deepcopy(tower, memo).to(torch.bfloat16)
        return held[1]

    def tower_dtype(self, device_type: str) -> torch.dtype | None:
        """The dtype the answer tower's copy describes in (:meth:`describing_tower`), None where it describes
        with its own weights (fp32, or weights already in bf16)."""
        autocast = torch.is_autocast_enabled(device_type) and torch.get_autocast_dtype(device_type) == torch.bfloat16
        held = next(self.answer_tower.parameters()).dtype
        return torch.bfloat16 if autocast and held == torch.float32 else None

    def _tower_states(self, ids: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, ...]:
        """Every layer's states of the frozen tower (:meth:`describing_tower`) over answer rows."""
        tower = self.describing_tower(ids.device.type)
        return self._encode(tower, ids, mask, output_hidden_states=True).hidden_states

    def _describe_answers(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self._pooled_description(self._tower_states(ids, mask), mask)

    def _pooled_description(self, states: tuple[torch.Tensor, ...], mask: torch.Tensor) -> torch.Tensor:
        with torch.autocast(mask.device.type, enabled=False):
            dtype = self.score.weight.dtype
            return torch.cat([self.answer_norm(pool(h.to(dtype), mask, "mean")) for h in states], dim=-1)

    def _describe_as_rows(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The description cut into rows of the tower's width (one per layer), then the last layer's token
        states: one tensor, so that one ONNX graph gives both (crm.onnx_engine)."""
        states = self._tower_states(ids, mask)
        described = self._pooled_description(states, mask)
        tokens = states[-1].to(described.dtype)
        return torch.cat([described.unflatten(-1, (-1, tokens.size(-1))), tokens], dim=1)

    @torch.no_grad()
    def describe_with_tokens(self, ids, mask, describe=None) -> list[tuple[torch.Tensor, ...]]:
        """Per answer: its description and its last layer's states at its real tokens as they are kept
        (:mod:`crm.models.token_states`). ``describe``: :meth:`_describe_as_rows` (None) or another
        engine's runner of it (ONNX)."""
        layers = self.answer_tower.config.num_hidden_layers + 1
        window, bits = self.token_window, self.token_bits

        def described(ids: torch.Tensor, mask: torch.Tensor) -> list[tuple[torch.Tensor, ...]]:
            """Each row of a chunk described, as it is kept (views of the chunk where they can be)."""
            lengths = mask.sum(1).tolist()  # right-padded rows: the real tokens come first
            rows = (describe or self._describe_as_rows)(ids, mask)
            return [
                (row[:layers].flatten(), *compact_states(row[layers : layers + length], window, bits))
                for row, length in zip(rows, lengths)
            ]

        def copied(values: tuple[torch.Tensor, ...]) -> tuple[torch.Tensor, ...]:
            """Copies, made as each chunk is described (a batch's token states are never all held in full),
            in the caller's thread: a view would keep its chunk's states alive, and what is kept then sits in
            the heap of the thread that keeps it."""
            return tuple(value.clone() for value in values)

        if describe is None:
            return in_fixed_shapes(described, ids, mask, copied)
        return [copied(values) for values in described(ids, mask)]  # another engine (ONNX): the batch as it is

    def answer_values(self, ids: torch.Tensor, mask: torch.Tensor, runner=None):
        """The frozen tower's value of each row: (rows, size) descriptions (:meth:`describe_answers`), or for
        an attending tower a (description, kept token states) per row (:meth:`describe_with_tokens`).
        ``runner``: another engine's tower in place of the model's (ONNX)."""
        if self.answer_attention:
            return self.describe_with_tokens(ids, mask, describe=runner)
        return (runner or self.describe_answers)(ids, mask)

    def described(self, ids: torch.Tensor, mask: torch.Tensor, towers: Towers = COMPUTED):
        """(descriptions, token states, token mask) of tower rows, each distinct row described once
        (by ``towers``); the token states (an attending tower's) back in the head's precision, else None."""
        distinct_ids, distinct_mask, inverse = unique_rows(ids, mask)
        values = towers.describe(self, distinct_ids, distinct_mask)
        if not self.answer_attention:
            return values[inverse], None, None
        tokens, token_mask = pad_rows([expand_states(kept) for _, *kept in values])
        described = torch.stack([value[0] for value in values])
        dtype, device = self.score.weight.dtype, ids.device
        return described[inverse].to(device), tokens[inverse].to(device, dtype), token_mask[inverse].to(device)

    @property
    def answer_layout(self) -> bool:
        return self.interaction.layout is not None

    def _two_towers(self, input_ids, attention_mask, token_type_ids, told: dict, query, towers) -> torch.Tensor:
        """``told``: the rows' ``answer_layout`` and ``query_overlap``; ``query``: the rows' (``query_ids``,
        ``query_mask``) where the CRM describes the query (``query_interaction``), else None."""
        (criteria_ids, criteria_mask), (answer_ids, answer_mask) = self.split_segments(
            input_ids, attention_mask, token_type_ids
        )
        answer, tokens, token_mask = self.described(answer_ids, answer_mask, towers)
        asked = None
        if query is not None:
            query_ids, query_mask = (row_input(value, key) for value, key in zip(query, ("query_ids", "query_mask")))
            asked = self.described(query_ids.to(answer_ids.device), query_mask.to(answer_ids.device), towers)[0]
        layout = row_input(told["answer_layout"], "answer_layout") if self.answer_layout else None
        readings, posterior = self.criteria_vectors(criteria_ids, criteria_mask, towers)
        with torch.autocast(input_ids.device.type, enabled=False):
            interaction = self.interaction(readings, answer, posterior, tokens, token_mask, layout)
            reward = self.score(self.dropout(answer)) + interaction
            if layout is not None:
                reward = reward + self.layout_score(layout.to(reward.dtype))
            if self.degenerate_gate is not None:
                overlap = row_input(told["query_overlap"], "query_overlap")
                reward = reward + self.degenerate_gate(asked, answer, layout, overlap, answer_mask.sum(-1))
            if self.quality_term is not None:
                reward = reward + self.quality_term(asked, answer, layout, readings, posterior)
            return reward if asked is None else reward + self.query_interaction(asked, answer)

    def criteria_pieces(self, ids, mask) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """The rows the reader reads of criteria segments (each criterion alone with ``split_criteria``,
        else each segment whole) and the segment each row came from."""
        if self.split_criteria:
            return split_at_separators(ids, mask)
        return ids, mask, torch.arange(len(ids), device=ids.device)

    def criteria_vectors(self, ids, mask, towers: Towers = COMPUTED) -> tuple[torch.Tensor, torch.Tensor | None]:
        """What the interaction reads of each criteria segment (``[CLS] criteria [SEP]`` rows): the
        reader's reading (by ``towers``), and the criteria classifier's posterior (None without one),
        added up over the segment's :meth:`criteria_pieces`."""
        pieces, piece_mask, owner = self.criteria_pieces(ids, mask)
        readings = encode_unique(partial(towers.read, self), pieces, piece_mask)
        with torch.autocast(ids.device.type, enabled=False):
            posterior = self.criteria_posterior(readings)
            total = partial(sum_rows, owner=owner, size=len(ids))
            return total(readings), None if posterior is None else total(posterior)

    def criteria_posterior(self, reading: torch.Tensor) -> torch.Tensor | None:
        """The criteria classifier's class probabilities for a reading (None without a classifier)."""
        if self.criteria_classifier is None:
            return None
        return self.criteria_classifier(reading).softmax(-1)


TwoTowerCRM.register_for_auto_class("AutoModel")
