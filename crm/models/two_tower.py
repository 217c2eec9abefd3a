"""The CPU CRM: two towers. A trainable backbone reads the criteria alone, a frozen pretrained encoder
(the answer tower) describes each answer alone, and the ``bt`` head adds up a linear score of the
answer's description and the terms through which the criteria (and the query) weigh it
(:mod:`crm.models.head_terms`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
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
    RowMemo,
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


def _forget_after_loading(model: TwoTowerCRM, incompatible_keys) -> None:
    """Nothing remembered from the old weights survives new ones (a named function: models stay picklable)."""
    model.forget()


class TwoTowerCRM(RewardModel):
    """``forward`` returns (batch, 1) rewards of text-pair rows (first segment: the criteria, and with
    ``text_pair`` the query; second: the answer), split into what each tower reads.

    The trainable backbone reads the criteria alone; the frozen tower reads the answer alone and
    describes it by the mean of every layer's states (the quickstart keeps its lowest 4 blocks:
    :func:`crm.models.backbones.keep_lower_blocks`); the reward is a linear score of that description plus
    a :class:`CriteriaInteraction` of rank ``interaction``. A frozen tower's layers already tell bullets
    from prose and code from words, so training only teaches the backbone to read what the criteria
    ask for, on short sequences: many more criteria per second of a CPU than a cross-encoder sees.

    Two towers remember (:class:`RowMemo`) each answer's description, which never changes, in training
    too: a head trained on a fixed reader then sees each answer described once, however many epochs it
    runs. They remember each criteria reading while the reader cannot change: when every weight of the
    backbone is frozen (``model.freeze.layers=all``, a reader taught beforehand, :mod:`crm.train.reader_stage`),
    or, scoring, once :meth:`remember_criteria` is on. Loading weights forgets both.

    The ``criteria_list`` input format reads each criterion of the
    first segment alone and sums what they give the interaction: a criterion's reading is then the
    same whatever other criteria stand beside it.

    ``criteria_classes`` > 0 keeps the classifier that taught the reader the (family,
    polarity) of criteria wordings (``criteria_classifier``, trained and frozen with the reader) and
    gives the interaction its posterior beside the reading (:class:`CriteriaInteraction`).
    ``criteria_scale`` makes the classifier a :class:`CosineClassifier` of that scale (None: linear).

    ``answer_attention`` > 0 gives the interaction that many attention heads over the
    answer tower's last token states (:class:`CriteriaInteraction`); the memo then keeps each answer's
    token states beside its description, as ``token_window`` and ``token_bits`` keep them
    (:mod:`crm.models.token_states`: 123 KB an answer of 160 tokens in bf16, 16 KB as means of 4 in int8).

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
        self.answer_memo, self.criteria_memo = RowMemo(), RowMemo()
        # What the frozen tower said of each answer, on disk across processes (attach_answer_store)
        self.answer_store = None
        self.tower_fingerprints: dict[str, str] = {}  # the store's names of the tower as it runs (answer_store)
        self.chunk_rows = CHUNK_ROWS  # the towers read rows in length chunks of this many (0: whole batches)
        self.criteria_memo_enabled = False
        # Scoring only: (read, describe) run elsewhere in place of read_criteria and describe_answers
        # (ONNX Runtime, crm.onnx_engine); pooling is theirs, the memos and the head stay here.
        self.tower_runners: tuple[Callable, Callable] | None = None
        self.register_load_state_dict_post_hook(_forget_after_loading)
        self.post_init()

    def remember_criteria(self, enabled: bool = True) -> TwoTowerCRM:
        """Remember criteria readings: only while the reader's weights stay as they are (scoring)."""
        self.criteria_memo_enabled = enabled
        self.criteria_memo.clear()
        return self

    def freeze(self, embeddings: bool = False, layers: int | str = 0) -> int:
        frozen = super().freeze(embeddings, layers)
        if layers == "all" and self.criteria_classifier is not None:
            self.criteria_classifier.requires_grad_(False)  # part of the reader: held fixed with it
        return frozen

    def forget(self) -> None:
        self.answer_memo.clear()
        self.criteria_memo.clear()
        self.tower_fingerprints.clear()

    def attach_answer_store(self, store) -> TwoTowerCRM:
        """Read and write the frozen tower's answer descriptions through ``store``
        (:class:`crm.models.answer_store.AnswerStore`; None detaches it)."""
        self.answer_store = store
        return self

    def answer_backing(self, device_type: str):
        """The answer store as the answer memo's backing (:meth:`AnswerStore.backing`); None without a
        store or with another engine's tower."""
        if self.answer_store is None or self.tower_runners:
            return None
        return self.answer_store.backing(self, device_type)

    @property
    def reader_frozen(self) -> bool:
        """No weight of the backbone trains: its readings of a criteria text never change."""
        return not any(p.requires_grad for p in self.backbone.parameters())

    def train(self, mode: bool = True) -> TwoTowerCRM:
        super().train(mode)
        self.answer_tower.eval()  # frozen: its description of an answer never changes
        if self.reader_frozen:
            self.backbone.eval()  # likewise its readings (no dropout noise in what is remembered)
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
    ) -> torch.Tensor:
        if token_type_ids is None:
            raise ValueError("two towers split each row at its segments: rows need token_type_ids (text pairs)")
        told = {"answer_layout": answer_layout, "query_overlap": query_overlap}
        query = (query_ids, query_mask) if self.query_interaction is not None else None
        return self._two_towers(input_ids, attention_mask, token_type_ids, told, query)

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

    def _read_by(self, runner: Callable, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """:meth:`read_criteria` through another engine's reader (``runner``, ONNX Runtime)."""
        return runner(self.reader_ids(ids), mask)

    def _read_criteria(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        hidden = self._encode(self.backbone, ids, mask).last_hidden_state
        with torch.autocast(ids.device.type, enabled=False):
            return pool(hidden.to(self.score.weight.dtype), mask, "mean")

    @torch.no_grad()
    def describe_answers(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The frozen tower: every layer's layer-normalised mean over the answer, concatenated (each
        answer's value computed in fixed shapes, whatever its batch: :func:`in_fixed_shapes`)."""
        return torch.stack(in_fixed_shapes(self._describe_answers, ids, mask))

    def _describe_answers(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        states = self._encode(self.answer_tower, ids, mask, output_hidden_states=True).hidden_states
        return self._pooled_description(states, mask)

    def _pooled_description(self, states: tuple[torch.Tensor, ...], mask: torch.Tensor) -> torch.Tensor:
        with torch.autocast(mask.device.type, enabled=False):
            dtype = self.score.weight.dtype
            return torch.cat([self.answer_norm(pool(h.to(dtype), mask, "mean")) for h in states], dim=-1)

    def _describe_as_rows(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The description cut into rows of the tower's width (one per layer), then the last layer's token
        states: one tensor, so that one ONNX graph gives both (crm.onnx_engine)."""
        states = self._encode(self.answer_tower, ids, mask, output_hidden_states=True).hidden_states
        described = self._pooled_description(states, mask)
        tokens = states[-1].to(described.dtype)
        return torch.cat([described.unflatten(-1, (-1, tokens.size(-1))), tokens], dim=1)

    @torch.no_grad()
    def _describe_with_tokens(self, describe, ids, mask) -> list[tuple[torch.Tensor, torch.Tensor]]:
        """Per answer: its description and its last layer's states at its real tokens as they are kept
        (:mod:`crm.models.token_states`: the memo holds every training answer's). ``describe``:
        :meth:`_describe_as_rows` or its ONNX runner."""
        layers = self.answer_tower.config.num_hidden_layers + 1
        window, bits = self.token_window, self.token_bits

        def kept(ids: torch.Tensor, mask: torch.Tensor):
            """Each row as it is kept, as soon as its chunk is described: a batch's token states are never
            all held in full. Copies, not views: a view would keep its chunk's states alive in the memo."""
            lengths = mask.sum(1).tolist()  # right-padded rows: the real tokens come first
            for row, length in zip(describe(ids, mask), lengths):
                yield (row[:layers].flatten().clone(), *compact_states(row[layers : layers + length], window, bits))

        if describe == self._describe_as_rows:
            return in_fixed_shapes(kept, ids, mask)
        return list(kept(ids, mask))  # another engine's tower (ONNX) takes the batch as it is

    def remembered(self, ids: torch.Tensor, mask: torch.Tensor, describe=None, describe_rows=None):
        """The tower's values of tower rows from memory, else the answer store, else described (and
        remembered): descriptions (``describe``: :meth:`describe_answers` or its ONNX runner), or for an
        attending tower (description, token states) per row (``describe_rows``: :meth:`_describe_as_rows`
        or its runner)."""
        backing = self.answer_backing(ids.device.type)
        if self.answer_attention:
            encode = partial(self._describe_with_tokens, describe_rows or self._describe_as_rows)
            return self.answer_memo(encode, ids, mask, stack=False, backing=backing)
        return self.answer_memo(describe or self.describe_answers, ids, mask, backing=backing)

    def described(self, ids: torch.Tensor, mask: torch.Tensor, describe=None, describe_rows=None):
        """(descriptions, token states, token mask) of tower rows, each distinct row described once
        (:meth:`remembered`); the token states (an attending tower's) back in the head's precision, else
        None."""
        if not self.answer_attention:
            return encode_unique(partial(self.remembered, describe=describe), ids, mask), None, None
        distinct_ids, distinct_mask, inverse = unique_rows(ids, mask)
        values = self.remembered(distinct_ids, distinct_mask, describe_rows=describe_rows)
        tokens, token_mask = pad_rows([expand_states(kept) for _, *kept in values])
        described = torch.stack([value[0] for value in values])
        dtype, device = self.score.weight.dtype, ids.device
        return described[inverse].to(device), tokens[inverse].to(device, dtype), token_mask[inverse].to(device)

    @torch.no_grad()
    def answer_descriptions(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        """The frozen tower's descriptions of answer rows (``[CLS] answer [SEP]``), each distinct row
        encoded once, from memory or the answer store where already described."""
        return self.described(ids, mask)[0]

    @torch.no_grad()
    def descriptions(self, rows: Sequence[Sequence[int]], context=nullcontext, chunk: int = 256) -> torch.Tensor:
        """The frozen tower's descriptions of tower rows, in the head's dtype, a chunk at a time (an
        attending tower's token states are large); ``context``: the precision to describe them in."""
        device, parts = self.score.weight.device, []
        with context():
            for start in range(0, len(rows), chunk):
                ids, mask = pad_rows([torch.tensor(row) for row in rows[start : start + chunk]])
                parts.append(self.answer_descriptions(ids.to(device), mask.long().to(device)))
        return torch.cat(parts).to(self.score.weight.dtype)

    @property
    def answer_layout(self) -> bool:
        return self.interaction.layout is not None

    def _two_towers(self, input_ids, attention_mask, token_type_ids, told: dict, query=None) -> torch.Tensor:
        """``told``: the rows' ``answer_layout`` and ``query_overlap``; ``query``: the rows' (``query_ids``,
        ``query_mask``) where the CRM describes the query (``query_interaction``)."""
        (criteria_ids, criteria_mask), (answer_ids, answer_mask) = self.split_segments(
            input_ids, attention_mask, token_type_ids
        )
        scoring = not self.training and not torch.is_grad_enabled()
        read, describe = self.read_criteria, self.describe_answers
        describe_rows = self._describe_as_rows
        if scoring and self.tower_runners:
            runner, describe = self.tower_runners
            read = partial(self._read_by, runner)
            describe_rows = describe  # an attending CRM's ONNX tower gives the rows (crm.onnx_engine)
        if (scoring and self.criteria_memo_enabled) or self.reader_frozen:
            read = partial(self.criteria_memo, read)

        described = partial(self.described, describe=describe, describe_rows=describe_rows)
        answer, tokens, token_mask = described(answer_ids, answer_mask)
        asked = None
        if query is not None:
            query_ids, query_mask = (row_input(value, key) for value, key in zip(query, ("query_ids", "query_mask")))
            asked = described(query_ids.to(answer_ids.device), query_mask.to(answer_ids.device))[0]
        layout = row_input(told["answer_layout"], "answer_layout") if self.answer_layout else None
        readings, posterior = self.criteria_vectors(criteria_ids, criteria_mask, read)
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

    def criteria_vectors(self, ids, mask, read=None) -> tuple[torch.Tensor, torch.Tensor | None]:
        """What the interaction reads of each criteria segment (``[CLS] criteria [SEP]`` rows): the
        reader's reading, and the criteria classifier's posterior (None without one), added up over
        the segment's :meth:`criteria_pieces`. ``read``: the reader to use (memo, ONNX)."""
        pieces, piece_mask, owner = self.criteria_pieces(ids, mask)
        readings = encode_unique(read or self.read_criteria, pieces, piece_mask)
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
