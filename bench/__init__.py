"""Performance measurements: ``python -m bench`` (``make bench``). Not timed tests."""
