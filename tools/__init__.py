"""Developer tools: the board generators and the fingerprint survey, run with ``python -m``."""
