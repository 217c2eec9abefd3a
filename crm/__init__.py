"""crm: customizable reward models (CRMs) and the user-centric subjective leaderboard."""

__version__ = "0.1.0"
