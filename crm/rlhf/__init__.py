"""A CRM in RLHF: the reward function of a GRPO/PPO trainer (local or through crm-serve) and best-of-n
sampling."""
