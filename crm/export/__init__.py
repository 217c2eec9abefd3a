"""A trained CRM as an export directory, a transformers model of its own: its format (artifact),
writing it (writer), writing it again from a run's checkpoint (``python -m crm.export``), and the
sequence-classification (hf) and DeepSpeed ZeRO (zero) exports."""
