"""Scoring with a trained CRM, shared by the leaderboard, the scoring server, best-of-n and the reward
function: the one bt/cls rule and its cache keys (:mod:`crm.scoring.judging`), the on-disk score cache
(:mod:`crm.scoring.cache`), scores for sets of responses (:mod:`crm.scoring.response_sets`), and what a
two-tower CRM's towers said, remembered outside the model (:mod:`crm.scoring.tower_memory`, on disk:
:mod:`crm.scoring.answer_store`)."""
