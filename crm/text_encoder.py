"""Sentence embeddings from the offline all-MiniLM-L6-v2 encoder, for query similarity.

Used to tell test queries whose topic training has seen from new ones, and to select leaderboard
queries by free text. Mean pooling over the attention mask and unit length, as the model was trained.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
from transformers import AutoModel

from crm.config import minilm_path
from crm.models.tokenizer_parsing import pretrained_tokenizer


class SentenceEncoder:
    def __init__(self, path: str | None = None, device: str = "cpu", max_length: int = 128, batch_size: int = 64):
        path = path or minilm_path()
        self.tokenizer = pretrained_tokenizer(path)
        self.model = AutoModel.from_pretrained(path).to(device).eval()
        self.max_length = max_length
        self.batch_size = batch_size

    @torch.no_grad()
    def encode(self, texts: Sequence[str]) -> torch.Tensor:
        """(N, dim) unit vectors, so a dot product is the cosine similarity."""
        chunks = []
        for start in range(0, len(texts), self.batch_size):
            batch = self.tokenizer(
                list(texts[start : start + self.batch_size]),
                padding=True,
                truncation=True,
                max_length=self.max_length,
                return_tensors="pt",
            ).to(self.model.device)
            chunks.append(self.pooled(batch).float().cpu())
        return torch.cat(chunks) if chunks else torch.empty(0, self.model.config.hidden_size)

    def pooled(self, batch) -> torch.Tensor:
        """One tokenized batch's vectors: the unit-length mean of the last states over the attention mask."""
        hidden = self.model(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
        pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1)
        return torch.nn.functional.normalize(pooled.float(), dim=-1)

    def nearest_similarity(self, queries: Sequence[str], reference: Sequence[str]) -> torch.Tensor:
        """For each query, the cosine similarity of its most similar reference text."""
        if not reference:
            return torch.full((len(queries),), -1.0)
        return (self.encode(queries) @ self.encode(reference).T).max(dim=1).values
