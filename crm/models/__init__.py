"""Reward models (both architectures, their heads and terms), their backbones and tokenizers."""
