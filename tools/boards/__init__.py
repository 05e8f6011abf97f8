"""The built-in boards' generators, one module per game system.

Each writes its board files under ``resources/`` when run (``python -m tools.boards.armor``) and,
with ``--check``, writes nothing and says which files would change.
"""
