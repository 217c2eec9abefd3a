"""Raw public preference data -> canonical samples (converters, criteria pools, splits, CLI)."""
