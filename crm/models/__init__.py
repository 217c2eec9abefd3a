"""Reward models, their tokenizers and the Lightning module that trains them."""
