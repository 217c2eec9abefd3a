"""A ``bt`` CRM as a standard transformers ``*ForSequenceClassification`` checkpoint (``num_labels=1``),
which reward-bench, TRL and vLLM's reward / classify serving load without this project's code::

    python -m crm.export.hf logs/train/runs/<run> [--out DIR]      # default: <run>/hf

Which CRMs export: a pointwise ``bt`` head over a decoder backbone that pools at the last token
(Qwen3). Those classes (``Qwen3ForSequenceClassification`` and kin) score the last non-padding token
with a linear layer, exactly our pooling and head. Refused, with the reason: ``cls`` CRMs (two logits
over a pair of answers in one pass), mean- or first-token-pooled encoders such as the MiniLM default
(``BertForSequenceClassification`` reads the [CLS] token through an extra pooler layer we do not
train), and ``text_pair`` inputs. Every export is checked: the written model, given inputs through the
saved tokenizer and chat template, must give the CRM's scores on probe inputs. The backbone's weights
are loaded once and shared by both, so a large CRM exports in the memory of one copy.

Every CRM, whatever its head and architecture, is also a transformers model of its own
(:mod:`crm.export.artifact`): this export is for the tools that only know the standard classes.

Those classes' head has no bias; ours does, and Bradley-Terry training never moves it (the loss sees
only reward differences) unless ``center_rewards_coef`` is set. A non-zero bias is recorded as
``crm_reward_offset`` in ``config.json``: every reward is shifted by it, no comparison changes.

What a loaded checkpoint must be given, as the CRM renders it: the criteria as the system message
(``crm.data.row_format.criteria_block``: "The user judges answers by these criteria:" then one "- "
line each), the conversation, and the answer as the last assistant turn, rendered with the saved
chat template (which ends on the answer's end-of-turn token, where the score is read). The CRM
shortens answers past its length budget (``crm_config.json``: ``max_length``, ``max_response_tokens``;
head and tail kept around a cut marker); the checkpoint reads what it is given, so an answer within
the budget gets the same score from both, a longer one may not.
"""

from __future__ import annotations

import argparse
import logging
import sys
from contextlib import contextmanager
from pathlib import Path

import torch
from transformers import AutoModelForSequenceClassification
from transformers.models.auto.modeling_auto import MODEL_FOR_SEQUENCE_CLASSIFICATION_MAPPING_NAMES
from transformers.utils import logging as hf_logging

from crm.cli import refuse_writing_over_inputs, user_errors_end_the_command
from crm.data.criteria.fixed import FIXED
from crm.data.row_format import criteria_block
from crm.export.artifact import CRMSettings, read_settings, resolve_export
from crm.heads import head_named
from crm.inference import load_crm
from crm.models.configuration_crm import CRMConfig
from crm.models.qwen_tokenizer import CHATML_TEMPLATE
from crm.models.tokenizer_parsing import pretrained_tokenizer
from crm.outputs import complete_directory

log = logging.getLogger(__name__)

