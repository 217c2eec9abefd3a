"""A trained CRM as a self-contained directory: its format (artifact), writing it (writer), and the
transformers (hf) and DeepSpeed ZeRO (zero) exports."""
