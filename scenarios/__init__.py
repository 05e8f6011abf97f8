"""Built-in scenario files, one folder per game system."""