# ChatML ending on the last message's end-of-turn token (the CRM's rendering strips the newline after it)
HF_CHAT_TEMPLATE = (
    "{%- for message in messages %}"
    "{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' }}"
    "{%- if not loop.last or add_generation_prompt %}{{- '\\n' }}{%- endif %}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)
PROBES = tuple((check["criteria"], check["query"], check["answer"]) for check in FIXED["export_checks"])


class NotExportable(ValueError):
    """This CRM has no transformers sequence-classification equivalent; the message says why."""


def why_not_exportable(settings: CRMSettings, backbone_config) -> str | None:
    """The reason a CRM cannot be written as a ``*ForSequenceClassification`` checkpoint, or None."""
    if not head_named(settings.head).judges_alone:
        return f"a {settings.head!r} CRM judges two answers in one pass; only pointwise CRMs export"
    if settings.two_tower:
        return "two towers (a criteria reader, an answer tower) have no transformers sequence-classification equivalent"
    if settings.pooling != "last":
        name = MODEL_FOR_SEQUENCE_CLASSIFICATION_MAPPING_NAMES.get(backbone_config.model_type, "its class")
        return (
            f"{settings.pooling!r} pooling has no transformers sequence-classification equivalent "
            f"({name} reads another token or an extra pooler layer); "
            "only CRMs that pool at the last token of a decoder backbone (Qwen3) export"
        )
    if settings.input_format != "chat":
        return f"input format {settings.input_format!r}: only chat-template CRMs export"
    return None


def export_hf(path: str | Path, out_dir: str | Path | None = None) -> Path:
    """Write the CRM at ``path`` (run or export directory) as a transformers checkpoint in ``out_dir``
    (default ``<run>/hf``); raises :class:`NotExportable` with the reason where it cannot."""
    export_dir = resolve_export(path)
    settings = read_settings(export_dir)
    config = CRMConfig.from_pretrained(export_dir).part_config("backbone")
    if reason := why_not_exportable(settings, config):
        raise NotExportable(f"{export_dir}: {reason}")
    crm = load_crm(export_dir, device="cpu", precision="fp32")
    tokenizer = crm.tokenizer
    config.num_labels = 1
    config.pad_token_id = tokenizer.pad_token_id
    try:  # built without weights: its backbone is the CRM's (one copy in memory), its score set below
        with quiet_transformers(), torch.device("meta"):
            model = AutoModelForSequenceClassification.from_config(config)
    except ValueError as err:
        raise NotExportable(f"{export_dir}: no sequence-classification class for {config.model_type!r}") from err
    if not isinstance(getattr(model, "score", None), torch.nn.Linear):
        raise NotExportable(f"{type(model).__name__} has no last-token linear `score` head like the CRM's")
    reward_model = crm.model
    setattr(model, model.base_model_prefix, reward_model.backbone)
    model.score.to_empty(device="cpu")
    head = reward_model.score
    with torch.no_grad():
        model.score.weight.copy_(head.weight)
        offset = float(head.bias.item())
        if model.score.bias is not None:
            model.score.bias.copy_(head.bias)
            offset = 0.0
    if offset:
        model.config.crm_reward_offset = offset
        log.warning("the CRM's reward bias %.4g is left out of the checkpoint (config.json: crm_reward_offset)", offset)
    model.config.architectures = [type(model).__name__]
    if tokenizer.chat_template == CHATML_TEMPLATE:
        tokenizer.chat_template = HF_CHAT_TEMPLATE
    tokenizer.padding_side = "right"
    out_dir = Path(out_dir) if out_dir else export_dir.parent / "hf"
    with complete_directory(out_dir) as partial:  # in place only once written and checked
        model.save_pretrained(partial)
        tokenizer.save_pretrained(partial)
        check_hf_export(model, pretrained_tokenizer(partial), crm, offset)
    return out_dir


def export_hf_if_possible(export_dir: Path, out_dir: Path) -> Path | None:
    """After training: the transformers checkpoint where the CRM has an equivalent class, else a log line why not."""
    settings = read_settings(export_dir)
    if reason := why_not_exportable(settings, CRMConfig.from_pretrained(export_dir).part_config("backbone")):
        log.info("no transformers checkpoint: %s", reason)
        return None
    return export_hf(export_dir, out_dir)


@contextmanager
def quiet_transformers():
    level = hf_logging.get_verbosity()
    hf_logging.set_verbosity_error()
    try:
        yield
    finally:
        hf_logging.set_verbosity(level)


def hf_inputs(tokenizer, criteria, prompt: str, answer: str):
    """Token ids of one answer as the exported checkpoint expects them (see the module docstring)."""
    messages = [
        {"role": "system", "content": criteria_block(criteria)},
        {"role": "user", "content": prompt},
        {"role": "assistant", "content": answer},
    ]
    text = tokenizer.apply_chat_template(messages, tokenize=False)
    return tokenizer(text, add_special_tokens=False, return_tensors="pt")


def check_hf_export(model, tokenizer, crm, offset: float = 0.0, atol: float = 1e-4) -> None:
    """The written model, with the saved tokenizer and chat template, gives the CRM's rewards (its
    weights are the CRM's own, so this checks the pooling, the head and the rendering)."""
    model.eval()
    expected = crm.answer_rewards([(c, [{"role": "user", "content": p}], a) for c, p, a in PROBES])
    with torch.no_grad():
        got = torch.stack([model(**hf_inputs(tokenizer, c, p, a)).logits.view(()) for c, p, a in PROBES]) + offset
    if not torch.allclose(got, expected, atol=atol):
        raise NotExportable(f"the transformers model scores {got.tolist()}, the CRM {expected.tolist()}")


@user_errors_end_the_command("python -m crm.export.hf")
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crm.export.hf", description=__doc__.split("\n\n")[0])
    parser.add_argument("ckpt", type=Path, help="a CRM: training run directory or its export/")
    parser.add_argument("--out", type=Path, help="output directory (default: <run>/hf)")
    args = parser.parse_args(argv)
    refuse_writing_over_inputs(
        "--out", args.out, {"ckpt": args.ckpt, "its export": args.ckpt / "export"}, replaces_directory=True
    )
    try:
        out = export_hf(args.ckpt, args.out)
    except NotExportable as err:
        print(f"not exported: {err}", file=sys.stderr)
        return 2
    print(f"transformers checkpoint: {out} (AutoModelForSequenceClassification.from_pretrained)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
